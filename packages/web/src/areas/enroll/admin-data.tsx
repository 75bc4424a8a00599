import { Image, Spin, Typography } from 'antd';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_STATUS,
  CREATE_STATUS,
  ENROLL_BASIC_FIELDS,
  ENROLL_DICT_FIELDS,
  ENROLL_INFO_FIELDS,
  enrollQuerySchema,
  formatDateTime,
  isEmpty,
  maxLengthsOf,
  type Enroll,
  type EnrollDictField,
} from '@tegang/domain';
import { enrollAuditStatusOptions, enrollCreateStatusOptions, type EnrollDetail } from './admin-api';
import { AuditHistory } from './audit-history';
import { usePhotoSrc } from './use-photo-src';
import { listPlanOptions } from '../recruit-plan/api';
import { useDictEnum, useOptionsEnum, type DetailGroup, type ValueEnum } from '../../components/crud';
import { DictText } from '../../components/dict';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { maskedIdCardCell } from '../../components/id-card-cell';

/**
 * The enrolment records screen's columns and detail groups (spec §2 "Enrolment records": list
 * columns and search fields; the detail in the form's two groups, the audit and the record).
 */

/** Input limits read from the schema the server validates with. */
const QUERY_MAX = maxLengthsOf(enrollQuerySchema);

type TFunction = ReturnType<typeof useTranslation>['t'];

const createStatusBadge = (value: string) => (value === CREATE_STATUS.generated ? 'Success' : 'Default');
/** Audit status badge: pending processing, passed success, rejected error. */
const auditStatusBadge = (value: string) =>
  value === AUDIT_STATUS.passed ? 'Success' : value === AUDIT_STATUS.rejected ? 'Error' : 'Processing';

const time = (value: string | null | undefined) => (value ? formatDateTime(value) : '-');

const isDictField = (field: string): field is EnrollDictField => field in ENROLL_DICT_FIELDS;

/** A row of the list; its detail (GET /candidate/enroll/{id}) adds the photo's address. */
export type EnrollRow = Enroll & Partial<Pick<EnrollDetail, 'pictureUrl'>>;

/**
 * The detail's photo: read from its own address with the administrator's token and shown through a
 * blob: URL (usePhotoSrc; docs/decisions.md "Photos by their own address"), a spinner while it loads,
 * '-' when there is none, a note when it cannot be read (outside the region since, storage down).
 */
function EnrollPhoto({ url, name }: { url: string | null | undefined; name: string }) {
  const { t } = useTranslation();
  const photo = usePhotoSrc(url);
  if (photo.loading)
    return (
      <Spin
        size="small"
        aria-label={t('admin.enroll.photoLoading')}
        data-testid="enroll-detail-photo-loading"
      />
    );
  if (photo.failed)
    return (
      <Typography.Text type="secondary" data-testid="enroll-detail-photo-failed">
        {t('admin.enroll.photoFailed')}
      </Typography.Text>
    );
  return photo.src ? <Image src={photo.src} width={96} alt={name} data-testid="enroll-detail-photo" /> : '-';
}

/** The list columns and the detail groups of the enrolment records screen. */
export function useEnrollData(): { columns: ProColumns<EnrollRow>[]; groups: DetailGroup<EnrollRow>[] } {
  const { t } = useTranslation();
  const regionColumn = useRegionSearchColumn<EnrollRow>({
    disabledReasonKey: 'admin.enroll.regionDisabled',
    testId: 'enroll-search-region',
  });
  const plans = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const createStatus = useOptionsEnum('enrollCreateStatus', enrollCreateStatusOptions, createStatusBadge);
  const auditStatus = useOptionsEnum('enrollAuditStatus', enrollAuditStatusOptions, auditStatusBadge);
  const dict = {
    gender: useDictEnum(ENROLL_DICT_FIELDS.gender),
    academicSession: useDictEnum(ENROLL_DICT_FIELDS.academicSession),
    subject: useDictEnum(ENROLL_DICT_FIELDS.subject),
  };
  const yesNo = new Map([
    ['1', { text: t('status.download.1'), status: 'Success' }],
    ['0', { text: t('status.download.0'), status: 'Default' }],
  ]);
  const planEnum = new Map((plans.data ?? []).map((p) => [String(p.id), { text: `${p.year} · ${p.name}` }]));

  const columns: ProColumns<EnrollRow>[] = [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      hideInTable: true,
      order: 3,
      valueType: 'select',
      valueEnum: planEnum,
      fieldProps: { showSearch: true, optionFilterProp: 'label', 'data-testid': 'enroll-search-plan' },
    },
    // The reviewer's columns at 1440 px (a 1150 px table beside the menu): what a reviewer checks a
    // row by comes first and stays in view — name, ID number, the whole phone, county and subject —
    // with the audit status (its rejection reason under it) and the actions fixed on the right;
    // 报名序号 and the plan follow, reached by scrolling the table (both are in the detail). Narrow
    // cells end in '…' and show their whole text on hover. `order` keeps the search form's own order
    // (plan, 报名序号, name first) whatever the table's.
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 90,
      ellipsis: true,
      order: 1,
      fieldProps: { maxLength: QUERY_MAX.name, 'data-testid': 'enroll-search-name' },
    },
    {
      title: t('field.idCard'),
      dataIndex: 'idCard',
      width: 165,
      render: maskedIdCardCell,
      fieldProps: { maxLength: QUERY_MAX.idCard, 'data-testid': 'enroll-search-idcard' },
    },
    {
      title: t('field.phone'),
      dataIndex: 'phone',
      width: 115,
      fieldProps: { maxLength: QUERY_MAX.phone, 'data-testid': 'enroll-search-phone' },
    },
    regionColumn,
    { title: t('field.enrollCounty'), dataIndex: 'enrollCounty', search: false, ellipsis: true, width: 100 },
    {
      title: t('field.academicSession'),
      dataIndex: 'academicSession',
      valueType: 'select',
      valueEnum: dict.academicSession,
      hideInTable: true,
    },
    {
      title: t('field.subject'),
      dataIndex: 'subject',
      valueType: 'select',
      valueEnum: dict.subject,
      fieldProps: { showSearch: true },
      ellipsis: true,
      width: 90,
    },
    // 报名序号: the number the office files the paper form by; searched by the whole number
    {
      title: t('field.serialNo'),
      dataIndex: 'serialNo',
      width: 140,
      ellipsis: true,
      order: 2,
      fieldProps: { maxLength: QUERY_MAX.serialNo, 'data-testid': 'enroll-search-serial' },
    },
    {
      title: t('field.planName'),
      dataIndex: 'planName',
      search: false,
      ellipsis: true,
      width: 150,
      render: (_dom, row) => `${row.planYear} · ${row.planName}`,
    },
    {
      title: t('field.createStatus'),
      dataIndex: 'createStatus',
      valueType: 'select',
      valueEnum: createStatus.valueEnum,
      hideInTable: true,
    },
    {
      title: t('field.isDownload'),
      dataIndex: 'isDownload',
      valueType: 'select',
      valueEnum: yesNo,
      hideInTable: true,
    },
    {
      title: t('field.auditStatus'),
      dataIndex: 'auditStatus',
      valueType: 'select',
      valueEnum: auditStatus.valueEnum,
      width: 150,
      fixed: 'right',
      fieldProps: { 'data-testid': 'enroll-search-audit' },
      // a reason belongs to a rejection: none once the candidate resubmitted (pending again)
      render: (dom, row) => {
        const reason = row.auditStatus === AUDIT_STATUS.rejected ? row.auditReason : null;
        return (
          <>
            {dom}
            {reason && (
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: reason }}
                style={{ display: 'block', fontSize: 12 }}
                data-testid="enroll-row-reason"
              >
                {reason}
              </Typography.Text>
            )}
          </>
        );
      },
    },
  ];

  const groups = detailGroupsOf(t, {
    auditStatus: auditStatus.valueEnum,
    createStatus: createStatus.valueEnum,
    yesNo,
  });
  return { columns, groups };
}

