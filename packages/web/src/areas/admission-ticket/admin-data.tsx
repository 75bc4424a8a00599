import { Typography } from 'antd';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  ADMISSION_TICKET_LABELS,
  admissionTicketQuerySchema,
  ENROLL_DICT_FIELDS,
  formatDateTime,
  isEmpty,
  maxLengthsOf,
  TICKET_CREATE_STATUS,
  TICKET_EXAM_FIELDS,
  TICKET_STATUS,
  type AdmissionTicket,
  type PlanOption,
} from '@tegang/domain';
import { ticketStatusOptions } from './admin-api';
import { useDictEnum, useOptionsEnum, type CrudDetail, type ValueEnum } from '../../components/crud';
import { DictText } from '../../components/dict';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { maskedIdCardCell } from '../../components/id-card-cell';

/**
 * The admission tickets screen's columns and detail groups (spec §2 "Admission tickets": list
 * columns, search fields, the detail in three groups — candidate, examination, status).
 */

type Row = AdmissionTicket;

const QUERY_MAX = maxLengthsOf(admissionTicketQuerySchema);

const statusBadge = (value: string) => (value === TICKET_STATUS.distributed ? 'Success' : 'Default');

/** A ticket field's label key (ADMISSION_TICKET_LABELS, else field.<name>). */
const labelKey = (field: string) => ADMISSION_TICKET_LABELS[field] ?? `field.${field}`;

/** The candidate group of the detail (the enrolment the ticket belongs to). */
const CANDIDATE_FIELDS = [
  'planYear',
  'planName',
  'name',
  'idCard',
  'phone',
  'enrollCounty',
  'academicSession',
  'subject',
] as const;
/** The status group of the detail. */
const STATUS_FIELDS = [
  'status',
  'ticketCreateStatus',
  'ticketFileDownloadNum',
  'isDownload',
  'updateTime',
] as const;

/** The value enums of the status columns: distribution, generation, downloaded. */
function useTicketEnums() {
  const { t } = useTranslation();
  const status = useOptionsEnum('admissionTicketStatus', ticketStatusOptions, statusBadge);
  const createEnum = new Map<string, { text: string; status: string }>([
    [TICKET_CREATE_STATUS.generated, { text: t('status.ticketCreate.1'), status: 'Success' }],
    [TICKET_CREATE_STATUS.pending, { text: t('status.ticketCreate.0'), status: 'Default' }],
  ]);
  const yesNo = new Map([
    ['1', { text: t('status.download.1'), status: 'Success' }],
    ['0', { text: t('status.download.0'), status: 'Default' }],
  ]);
  return { status: status.valueEnum, createEnum, yesNo };
}

/**
 * The list columns and the detail groups of the admission tickets screen. `plans` fill the plan
 * search; `onPlan` hears the plan chosen there (the target of the import and whole-plan actions).
 */
export function useTicketData(props: { plans: PlanOption[]; onPlan: (planId: number | null) => void }): {
  columns: ProColumns<Row>[];
  detail: CrudDetail<Row>;
} {
  const { t } = useTranslation();
  const regionColumn = useRegionSearchColumn<Row>({
    disabledReasonKey: 'admin.ticket.regionDisabled',
    testId: 'ticket-search-region',
  });
  const sessions = useDictEnum(ENROLL_DICT_FIELDS.academicSession);
  const subjects = useDictEnum(ENROLL_DICT_FIELDS.subject);
  const { status, createEnum, yesNo } = useTicketEnums();
  const planEnum = new Map(props.plans.map((p) => [p.id, { text: `${p.year} · ${p.name}` }]));

  const search = (field: keyof typeof QUERY_MAX) => ({
    maxLength: QUERY_MAX[field],
    'data-testid': `ticket-search-${field}`,
  });
  const text = (field: keyof Row, width: number, extra: Partial<ProColumns<Row>> = {}): ProColumns<Row> => ({
    title: t(labelKey(field)),
    dataIndex: field,
    search: false,
    width,
    ...extra,
  });
  const select = (
    title: string,
    dataIndex: keyof Row,
    valueEnum: ValueEnum,
    width: number,
  ): ProColumns<Row> => ({
    title: t(title),
    dataIndex,
    valueType: 'select',
    valueEnum,
    width,
  });
  const columns: ProColumns<Row>[] = [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      hideInTable: true,
      valueType: 'select',
      valueEnum: planEnum,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        onChange: (value: number | undefined) => props.onPlan(value ?? null),
        'data-testid': 'ticket-search-plan',
      },
    },
    text('planYear', 90),
    text('planName', 160, { ellipsis: true }),
    text('name', 100, { search: undefined, fieldProps: search('name') }),
    text('idCard', 180, { search: undefined, fieldProps: search('idCard'), render: maskedIdCardCell }),
    text('phone', 120, { search: undefined, fieldProps: search('phone') }),
    regionColumn,
    text('enrollCounty', 110),
    text('academicSession', 100, { search: undefined, valueType: 'select', valueEnum: sessions }),
    text('subject', 100, {
      search: undefined,
      valueType: 'select',
      valueEnum: subjects,
      fieldProps: { showSearch: true },
    }),
    text('admissionNumber', 180, { search: undefined, fieldProps: search('admissionNumber') }),
    text('examDate', 110),
    text('examTime', 130, { ellipsis: true }),
    text('examPlace', 150, { ellipsis: true }),
    text('examAddress', 180, { ellipsis: true }),
    text('examRoomNumber', 90, { search: undefined, fieldProps: search('examRoomNumber') }),
    text('seatNumber', 80),
    {
      ...select('field.ticketStatus', 'status', status, 100),
      fieldProps: { 'data-testid': 'ticket-search-status' },
    },
    select('field.ticketCreateStatus', 'ticketCreateStatus', createEnum, 130),
    text('ticketFileDownloadNum', 120, { align: 'right' }),
    select('field.isDownload', 'isDownload', yesNo, 100),
    text('examinationRoomNotice', 200, { ellipsis: true }),
  ];

  const item = (field: keyof Row): ProDescriptionsItemProps<Row> => ({
    title: t(labelKey(field)),
    key: field,
    render: (_dom, row) => {
      const value = row[field];
      if (field === 'status') return status.get(row.status)?.text ?? row.status;
      if (field === 'ticketCreateStatus') return createEnum.get(row.ticketCreateStatus)?.text ?? '-';
      if (field === 'isDownload') return yesNo.get(row.isDownload)?.text ?? '-';
      if (field === 'updateTime') return row.updateTime ? formatDateTime(row.updateTime) : '-';
      if (typeof value === 'number') return value;
      if (isEmpty(value)) return '-';
      if (field === 'academicSession' || field === 'subject')
        return <DictText type={ENROLL_DICT_FIELDS[field]} value={value} />;
      return field === 'examinationRoomNotice' ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{value}</Typography.Paragraph>
      ) : (
        value
      );
    },
  });
  const detail: CrudDetail<Row> = {
    width: 760,
    groups: [
      { title: t('admin.ticket.sectionCandidate'), columns: CANDIDATE_FIELDS.map(item) },
      { title: t('admin.ticket.sectionExam'), columns: TICKET_EXAM_FIELDS.map(item) },
      { title: t('admin.ticket.sectionStatus'), columns: STATUS_FIELDS.map(item) },
    ],
  };
  return { columns, detail };
}
