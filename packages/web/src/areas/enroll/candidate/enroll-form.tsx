import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, App, Button, Col, Divider, Form, Row, Typography, message, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { birthLimitIssue, parseIdCard } from '@tegang/domain';
import { dictLabel, useDict } from '../../../components/dict';
import { ApiError } from '../../../api/request';
import { submitApply, type CandidateEnroll } from '../api';
import { showFormError } from '../../../candidate/errors';
import { fieldsInError, focusField, type FieldInError } from '../../../components/form-errors';
import { FormErrorSummary } from '../../../components/form-error-summary';
import { revalidateErrored } from '../../../candidate/rules';
import { useCandidate } from '../../../candidate/state';
import { EnrollBasicFields } from './enroll-basic-fields';
import { EnrollCascade, cascadeFieldsBelow } from './enroll-cascade';
import { formFieldOf, toFormData, toFormValues, type EnrollFormValues } from './enroll-form-values';
import type { DraftOwner } from './enroll-draft';
import { useEnrollDraft } from './use-enroll-draft';

function SectionTitle({ children }: { children: string }) {
  return (
    <Divider orientation="left" orientationMargin={0}>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {children}
      </Typography.Title>
    </Divider>
  );
}

/** The form's values without a draft: the stored application, or the account's name, ID number and phone. */
function baseValuesOf(
  initial: CandidateEnroll | undefined,
  account: ReturnType<typeof useCandidate>['userInfo'],
): Partial<EnrollFormValues> {
  if (!initial)
    return { name: account?.realName ?? '', idCard: account?.idCard ?? '', phone: account?.telephone ?? '' };
  return {
    ...toFormValues(initial),
    name: account?.realName || initial.name,
    idCard: account?.idCard || initial.idCard,
  };
}

/** The note that a draft was restored, with the button that throws it away. */
function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('web.enroll.draftRestored')}
      data-testid="enroll-draft-restored"
      action={
        <Button type="link" size="small" onClick={onDiscard} data-testid="enroll-draft-discard">
          {t('web.draft.discard')}
        </Button>
      }
    />
  );
}

/**
 * The list of fields in error above the form (spec §5: every field to fix named at the top): shown
 * after a failed submit, updated as fields are fixed, gone once all are; the first one focused.
 */
function useErrorSummary(form: FormInstance<EnrollFormValues>) {
  const { t } = useTranslation();
  /** The fields in error after a failed submit; null before any failed submit and once all are fixed. */
  const [errors, setErrors] = useState<FieldInError[] | null>(null);
  const showErrors = () => {
    const list = fieldsInError(form);
    setErrors(list.length ? list : null);
    return list;
  };
  const onFieldsChange = () => {
    if (errors === null) return;
    const list = fieldsInError(form);
    setErrors(list.length ? list : null);
  };
  /** A failed check before sending: the list, and the first field in error scrolled to and focused. */
  const onFinishFailed = () => {
    message.error(t('web.fixErrors'));
    // The list above the form is drawn before the scroll (flushSync): scrolled first, the field would
    // be pushed out of view by the list's height (on a computer, 20 lines above 婚姻状况).
    let first: FieldInError | undefined;
    flushSync(() => {
      [first] = showErrors();
    });
    if (first) focusField(form, first.name);
  };
  return { errors, showErrors, onFieldsChange, onFinishFailed };
}

/**
 * The application form (spec §2 enrolment form groups, §5 enrolment rules): basic info, then the
 * enrolment choice as a cascade education → plan category → county → learning period → subject,
 * each level offered only where the plan has demand. `initial` edits an existing application.
 * Name and ID number are the account's. The values are kept as a draft in sessionStorage
 * (enroll-draft.ts, restored after a reload, cleared on submit; the chosen photo too) and
 * leaving a changed form asks first.
 */
