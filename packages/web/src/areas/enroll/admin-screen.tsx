import { useState } from 'react';
import { App, Button, Image } from 'antd';
import { CheckOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { ProFormText, type ProColumns, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  checkPhone,
  ENROLL_BASIC_FIELDS,
  ENROLL_DICT_FIELDS,
  ENROLL_INFO_FIELDS,
  formatDateTime,
  isEmpty,
  PERMISSIONS,
  type EnrollDictField,
  PHONE_LENGTH,
  enrollQuerySchema,
  maxLengthsOf,
  CREATE_STATUS,
  AUDIT_STATUS,
  type Enroll,
} from '@tegang/domain';
import {
  auditedAsRead,
  auditEnrolls,
  deleteEnroll,
  deleteEnrolls,
  enrollAuditStatusOptions,
  enrollCreateStatusOptions,
  enrollExportLink,
  generateEnrollForms,
  GENERATE_APPLY_MAX,
  getEnroll,
  pageEnrolls,
  updateEnrollPhone,
  type EnrollDetail,
  type EnrollFilters,
} from './admin-api';
import { listPlanOptions } from '../recruit-plan/api';
import { ExportButton } from '../../components/export-button';
import { DisabledReason } from '../../components/disabled-reason';
import {
  CrudTable,
  RowButton,
  useActions,
  useDictEnum,
  useOptionsEnum,
  type CrudConfig,
  type CrudContext,
} from '../../components/crud';
import { DictText } from '../../components/dict';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { ruleOf } from '../../components/rules';
import { AuditRejectDialog, type RejectTarget } from './audit-reject-dialog';
import { AuditDetailFooter } from './audit-detail-footer';
import { AuditHistory } from './audit-history';
import { forgetScreenStates } from '../../components/crud/screen-state';
import { tabsStore } from '../../admin/chrome/tabs-store';
import { maskedIdCardCell } from '../../components/id-card-cell';

/** Input limits read from the schema the server validates with. */
const QUERY_MAX = maxLengthsOf(enrollQuerySchema);

/** The screen's route: its filters, page and size are kept under it while its console tab is open. */
const STATE_KEY = '/candidate/enroll/index';
/** Page sizes of the reviewer's list (a batch of up to 100 to pass at once). */
const PAGE_SIZE_CHOICES = [10, 20, 50, 100] as const;
// closing the tab (or logging out, which resets the tabs) forgets the kept filters
tabsStore.subscribe(() => forgetScreenStates((key) => key !== STATE_KEY || tabsStore.get().includes(key)));

/**
 * Enrolment records (/candidate/enroll/index; spec §2 "Enrolment records", §5 "Enrolment edit", §6
 * region narrowing, §7 "Enrolment"): read-only except the phone; detail in the two form groups;
 * delete, batch delete and export.
 */

const createStatusBadge = (value: string) => (value === CREATE_STATUS.generated ? 'Success' : 'Default');
/** Audit status badge: pending processing, passed success, rejected error. */
const auditStatusBadge = (value: string) =>
  value === AUDIT_STATUS.passed ? 'Success' : value === AUDIT_STATUS.rejected ? 'Error' : 'Processing';

/** spec §5 "Enrolment edit": phone required ('请输入手机号'), then the phone rules of the domain. */
const phoneRule = ruleOf((value) => (isEmpty(value) ? 'enroll.phone.required' : checkPhone(value)));

const isDictField = (field: string): field is EnrollDictField => field in ENROLL_DICT_FIELDS;

/** A row of the list; its detail (GET /candidate/enroll/{id}) adds the photo. */
type EnrollRow = Enroll & Partial<Pick<EnrollDetail, 'pictureData'>>;

export default function EnrollPage() {
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
  const actions = useActions();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<
    (RejectTarget & { reload: () => void; decided?: () => void }) | null
  >(null);
  const canAudit = (ctx: CrudContext<EnrollRow>) => ctx.can(PERMISSIONS.enroll.audit);
  /**
   * 通过: confirm, then POST /candidate/enroll/audit with auditStatus '1' and the versions shown; when
   * a record changed meanwhile (409, its message shown) the list reloads and nothing is decided.
   */
  const pass = (rows: EnrollRow[], content: string, reload: () => void) =>
    actions.confirm({
      content,
      okTestId: 'enroll-pass-ok',
      call: () => auditEnrolls({ ...auditedAsRead(rows), auditStatus: AUDIT_STATUS.passed }, reload),
      reload,
    });
  /**
   * 重新生成报名表: confirm with the count, then POST /candidate/enroll/generateApply with the selected
   * ids; the toast says how many forms were made anew and how many were not.
   */
  const generate = (rows: EnrollRow[], reload: () => void) =>
    actions.confirm({
      content: t('admin.enroll.generateConfirm', { count: rows.length }),
      okTestId: 'enroll-generate-ok',
      call: () => generateEnrollForms(rows.map((r) => r.id)),
      successKey: false,
      onSuccess: (answer) => {
        const count = answer.data.count;
        const skipped = rows.length - count;
        void message.success(
          skipped > 0
            ? t('admin.enroll.generatedSkipped', { count, skipped })
            : t('admin.enroll.generated', { count }),
        );
      },
      reload,
    });
  const reject = (rows: EnrollRow[], title: string, reload: () => void, decided?: () => void) =>
    setRejecting({ rows: rows.map(({ id, version }) => ({ id, version })), title, reload, decided });
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
  const time = (value: string | null | undefined) => (value ? formatDateTime(value) : '-');

  const columns: ProColumns<EnrollRow>[] = [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      hideInTable: true,
      valueType: 'select',
      valueEnum: planEnum,
      fieldProps: { showSearch: true, optionFilterProp: 'label', 'data-testid': 'enroll-search-plan' },
    },
    // The reviewer's need: audit status and reason stay on screen at 1440 px — fewer columns (the rest in the
    // detail) and the audit columns fixed on the right beside the actions.
    {
      title: t('field.planName'),
      dataIndex: 'planName',
      search: false,
      ellipsis: true,
      width: 150,
      render: (_dom, row) => `${row.planYear} · ${row.planName}`,
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 100,
      fieldProps: { maxLength: QUERY_MAX.name, 'data-testid': 'enroll-search-name' },
    },
    {
      title: t('field.idCard'),
      dataIndex: 'idCard',
      width: 180,
      render: maskedIdCardCell,
      fieldProps: { maxLength: QUERY_MAX.idCard, 'data-testid': 'enroll-search-idcard' },
    },
    {
      title: t('field.phone'),
      dataIndex: 'phone',
      width: 120,
      fieldProps: { maxLength: QUERY_MAX.phone, 'data-testid': 'enroll-search-phone' },
    },
    regionColumn,
    { title: t('field.enrollCounty'), dataIndex: 'enrollCounty', search: false, width: 110 },
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
      width: 100,
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
      width: 100,
      fixed: 'right',
      fieldProps: { 'data-testid': 'enroll-search-audit' },
    },
    {
      title: t('field.auditReason'),
      dataIndex: 'auditReason',
      search: false,
      ellipsis: true,
      width: 150,
      fixed: 'right',
      // a reason belongs to a rejection: none once the candidate resubmitted (pending again)
      render: (_dom, row) => (row.auditStatus === AUDIT_STATUS.rejected && row.auditReason) || '-',
    },
  ];

  const item = (field: string): ProDescriptionsItemProps<EnrollRow> => ({
    title: t(`field.${field}`),
    key: field,
    contentStyle: field === 'idCard' || field === 'phone' ? { whiteSpace: 'nowrap' } : undefined,
    render: (_dom, row) => {
      if (field === 'picture')
        return row.pictureData ? (
          <Image src={row.pictureData} width={96} alt={row.name} data-testid="enroll-detail-photo" />
        ) : (
          '-'
        );
      const value = row[field as keyof EnrollRow] as string | null | undefined;
      if (isEmpty(value)) return '-';
      return isDictField(field) ? <DictText type={ENROLL_DICT_FIELDS[field]} value={value} /> : value;
    },
  });

  const config: CrudConfig<EnrollRow, { phone: string }, EnrollFilters, { id: number; phone: string }> = {
    name: t('admin.enroll.entity'),
    title: t('admin.enroll.title'),
    testId: 'enroll',
    stateKey: STATE_KEY,
    pageSizes: PAGE_SIZE_CHOICES,
    columns,
    api: {
      page: pageEnrolls,
      get: (id) => getEnroll(Number(id)),
      update: (payload: { id: number; phone: string }) => updateEnrollPhone(payload),
      remove: (id) => deleteEnroll(Number(id)),
      removeMany: (ids) => deleteEnrolls(ids.map(Number)),
    },
    permissions: {
      edit: PERMISSIONS.enroll.edit,
      remove: PERMISSIONS.enroll.remove,
      detail: PERMISSIONS.enroll.query,
    },
    rowLabel: (row) => row.name,
    editLabel: t('admin.enroll.editPhone'),
    actionsWidth: 300,
    selectable: (can) => can(PERMISSIONS.enroll.audit) || can(PERMISSIONS.enroll.generate),
    toolbar: (ctx) => [
      ...(canAudit(ctx)
        ? [
            <Button
              key="batch-pass"
              icon={<CheckOutlined />}
              disabled={!ctx.selectedRows.length}
              data-testid="enroll-batch-pass"
              onClick={() =>
                pass(
                  ctx.selectedRows,
                  t('admin.enroll.passManyConfirm', { count: ctx.selectedRows.length }),
                  ctx.reload,
                )
              }
            >
              {t('admin.enroll.batchPass')}
            </Button>,
            <Button
              key="batch-reject"
              danger
              icon={<CloseOutlined />}
              disabled={!ctx.selectedRows.length}
              data-testid="enroll-batch-reject"
              onClick={() =>
                reject(
                  ctx.selectedRows,
                  t('admin.enroll.rejectManyTitle', { count: ctx.selectedRows.length }),
                  ctx.reload,
                )
              }
            >
              {t('admin.enroll.batchReject')}
            </Button>,
          ]
        : []),
      ...(ctx.can(PERMISSIONS.enroll.generate)
        ? [
            <DisabledReason
              key="generate"
              testId="enroll-generate-reason"
              reason={
                !ctx.selectedRows.length
                  ? t('admin.enroll.selectFirst')
                  : ctx.selectedRows.length > GENERATE_APPLY_MAX
                    ? t('admin.enroll.generateTooMany', { max: GENERATE_APPLY_MAX })
                    : null
              }
            >
              <Button
                icon={<FilePdfOutlined />}
                disabled={!ctx.selectedRows.length || ctx.selectedRows.length > GENERATE_APPLY_MAX}
                data-testid="enroll-generate"
                onClick={() => generate(ctx.selectedRows, ctx.reload)}
              >
                {t('admin.enroll.generate')}
              </Button>
            </DisabledReason>,
          ]
        : []),
      ...(ctx.can(PERMISSIONS.enroll.export)
        ? [
            <ExportButton
              key="export"
              ctx={ctx}
              link={(filters) => enrollExportLink(filters as EnrollFilters)}
              testId="enroll-export"
            />,
          ]
        : []),
    ],
    rowActions: (row, ctx) =>
      canAudit(ctx)
        ? [
            <RowButton
              key="pass"
              testId={`enroll-pass-${row.id}`}
              disabled={row.auditStatus === AUDIT_STATUS.passed}
              onClick={() => pass([row], t('admin.enroll.passConfirm', { name: row.name }), ctx.reload)}
            >
              {t('admin.enroll.pass')}
            </RowButton>,
            <RowButton
              key="reject"
              danger
              testId={`enroll-reject-${row.id}`}
              disabled={row.auditStatus === AUDIT_STATUS.rejected}
              onClick={() => reject([row], t('admin.enroll.rejectTitle', { name: row.name }), ctx.reload)}
            >
              {t('admin.enroll.reject')}
            </RowButton>,
          ]
        : [],
    form: {
      loadRecord: false,
      labelWidth: 96,
      title: ({ record }) => t('admin.enroll.editPhoneTitle', { name: record?.name ?? '' }),
      initialValues: ({ record }) => ({ phone: record?.phone ?? '' }),
      toPayload: (values, { record }) => ({ id: record!.id, phone: values.phone.trim() }),
      fields: (
        <ProFormText
          name="phone"
          label={t('field.phone')}
          required
          rules={[phoneRule]}
          fieldProps={{ maxLength: PHONE_LENGTH, inputMode: 'numeric', 'data-testid': 'enroll-phone-input' }}
        />
      ),
    },
    detail: {
      width: 760,
      footer: (dctx) =>
        dctx.can(PERMISSIONS.enroll.audit) ? (
          <AuditDetailFooter<EnrollRow>
            ctx={dctx}
            onReject={(row, decided) =>
              reject([row], t('admin.enroll.rejectTitle', { name: row.name }), dctx.reload, decided)
            }
          />
        ) : null,
      groups: [
        { title: t('section.basic'), columns: ENROLL_BASIC_FIELDS.map(item) },
        { title: t('section.enroll'), columns: ENROLL_INFO_FIELDS.map(item) },
        {
          title: t('admin.enroll.auditSection'),
          columns: [
            {
              title: t('field.auditStatus'),
              key: 'auditStatus',
              render: (_dom, row) => auditStatus.valueEnum.get(row.auditStatus)?.text ?? row.auditStatus,
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
              render: (_dom, row) => createStatus.valueEnum.get(row.createStatus)?.text ?? row.createStatus,
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
              render: (_dom, row) => yesNo.get(row.isDownload)?.text ?? row.isDownload,
            },
          ],
        },
      ],
    },
  };

  return (
    <>
      <CrudTable config={config} />
      <AuditRejectDialog
        target={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => rejecting?.reload()}
        onDecided={() => rejecting?.decided?.()}
      />
    </>
  );
}
