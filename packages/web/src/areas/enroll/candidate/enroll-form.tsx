import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, Divider, Form, Row, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { meetsBirthLimit, parseIdCard } from '@tegang/domain';
import { ApiError } from '../../../api/request';
import { submitApply, type CandidateEnroll } from '../api';
import { showFormError } from '../../../candidate/errors';
import { revalidateErrored } from '../../../candidate/rules';
import { useCandidate } from '../../../candidate/state';
import { EnrollBasicFields } from './enroll-basic-fields';
import { EnrollCascade, cascadeFieldsBelow } from './enroll-cascade';
import { formFieldOf, toFormData, toFormValues, type EnrollFormValues } from './enroll-form-values';

function SectionTitle({ children }: { children: string }) {
  return (
    <Divider orientation="left" orientationMargin={0}>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {children}
      </Typography.Title>
    </Divider>
  );
}

/**
 * The application form (spec §2 enrolment form groups, §5 enrolment rules): basic info, then the
 * enrolment choice as a cascade education → plan category → county → learning period → subject,
 * each level offered only where the plan has demand. `initial` edits an existing application.
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
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const state = useCandidate();
  const [form] = Form.useForm<EnrollFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const edit = Boolean(initial);

  const initialValues = useMemo<Partial<EnrollFormValues>>(
    () =>
      initial
        ? toFormValues(initial)
        : {
            name: state.userInfo?.realName ?? '',
            idCard: state.userInfo?.idCard ?? '',
            phone: state.userInfo?.telephone ?? '',
          },
    [initial, state.userInfo],
  );

  const idCard = Form.useWatch('idCard', form) ?? initialValues.idCard;
  const parsed = parseIdCard(idCard ?? '');
  const birthOk = !parsed || meetsBirthLimit(parsed.birthday, state.limitBirth);
  const cascade = {
    education: Form.useWatch('education', form),
    planType: Form.useWatch('planType', form),
    enrollCounty: Form.useWatch('enrollCounty', form),
    academicSession: Form.useWatch('academicSession', form),
  };

  /** Changing an upper level of the cascade clears the levels below it. */
  const onValuesChange = (changed: Partial<EnrollFormValues>) => {
    revalidateErrored(form, changed);
    const below = cascadeFieldsBelow(changed);
    if (below.length)
      form.setFieldsValue(Object.fromEntries(below.map((n) => [n, undefined])) as Partial<EnrollFormValues>);
  };

  const send = async (values: EnrollFormValues) => {
    setSubmitting(true);
    try {
      await submitApply(toFormData(values, planId, initial?.id), edit);
      message.success(t(edit ? 'web.enroll.updated' : 'web.enroll.submitted'));
      await onSaved(edit);
    } catch (error) {
      if (error instanceof ApiError && error.code === 409) {
        message.error(error.message);
        await state.refresh(); // the page turns into the candidate's existing application
        return;
      }
      showFormError(form, error, formFieldOf);
    } finally {
      setSubmitting(false);
    }
  };

  const confirm = (values: EnrollFormValues) =>
    modal.confirm({
      title: t('common.systemTip'),
      content: t(edit ? 'web.enroll.updateConfirm' : 'web.enroll.submitConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => send(values),
    });

  return (
    <Form<EnrollFormValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={confirm}
      onFinishFailed={() => message.error(t('web.fixErrors'))}
      scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
      data-testid="enroll-form"
    >
      {!birthOk && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('enroll.limitBirth', { date: state.limitBirth ?? '' })}
        />
      )}
      <SectionTitle>{t('section.basic')}</SectionTitle>
      <Row gutter={16}>
        <EnrollBasicFields form={form} edit={edit} idCard={idCard} limitBirth={state.limitBirth} />
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
          disabled={!birthOk}
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
