import { Button, DatePicker, Form, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ProFormDatePicker,
  ProFormDateTimeRangePicker,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  cstDate,
  maxLengthsOf,
  RECRUIT_PLAN_LABELS,
  recruitPlanCreateSchema,
  RETENTION_YEARS,
} from '@tegang/domain';
import { DATE_TIME_FORMAT, RANGES, dayOf, duplicateEducations, type BirthLimitRow } from './plan-form';
import { DictSelect, dictLabel, useDict } from '../../components/dict';
import { required } from '../../components/rules';

/** Input limits read from the schema the server validates with. */
const PLAN_MAX = maxLengthsOf(recruitPlanCreateSchema);

/** A birth date not after today (China Standard Time). */
const noFutureDay = (d: Dayjs) => d.format('YYYY-MM-DD') > cstDate();

/**
 * The per-education birth limits (spec §5 "Recruit plan"): rows of education and date, each education
 * at most once (the payload is a map education → date); an education not listed uses limitBirth.
 */
function BirthLimitsField(props: { notFuture: Rule }) {
  const { t, i18n } = useTranslation();
  const { notFuture } = props;
  const education = useDict('sys_education');
  const educationLabel = (code: string) => dictLabel(education.data, code, i18n.language);
  // Each education at most once (the payload is a map education → date).
  const distinctEducations = {
    validator: async (_r: unknown, rows: BirthLimitRow[] | undefined) => {
      const twice = duplicateEducations(rows);
      return twice.length
        ? Promise.reject(
            new Error(t('admin.plan.birthLimits.duplicate', { education: educationLabel(twice[0]!) })),
          )
        : Promise.resolve();
    },
  };
  return (
    <Form.Item
      label={t(RECRUIT_PLAN_LABELS.birthLimits!)}
      tooltip={t('admin.plan.birthLimits.help')}
      required={false}
    >
      <Form.List name="birthLimits" rules={[distinctEducations]}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row) => (
              <Space key={row.key} align="baseline" wrap data-testid="plan-birth-limit">
                <Form.Item
                  name={[row.name, 'education']}
                  rules={[required('field.education')]}
                  style={{ marginBottom: 8 }}
                >
                  <DictSelect type="sys_education" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'date']}
                  rules={[required('field.limitBirth'), notFuture]}
                  style={{ marginBottom: 8 }}
                >
                  <DatePicker disabledDate={noFutureDay} />
                </Form.Item>
                <MinusCircleOutlined
                  aria-label={t('common.delete')}
                  onClick={() => remove(row.name)}
                  data-testid="plan-birth-limit-remove"
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({})}
              data-testid="plan-birth-limit-add"
            >
              {t('admin.plan.birthLimits.add')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/**
 * The recruit plan form's fields (spec §5 "Recruit plan"): name, year, company, the birth limit and
 * its per-education exceptions, the six time ranges, the years personal data is kept after the list
 * publication (retentionYears), the service phone and centre. The timeline
 * rules across fields run on submit (plan-form timelineIssues).
 */
export function PlanFields() {
  const { t } = useTranslation();
  // The domain's rule and message (retentionYearsSchema), checked as the form is filled in.
  const retentionRange: Rule = {
    validator: (_r, value: number | null | undefined) =>
      value === null ||
      value === undefined ||
      (Number.isInteger(value) && value >= RETENTION_YEARS.min && value <= RETENTION_YEARS.max)
        ? Promise.resolve()
        : Promise.reject(
            new Error(
              t('plan.retentionYears.range', {
                label: t('field.retentionYears'),
                min: RETENTION_YEARS.min,
                max: RETENTION_YEARS.max,
              }),
            ),
          ),
  };
  const notFuture: Rule = {
    validator: (_r, value: Dayjs | undefined) =>
      value && dayOf(value)! > cstDate()
        ? Promise.reject(new Error(t('plan.limitBirth.future')))
        : Promise.resolve(),
  };
  return (
    <>
      <ProFormText
        name="name"
        label={t(RECRUIT_PLAN_LABELS.name!)}
        rules={[required('field.recruitPlan.name')]}
        fieldProps={{ maxLength: PLAN_MAX.name, 'data-testid': 'plan-name' }}
      />
      <ProFormDatePicker.Year name="year" label={t('field.year')} rules={[required('field.year')]} />
      <ProFormText
        name="company"
        label={t('field.company')}
        rules={[required('field.company')]}
        fieldProps={{ maxLength: PLAN_MAX.company }}
      />
      <ProFormDatePicker
        name="limitBirth"
        label={t('field.limitBirth')}
        rules={[required('field.limitBirth'), notFuture]}
        fieldProps={{ disabledDate: noFutureDay }}
      />
      {/* Age limits per education; an education not listed uses limitBirth. */}
      <BirthLimitsField notFuture={notFuture} />
      {RANGES.map((r) => (
        <ProFormDateTimeRangePicker
          key={r.name}
          name={r.name}
          label={t(r.label)}
          rules={[
            required(r.label, r.start === 'enrollStartTime' ? 'plan.enrollTime.required' : 'rule.required'),
          ]}
          fieldProps={{
            format: DATE_TIME_FORMAT,
            showTime: { format: 'HH:mm' },
            style: { width: '100%' },
          }}
        />
      ))}
      {/* Counted from the list-publication end above (docs/security.md "Retention"). */}
      <ProFormDigit
        name="retentionYears"
        initialValue={RETENTION_YEARS.default}
        label={t(RECRUIT_PLAN_LABELS.retentionYears!)}
        tooltip={t('admin.retention.fieldHelp', { min: RETENTION_YEARS.min, max: RETENTION_YEARS.max })}
        min={RETENTION_YEARS.min}
        max={RETENTION_YEARS.max}
        rules={[required('field.retentionYears'), retentionRange]}
        fieldProps={{
          precision: 0,
          step: 1,
          addonAfter: t('admin.retention.years'),
          style: { width: 160 },
        }}
      />
      <ProFormText
        name="customerServicePhone"
        label={t('field.customerServicePhone')}
        fieldProps={{ maxLength: PLAN_MAX.customerServicePhone }}
      />
      <ProFormTextArea
        name="serviceCenter"
        label={t('field.serviceCenter')}
        fieldProps={{ maxLength: PLAN_MAX.serviceCenter, autoSize: { minRows: 3, maxRows: 8 } }}
      />
    </>
  );
}