/**
 * The detail's groups: the form's two (basic, enrolment; dictionary codes as labels, the photo), the
 * audit (status, time, reason, history) and the record (plan, form generated, times, downloads).
 */
function detailGroupsOf(
  t: TFunction,
  e: { auditStatus: ValueEnum; createStatus: ValueEnum; yesNo: ValueEnum },
): DetailGroup<EnrollRow>[] {
  const item = (field: string): ProDescriptionsItemProps<EnrollRow> => ({
    title: t(`field.${field}`),
    key: field,
    contentStyle: ['idCard', 'phone', 'serialNo'].includes(field) ? { whiteSpace: 'nowrap' } : undefined,
    render: (_dom, row) => {
      if (field === 'picture') return <EnrollPhoto url={row.pictureUrl} name={row.name} />;
      const value = row[field as keyof EnrollRow] as string | null | undefined;
      if (isEmpty(value)) return '-';
      return isDictField(field) ? <DictText type={ENROLL_DICT_FIELDS[field]} value={value} /> : value;
    },
  });

  const groups: DetailGroup<EnrollRow>[] = [
    { title: t('section.basic'), columns: ENROLL_BASIC_FIELDS.map(item) },
    { title: t('section.enroll'), columns: ['serialNo', ...ENROLL_INFO_FIELDS].map(item) },
    {
      title: t('admin.enroll.auditSection'),
      columns: [
        {
          title: t('field.auditStatus'),
          key: 'auditStatus',
          render: (_dom, row) => e.auditStatus.get(row.auditStatus)?.text ?? row.auditStatus,
        },
        {
          title: t('admin.enroll.auditTime'),
          key: 'auditTime',
          // pending again after a resubmission: the last decision's time is in the history
          render: (_dom, row) => (row.auditStatus === AUDIT_STATUS.pending ? '-' : time(row.auditTime)),
        },
        {
          title: t('field.auditReason'),
          key: 'auditReason',
          span: 2,
          render: (_dom, row) => (row.auditStatus === AUDIT_STATUS.rejected && row.auditReason) || '-',
        },
        {
          title: t('admin.enroll.history'),
          key: 'history',
          span: 2,
          render: (_dom, row) => <AuditHistory id={row.id} version={row.version} />,
        },
      ],
    },
    {
      title: t('admin.enroll.recordSection'),
      columns: [
        {
          title: t('field.planName'),
          key: 'planName',
          render: (_dom, row) => `${row.planYear} · ${row.planName}`,
        },
        {
          title: t('field.createStatus'),
          key: 'createStatus',
          render: (_dom, row) => e.createStatus.get(row.createStatus)?.text ?? row.createStatus,
        },
        { title: t('field.createTime'), key: 'createTime', render: (_dom, row) => time(row.createTime) },
        { title: t('field.updateTime'), key: 'updateTime', render: (_dom, row) => time(row.updateTime) },
        {
          title: t('field.pdfDownloadNum'),
          key: 'pdfDownloadNum',
          render: (_dom, row) => row.pdfDownloadNum,
        },
        {
          title: t('field.isDownload'),
          key: 'isDownload',
          render: (_dom, row) => e.yesNo.get(row.isDownload)?.text ?? row.isDownload,
        },
      ],
    },
  ];
  return groups;
}
