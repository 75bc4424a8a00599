import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ADMISSION_TICKET_LABELS,
  admissionTicketCreateSchema,
  maxLengthOf,
  pickExam,
  TICKET_EXAM_FIELDS,
  type AdmissionTicket,
  type PlanOption,
  type TicketExamField,
} from '@tegang/domain';
import { schemaRule } from '../../components/rules';
import { ticketlessEnrolls, type TicketCreatePayload, type TicketlessEnroll } from './admin-api';

/**
 * The add/edit form of an admission ticket (spec §3 "Admission ticket", §5 "Admission ticket"): the
 * eight exam fields, each checked on blur by the domain schema the server validates with
 * ('{label}不能为空' …, labels from ADMISSION_TICKET_LABELS: one rule, one place); on add, the plan
 * and an audit-passed enrolment of it (searched by ID number).
 */

/** The form's values: the exam fields (examDate 'YYYY-MM-DD') and, on add, the plan and enrolment. */
export type TicketFormValues = Partial<Record<TicketExamField, string>> & {
  planId?: number;
  enrollId?: number;
};

const SHAPE = admissionTicketCreateSchema.shape;
/** Label key of a ticket field (examTime is 'field.examTimeOfDay'). */
export const ticketLabelKey = (field: keyof typeof SHAPE) =>
  ADMISSION_TICKET_LABELS[field] ?? `field.${field}`;
/** The domain's rule of a ticket field, run on blur (spec §5). */
const ruleOfField = (field: keyof typeof SHAPE) => [schemaRule(SHAPE[field], ticketLabelKey(field))];

const DATE = 'YYYY-MM-DD';

/** The eight exam fields (spec §5 on blur). Test ids: `ticket-field-<name>`. */
export function TicketExamFields() {
  const { t } = useTranslation();
  return (
    <>
      {TICKET_EXAM_FIELDS.map((field) => {
        const common = {
          name: field,
          label: t(ticketLabelKey(field)),
          required: true,
          validateTrigger: 'onBlur',
          rules: ruleOfField(field),
        } as const;
        const testId = `ticket-field-${field}`;
        if (field === 'examDate')
          return (
            <Form.Item
              key={field}
              {...common}
              getValueProps={(value?: string) => ({ value: value ? dayjs(value, DATE) : undefined })}
              normalize={(value?: Dayjs | null) => (value ? value.format(DATE) : undefined)}
            >
              <DatePicker style={{ width: '100%' }} format={DATE} data-testid={testId} />
            </Form.Item>
          );
        if (field === 'examinationRoomNotice')
          return (
            <Form.Item key={field} {...common}>
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={maxLengthOf(SHAPE[field])}
                showCount
                data-testid={testId}
              />
            </Form.Item>
          );
        return (
          <Form.Item key={field} {...common}>
            <Input maxLength={maxLengthOf(SHAPE[field])} data-testid={testId} />
          </Form.Item>
        );
      })}
    </>
  );
}

/** Label of an enrolment in the picker: name, ID number, county, session/subject codes. */
const enrollLabel = (e: TicketlessEnroll) => `${e.name} · ${e.idCard} · ${e.enrollCounty}`;

/**
 * The plan and the enrolment of a new ticket: the enrolments of the plan whose on-site audit passed
 * without a ticket (GET /candidate/admissionTicket/ticketless?planId&idCard), searched as the ID number is typed.
 */
export function TicketEnrollFields(props: { plans: PlanOption[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TicketFormValues>();
  const planId = Form.useWatch('planId', form);
  const [idCard, setIdCard] = useState('');
  const [options, setOptions] = useState<TicketlessEnroll[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!planId) return setOptions([]);
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      ticketlessEnrolls(planId, idCard.trim() || undefined)
        .then((list) => live && setOptions(list))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [planId, idCard]);

  return (
    <>
      <Form.Item
        name="planId"
        label={t('field.planId')}
        required
        rules={[schemaRule(SHAPE.enrollId, 'field.planId')]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('common.pleaseSelect')}
          options={props.plans.map((p) => ({ value: p.id, label: `${p.year} · ${p.name}` }))}
          onChange={() => form.setFieldValue('enrollId', undefined)}
          data-testid="ticket-field-planId"
        />
      </Form.Item>
      <Form.Item
        name="enrollId"
        label={t(ticketLabelKey('enrollId'))}
        required
        extra={t('admin.ticket.enrollHint')}
        rules={ruleOfField('enrollId')}
      >
        <Select
          showSearch
          filterOption={false}
          disabled={!planId}
          loading={loading}
          placeholder={t(planId ? 'admin.ticket.enrollSearch' : 'admin.ticket.planFirst')}
          onSearch={setIdCard}
          options={options.map((e) => ({ value: e.id, label: enrollLabel(e) }))}
          notFoundContent={loading ? undefined : t('admin.ticket.enrollNone')}
          data-testid="ticket-field-enrollId"
        />
      </Form.Item>
    </>
  );
}

/** Form values of a ticket being edited, or the empty values of a new one. */
export function ticketFormValues(record?: AdmissionTicket): TicketFormValues {
  if (!record) return {};
  return pickExam(record);
}

/** The POST payload of the submitted values (strings trimmed; the server checks them again). */
export function ticketPayload(values: TicketFormValues): TicketCreatePayload {
  return { enrollId: values.enrollId ?? 0, ...pickExam(values, (value) => (value ?? '').trim()) };
}
