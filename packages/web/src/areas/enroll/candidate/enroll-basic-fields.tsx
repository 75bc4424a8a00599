import { Col, Form, Input, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_DICT_FIELDS,
  ID_CARD_LENGTH,
  PHONE_LENGTH,
  checkIdCard,
  enrollFieldApplies,
  checkPhone,
  enrollApplySchema,
  maxLengthOf,
  parseIdCard,
  type EnrollDictField,
} from '@tegang/domain';
import { dictLabel, useDict } from '../../../components/dict';
import { required } from '../../../components/rules';
import { ruleOf } from '../../../candidate/rules';
import { PhotoField } from './photo-upload';
import {
  DictChoice,
  DomicilePicker,
  GraduationMonth,
  useDomicileFromIdCard,
  useRegionTree,
} from './quick-fields';
import { onChangeTrigger, wrapOption } from './enroll-cascade';
import type { EnrollFormValues } from './enroll-form-values';

type BasicField = (typeof ENROLL_BASIC_FIELDS)[number];

/**
 * A dictionary choice of the form (nation, education, priority condition …): radio buttons for two or
 * three options (是/否 …), a select for more, chosen by itself when there is one (DictChoice).
 */
function DictItem({ field }: { field: EnrollDictField }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={field}
      label={t(`field.${field}`)}
      required
      rules={[required(`field.${field}`)]}
      validateTrigger={onChangeTrigger}
    >
      <DictChoice
        name={field}
        question={t(`field.${field}`)}
        type={ENROLL_DICT_FIELDS[field]}
        allowClear
        optionRender={wrapOption}
        data-testid={`field-${field}`}
      />
    </Form.Item>
  );
}

/**
 * The domicile (户籍所在地) as a region picker, filled when empty from the GB/T 2260 address code the
 * ID number starts with; the stored value is still the text.
 */
function DomicileItem({ form, regionCode }: { form: FormInstance<EnrollFormValues>; regionCode?: string }) {
  const { t } = useTranslation();
  const tree = useRegionTree();
  const filled = useDomicileFromIdCard(form, regionCode, tree.data);
  const domicile = Form.useWatch('domicile', form);
  return (
    <Form.Item
      name="domicile"
      label={t('field.domicile')}
      required
      rules={[required('field.domicile')]}
      validateTrigger={onChangeTrigger}
      extra={filled && filled === domicile ? t('web.enroll.domicileFromId') : undefined}
    >
      <DomicilePicker tree={tree.data} loading={tree.isLoading} data-testid="field-domicile" />
    </Form.Item>
  );
}

/**
 * The basic group of the application form (spec §2), in ENROLL_BASIC_FIELDS order: gender and birthday
 * derived from the ID number, the certificate and priority details only when they apply.
 */
export function EnrollBasicFields({
  form,
  edit,
  idCard,
  birthIssue,
}: {
  form: FormInstance<EnrollFormValues>;
  edit: boolean;
  idCard: string | undefined;
  /** The age limit's message for a birthday and education (the plan's per-education limit), or null. */
  birthIssue: (birthday: string, education: string | undefined) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const parsed = parseIdCard(idCard ?? '');
  const sexes = useDict('sys_user_sex');
  const teacherCertification = Form.useWatch('teacherCertification', form);
  const priorityCondition = Form.useWatch('priorityCondition', form);

  const idCardRules: Rule[] = [
    required('field.idCard'),
    ruleOf(checkIdCard),
    {
      validator: (_r, value: string) => {
        const info = parseIdCard(value);
        const issue = info
          ? birthIssue(info.birthday, form.getFieldValue('education') as string | undefined)
          : null;
        return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
      },
    },
  ];

  const item = (field: BasicField) => {
    switch (field) {
      case 'gender':
        return (
          <Form.Item label={t('field.gender')} htmlFor="derived-gender" extra={t('web.enroll.derived')}>
            <Input
              id="derived-gender"
              disabled
              value={parsed ? dictLabel(sexes.data, parsed.gender, i18n.language) : ''}
              data-testid="derived-gender"
            />
          </Form.Item>
        );
      case 'birthday':
        return (
          <Form.Item label={t('field.birthday')} htmlFor="derived-birthday" extra={t('web.enroll.derived')}>
            <Input
              id="derived-birthday"
              disabled
              value={parsed?.birthday ?? ''}
              data-testid="derived-birthday"
            />
          </Form.Item>
        );
      case 'name':
        // Taken from the account like the ID number: the application cannot rename anyone.
        return (
          <Form.Item
            name="name"
            label={t('field.name')}
            required
            rules={[required('field.name')]}
            extra={t('web.enroll.nameLocked')}
          >
            <Input readOnly data-testid="field-name" />
          </Form.Item>
        );
      case 'idCard':
        return (
          <Form.Item
            name="idCard"
            label={t('field.idCard')}
            required
            validateFirst
            rules={idCardRules}
            extra={t('web.enroll.idCardLocked')}
          >
            <Input readOnly maxLength={ID_CARD_LENGTH} data-testid="field-idCard" />
          </Form.Item>
        );
      case 'phone':
        return (
          <Form.Item
            name="phone"
            label={t('field.phone')}
            required
            validateFirst
            rules={[required('field.phone', 'enroll.phone.required'), ruleOf(checkPhone)]}
          >
            <Input inputMode="tel" maxLength={PHONE_LENGTH} autoComplete="tel" data-testid="field-phone" />
          </Form.Item>
        );
      case 'domicile':
        return <DomicileItem form={form} regionCode={parsed?.regionCode} />;
      case 'picture':
        return <PhotoField form={form} required={!edit} />;
      case 'graduationDate':
        return (
          <Form.Item
            name="graduationDate"
            label={t('field.graduationDate')}
            required
            rules={[required('field.graduationDate')]}
            validateTrigger={onChangeTrigger}
          >
            <GraduationMonth data-testid="field-graduationDate" />
          </Form.Item>
        );
      case 'teacherCertificationType':
      case 'teacherCertificationSubject':
      case 'priorityContent':
        return enrollFieldApplies(field, { teacherCertification, priorityCondition }) ? (
          <DictItem field={field} />
        ) : null;
      default:
        if (field in ENROLL_DICT_FIELDS) return <DictItem field={field as EnrollDictField} />;
        return (
          <Form.Item name={field} label={t(`field.${field}`)} required rules={[required(`field.${field}`)]}>
            <Input
              maxLength={maxLengthOf(enrollApplySchema.shape[field as keyof typeof enrollApplySchema.shape])}
              data-testid={`field-${field}`}
            />
          </Form.Item>
        );
    }
  };

  return (
    <>
      {ENROLL_BASIC_FIELDS.map((field) => {
        const node = item(field);
        return node ? (
          <Col key={field} xs={24} md={field === 'picture' ? 24 : 12}>
            {node}
          </Col>
        ) : null;
      })}
    </>
  );
}