export function EnrollForm({
  planId,
  initial,
  onSaved,
}: {
  planId: number;
  initial?: CandidateEnroll;
  onSaved: (edit: boolean) => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const state = useCandidate();
  const [form] = Form.useForm<EnrollFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const edit = Boolean(initial);
  const { errors, showErrors, onFieldsChange, onFinishFailed } = useErrorSummary(form);
  /** The open confirm dialog (send() keeps it from giving the focus back to the submit button). */
  const dialog = useRef<ReturnType<typeof modal.confirm> | null>(null);

  const owner = useMemo<DraftOwner>(
    () => ({ planId, candidateId: state.userInfo?.id, enrollId: initial?.id }),
    [planId, state.userInfo?.id, initial?.id],
  );
  const baseValues = useMemo(() => baseValuesOf(initial, state.userInfo), [initial, state.userInfo]);
  const { draft, initialValues, ...drafts } = useEnrollDraft(form, owner, baseValues);

  const idCard = Form.useWatch('idCard', form) ?? initialValues.idCard;
  const parsed = parseIdCard(idCard ?? '');
  const educations = useDict('sys_education');
  const cascade = {
    education: Form.useWatch('education', form),
    planType: Form.useWatch('planType', form),
    enrollCounty: Form.useWatch('enrollCounty', form),
    academicSession: Form.useWatch('academicSession', form),
  };

  /** The plan's age limit for the chosen education, as a message; null when it is met. */
  const birthIssue = (birthday: string, education: string | undefined): string | null => {
    const issue = birthLimitIssue(
      state,
      education,
      birthday,
      education ? dictLabel(educations.data, education, i18n.language) : undefined,
    );
    return issue ? t(issue.message, issue.params) : null;
  };
  const birthMessage = parsed ? birthIssue(parsed.birthday, cascade.education) : null;

  /** Changing an upper level of the cascade clears the levels below it. */
  const onValuesChange = (changed: Partial<EnrollFormValues>) => {
    revalidateErrored(form, changed);
    const below = cascadeFieldsBelow(changed);
    if (below.length)
      form.setFieldsValue(Object.fromEntries(below.map((n) => [n, undefined])) as Partial<EnrollFormValues>);
    drafts.changed(changed);
  };

  const send = async (values: EnrollFormValues) => {
    setSubmitting(true);
    try {
      await submitApply(toFormData(values, planId, initial?.id), edit);
      drafts.done(); // saved: going on to the next page asks nothing
      message.success(t(edit ? 'web.enroll.updated' : 'web.enroll.submitted'));
      await onSaved(edit);
    } catch (error) {
      if (error instanceof ApiError && error.code === 409) {
        message.error(error.message);
        drafts.done(); // an application exists already: the draft of a new one is of no use
        await state.refresh(); // the page turns into the candidate's existing application
        return;
      }
      if (showFormError(form, error, formFieldOf)) {
        // The server named fields (a 400): listed like a failed check and the first focused; the
        // closing dialog must not hand the focus back to the submit button afterwards.
        const [first] = showErrors();
        dialog.current?.update({ focusTriggerAfterClose: false });
        if (first) focusField(form, first.name);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const confirm = (values: EnrollFormValues) => {
    dialog.current = modal.confirm({
      title: t('common.systemTip'),
      content: t(edit ? 'web.enroll.updateConfirm' : 'web.enroll.submitConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => send(values),
    });
  };

  return (
    <Form<EnrollFormValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={confirm}
      onFieldsChange={onFieldsChange}
      onFinishFailed={onFinishFailed}
      data-testid="enroll-form"
    >
      {errors && (
        <FormErrorSummary
          form={form}
          errors={errors}
          labelOf={(name) => t(`field.${Array.isArray(name) ? name.join('.') : name}`)}
          title={t('web.enroll.errorSummary', { count: errors.length })}
          testId="enroll-error-summary"
        />
      )}
      {draft && <DraftRestored onDiscard={drafts.discard} />}
      {birthMessage && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={birthMessage} />}
      <SectionTitle>{t('section.basic')}</SectionTitle>
      <Row gutter={16}>
        <EnrollBasicFields form={form} edit={edit} idCard={idCard} birthIssue={birthIssue} />
      </Row>

      <SectionTitle>{t('section.enroll')}</SectionTitle>
      <Row gutter={16}>
        <EnrollCascade
          planId={planId}
          values={cascade}
          wrap={(key, item) => (
            <Col key={key} xs={24} md={12}>
              {item}
            </Col>
          )}
        />
      </Row>
      <Form.Item style={{ marginTop: 8, marginBottom: 0 }}>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={submitting}
          disabled={Boolean(birthMessage)}
          block
          style={{ maxWidth: 360 }}
          data-testid="enroll-submit"
        >
          {t(edit ? 'web.enroll.update' : 'web.enroll.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
