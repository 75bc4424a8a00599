import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Cascader,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Row,
  Select,
  Typography,
  message,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_DICT_FIELDS,
  TEACHER_CERTIFICATION_HELD,
  YES,
  checkIdCard,
  checkPhone,
  enrollApplySchema,
  meetsBirthLimit,
  parseIdCard,
  type EnrollApplyInput,
  type EnrollDictField,
  type MessageKey,
} from '@tegang/domain';
import { ApiError } from '../../api/request';
import {
  getCategoriesByEducation,
  getLearningPeriodsByRegion,
  getRegionsByCategory,
  getSubjectsByLearningPeriod,
  submitApply,
  type CandidateEnroll,
  type Choice,
} from '../../api/enroll';
import { DictSelect, dictLabel, useDict } from '../../components/dict';
import { required } from '../../components/rules';
import { PhotoUpload, type PhotoValue } from '../components/PhotoUpload';
import { showFormError } from '../errors';
import { ruleOf, revalidateErrored } from '../rules';
import { useCandidate } from '../state';

/**
 * The values of the form: the application of the domain (enrollApplySchema) with the form's own
 * shapes for the photo, the graduation date and the two-level county choice; the selects of the
 * cascade start empty.
 */
export type EnrollFormValues = Omit<
  EnrollApplyInput,
  'planId' | 'graduationDate' | 'planType' | 'cityCode' | 'countyCode' | 'academicSession' | 'subject'
> & {
  picture?: PhotoValue;
  graduationDate?: Dayjs;
  planType?: string;
  /** [cityCode, countyCode] */
  enrollCounty?: string[];
  academicSession?: string;
  subject?: string;
};

/** Text fields of the basic group and their length limits, read from enrollApplySchema. */
const TEXT_MAX: Partial<Record<(typeof ENROLL_BASIC_FIELDS)[number], number>> = Object.fromEntries(
  (['name', 'domicile', 'address', 'graduateCollege', 'major'] as const).map((f) => [
    f,
    enrollApplySchema.shape[f].maxLength ?? undefined,
  ]),
);

/** Where a server field error belongs on the form. */
function formFieldOf(field: string): string | null {
  if (field === 'cityCode' || field === 'countyCode') return 'enrollCounty';
  if (field === 'updateImg') return 'picture';
  if (field === 'gender' || field === 'birthday') return 'idCard';
  if (field === 'learningPeriod') return 'academicSession';
  if (field === 'category') return 'planType';
  return field;
}

const choiceLabel = (c: Choice, lang: string) => (lang === 'en' && c.labelEn ? c.labelEn : c.label);

/** Long dictionary labels (priority conditions …) wrap in the dropdown instead of being cut on phones. */
const wrapOption = (option: { label?: ReactNode }) => (
  <div style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>{option.label}</div>
);

const onChangeTrigger = ['onChange', 'onBlur'];

/** The values of a stored enrolment, as the form holds them. */
export function toFormValues(enroll: CandidateEnroll): EnrollFormValues {
  return {
    name: enroll.name,
    idCard: enroll.idCard,
    maritalStatus: enroll.maritalStatus,
    nation: enroll.nation,
    veteran: enroll.veteran,
    politicalAffiliation: enroll.politicalAffiliation,
    phone: enroll.phone,
    domicile: enroll.domicile,
    address: enroll.address,
    picture: { url: enroll.pictureData ?? null },
    graduateCollege: enroll.graduateCollege,
    education: enroll.education,
    graduationDate: enroll.graduationDate ? dayjs(enroll.graduationDate) : undefined,
    major: enroll.major,
    isNormal: enroll.isNormal,
    freshmen: enroll.freshmen,
    teacherCertification: enroll.teacherCertification,
    teacherCertificationType: enroll.teacherCertificationType ?? undefined,
    teacherCertificationSubject: enroll.teacherCertificationSubject ?? undefined,
    isAdjust: enroll.isAdjust,
    priorityCondition: enroll.priorityCondition,
    priorityContent: enroll.priorityContent ?? undefined,
    planType: enroll.planType,
    enrollCounty: enroll.cityCode && enroll.countyCode ? [enroll.cityCode, enroll.countyCode] : undefined,
    academicSession: enroll.academicSession,
    subject: enroll.subject,
  };
}

/** The multipart body of POST/PUT /api/apply: every field, the two county codes and the photo. */
export function toFormData(values: EnrollFormValues, planId: number, id?: number): FormData {
  const data = new FormData();
  data.append('planId', String(planId));
  if (id !== undefined) data.append('id', String(id));
  const { picture, enrollCounty, graduationDate, ...rest } = values;
  const plain: Record<string, string | undefined> = { ...rest };
  if (rest.teacherCertification !== TEACHER_CERTIFICATION_HELD) {
    delete plain.teacherCertificationType;
    delete plain.teacherCertificationSubject;
  }
  if (rest.priorityCondition !== YES) delete plain.priorityContent;
  for (const [key, value] of Object.entries(plain)) {
    if (value === undefined || value === null || String(value).trim() === '') continue;
    data.append(key, key === 'idCard' ? String(value).trim().toUpperCase() : String(value).trim());
  }
  if (graduationDate) data.append('graduationDate', graduationDate.format('YYYY-MM-DD'));
  if (enrollCounty?.length === 2) {
    data.append('cityCode', enrollCounty[0]);
    data.append('countyCode', enrollCounty[1]);
  }
  if (picture?.file) data.append('updateImg', picture.file, picture.file.name);
  return data;
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
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
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
  const sexes = useDict('sys_user_sex');
  const teacherCertification = Form.useWatch('teacherCertification', form);
  const priorityCondition = Form.useWatch('priorityCondition', form);
  const education = Form.useWatch('education', form);
  const planType = Form.useWatch('planType', form);
  const county = Form.useWatch('enrollCounty', form);
  const countyCode = county?.[1];
  const academicSession = Form.useWatch('academicSession', form);

  const categories = useQuery({
    queryKey: ['enroll', 'categories', planId, education],
    queryFn: () => getCategoriesByEducation(planId, education),
    enabled: Boolean(education),
  });
  const regions = useQuery({
    queryKey: ['enroll', 'regions', planId, planType],
    queryFn: () => getRegionsByCategory(planId, planType!),
    enabled: Boolean(planType),
  });
  const periods = useQuery({
    queryKey: ['enroll', 'periods', planId, planType, countyCode],
    queryFn: () => getLearningPeriodsByRegion(planId, planType!, countyCode!),
    enabled: Boolean(planType && countyCode),
  });
  const subjects = useQuery({
    queryKey: ['enroll', 'subjects', planId, planType, countyCode, academicSession],
    queryFn: () => getSubjectsByLearningPeriod(planId, planType!, countyCode!, academicSession!),
    enabled: Boolean(planType && countyCode && academicSession),
  });

  const birthOk = !parsed || meetsBirthLimit(parsed.birthday, state.limitBirth);

  /** Changing an upper level of the cascade clears the levels below it. */
  const onValuesChange = (changed: Partial<EnrollFormValues>) => {
    revalidateErrored(form, changed);
    const clear = (...names: (keyof EnrollFormValues)[]) =>
      form.setFieldsValue(Object.fromEntries(names.map((n) => [n, undefined])) as Partial<EnrollFormValues>);
    if ('education' in changed) clear('planType', 'enrollCounty', 'academicSession', 'subject');
    else if ('planType' in changed) clear('enrollCounty', 'academicSession', 'subject');
    else if ('enrollCounty' in changed) clear('academicSession', 'subject');
    else if ('academicSession' in changed) clear('subject');
  };

  const idCardRules: Rule[] = [
    required('field.idCard'),
    ruleOf(checkIdCard),
    {
      validator: (_r, value: string) => {
        const info = parseIdCard(value);
        return info && !meetsBirthLimit(info.birthday, state.limitBirth)
          ? Promise.reject(new Error(t('enroll.limitBirth', { date: state.limitBirth ?? '' })))
          : Promise.resolve();
      },
    },
  ];

  const photoRules: Rule[] = [
    {
      validator: (_r, value: PhotoValue | undefined) =>
        value?.file || value?.url ? Promise.resolve() : Promise.reject(new Error(t('enroll.photo.required'))),
    },
  ];

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

  const dictItem = (field: EnrollDictField, rules: Rule[] = [required(`field.${field}`)]) => (
    <Form.Item
      key={field}
      name={field}
      label={t(`field.${field}`)}
      required
      rules={rules}
      validateTrigger={onChangeTrigger}
    >
      <DictSelect
        type={ENROLL_DICT_FIELDS[field]}
        allowClear
        optionRender={wrapOption}
        data-testid={`field-${field}`}
      />
    </Form.Item>
  );

  const basicField = (field: (typeof ENROLL_BASIC_FIELDS)[number]) => {
    switch (field) {
      case 'gender':
        return (
          <Form.Item key={field} label={t('field.gender')} extra={t('web.enroll.derived')}>
            <Input
              disabled
              value={parsed ? dictLabel(sexes.data, parsed.gender, lang) : ''}
              data-testid="derived-gender"
            />
          </Form.Item>
        );
      case 'birthday':
        return (
          <Form.Item key={field} label={t('field.birthday')} extra={t('web.enroll.derived')}>
            <Input disabled value={parsed?.birthday ?? ''} data-testid="derived-birthday" />
          </Form.Item>
        );
      case 'idCard':
        return (
          <Form.Item
            key={field}
            name="idCard"
            label={t('field.idCard')}
            required
            validateFirst
            rules={idCardRules}
            extra={t('web.enroll.idCardLocked')}
          >
            <Input readOnly maxLength={18} data-testid="field-idCard" />
          </Form.Item>
        );
      case 'phone':
        return (
          <Form.Item
            key={field}
            name="phone"
            label={t('field.phone')}
            required
            validateFirst
            rules={[required('field.phone', 'enroll.phone.required'), ruleOf(checkPhone)]}
          >
            <Input inputMode="tel" maxLength={11} autoComplete="tel" data-testid="field-phone" />
          </Form.Item>
        );
      case 'picture':
        return (
          <Form.Item
            key={field}
            name="picture"
            label={t('field.picture')}
            required={!edit}
            rules={edit ? [] : photoRules}
            validateTrigger="onChange"
          >
            <PhotoUpload onInvalid={(msg) => form.setFields([{ name: 'picture', errors: [msg] }])} />
          </Form.Item>
        );
      case 'graduationDate':
        return (
          <Form.Item
            key={field}
            name="graduationDate"
            label={t('field.graduationDate')}
            required
            rules={[required('field.graduationDate')]}
            validateTrigger={onChangeTrigger}
          >
            <DatePicker
              style={{ width: '100%' }}
              format="YYYY-MM-DD"
              data-testid="field-graduationDate"
              disabledDate={(d) => d.isAfter(dayjs().add(2, 'year'))}
            />
          </Form.Item>
        );
      case 'teacherCertificationType':
      case 'teacherCertificationSubject':
        return teacherCertification === TEACHER_CERTIFICATION_HELD ? dictItem(field) : null;
      case 'priorityContent':
        return priorityCondition === YES ? dictItem(field) : null;
      default:
        if (field in ENROLL_DICT_FIELDS) return dictItem(field as EnrollDictField);
        return (
          <Form.Item
            key={field}
            name={field}
            label={t(`field.${field}`)}
            required
            rules={[required(`field.${field}`)]}
          >
            <Input maxLength={TEXT_MAX[field]} data-testid={`field-${field}`} />
          </Form.Item>
        );
    }
  };

  const pickFirst = (labelKey: MessageKey) => t('web.enroll.pickFirst', { label: t(labelKey) });
  const choiceOptions = (items: Choice[] | undefined) =>
    items?.map((c) => ({ value: c.value, label: choiceLabel(c, lang) }));

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
      <Divider orientation="left" orientationMargin={0}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t('section.basic')}
        </Typography.Title>
      </Divider>
      <Row gutter={16}>
        {ENROLL_BASIC_FIELDS.map((field) => {
          const item = basicField(field);
          return item ? (
            <Col key={field} xs={24} md={field === 'picture' ? 24 : 12}>
              {item}
            </Col>
          ) : null;
        })}
      </Row>

      <Divider orientation="left" orientationMargin={0}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t('section.enroll')}
        </Typography.Title>
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="planType"
            label={t('field.planType')}
            required
            rules={[required('field.planType', 'enroll.planType.required')]}
            validateTrigger={onChangeTrigger}
          >
            <Select
              data-testid="field-planType"
              disabled={!education}
              loading={categories.isFetching}
              placeholder={education ? t('common.pleaseSelect') : pickFirst('field.education')}
              notFoundContent={t('web.enroll.noChoice')}
              options={choiceOptions(categories.data)}
              optionRender={wrapOption}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="enrollCounty"
            label={t('field.enrollCounty')}
            required
            rules={[required('field.enrollCounty', 'enroll.county.required')]}
            validateTrigger={onChangeTrigger}
          >
            <Cascader
              data-testid="field-enrollCounty"
              disabled={!planType}
              loading={regions.isFetching}
              placeholder={planType ? t('common.pleaseSelect') : pickFirst('field.planType')}
              notFoundContent={t('web.enroll.noChoice')}
              options={regions.data}
              fieldNames={{ label: 'name', value: 'code', children: 'children' }}
              showSearch
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="academicSession"
            label={t('field.academicSession')}
            required
            rules={[required('field.academicSession', 'enroll.academicSession.required')]}
            validateTrigger={onChangeTrigger}
          >
            <Select
              data-testid="field-academicSession"
              disabled={!countyCode}
              loading={periods.isFetching}
              placeholder={countyCode ? t('common.pleaseSelect') : pickFirst('field.enrollCounty')}
              notFoundContent={t('web.enroll.noChoice')}
              options={choiceOptions(periods.data)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="subject"
            label={t('field.subject')}
            required
            rules={[required('field.subject', 'enroll.subject.required')]}
            validateTrigger={onChangeTrigger}
          >
            <Select
              data-testid="field-subject"
              disabled={!academicSession}
              loading={subjects.isFetching}
              placeholder={academicSession ? t('common.pleaseSelect') : pickFirst('field.academicSession')}
              notFoundContent={t('web.enroll.noChoice')}
              options={subjects.data?.map((s) => ({
                value: s.value,
                label: t('web.enroll.demand', { label: choiceLabel(s, lang), count: s.demandNumber }),
              }))}
              optionRender={wrapOption}
            />
          </Form.Item>
        </Col>
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
