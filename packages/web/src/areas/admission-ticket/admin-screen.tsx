import { useState } from 'react';
import { App, Button, Dropdown, Typography } from 'antd';
import { DownOutlined, FilePdfOutlined, ScheduleOutlined, SendOutlined } from '@ant-design/icons';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ADMISSION_TICKET_LABELS,
  admissionTicketQuerySchema,
  ENROLL_DICT_FIELDS,
  formatDateTime,
  isEmpty,
  maxLengthsOf,
  PERMISSIONS,
  TICKET_CREATE_STATUS,
  TICKET_EXAM_FIELDS,
  TICKET_STATUS,
  type AdmissionTicket,
} from '@tegang/domain';
import {
  createTicket,
  deleteTicket,
  deleteTickets,
  distributePlan,
  distributeTickets,
  generateTickets,
  getTicket,
  pageTickets,
  ticketExportLink,
  ticketImportApi,
  ticketPreviewLink,
  ticketStatusOptions,
  updateTicket,
  type TicketCreatePayload,
  type TicketFilters,
  type TicketPayload,
  type TicketUpdatePayload,
} from './admin-api';
import { ArrangeDialog } from './arrange-dialog';
import { GenerateProgress, type GenerateTarget } from './generate-progress';
import {
  TicketEnrollFields,
  TicketExamFields,
  ticketFormValues,
  ticketPayload,
  type TicketFormValues,
} from './ticket-form';
import { listPlanOptions } from '../recruit-plan/api';
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
import { DisabledReason, reasonLabel } from '../../components/disabled-reason';
import { ExportButton } from '../../components/export-button';
import { ImportButton } from '../../components/import';
import { useProvinceOnlyReason } from '../../components/province-only';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { maskedIdCardCell } from '../../components/id-card-cell';

/**
 * Admission tickets (/candidate/admissionTicket/index; spec §2 "Admission tickets", §3, §5 on-blur
 * rules, §6 region narrowing, §7): the tickets of the administrator's region with add/edit
 * (encrypted), detail, delete (a distributed ticket cannot be deleted), distribute / cancel for the
 * selected rows or a whole plan, 编排考场 (arrangement with preview), 生成准考证 with its progress, a
 * PDF preview per row, import (per plan) and export — each behind its PERMISSIONS.admissionTicket key.
 */

const P = PERMISSIONS.admissionTicket;
const QUERY_MAX = maxLengthsOf(admissionTicketQuerySchema);

const statusBadge = (value: string) => (value === TICKET_STATUS.distributed ? 'Success' : 'Default');

/** A ticket field's label key (ADMISSION_TICKET_LABELS, else field.<name>). */
const labelKey = (field: string) => ADMISSION_TICKET_LABELS[field] ?? `field.${field}`;

type Row = AdmissionTicket;

/** The admission tickets screen (see above): a CrudTable configuration plus its dialogs. */
export default function AdmissionTicketScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const regionColumn = useRegionSearchColumn<Row>({
    disabledReasonKey: 'admin.ticket.regionDisabled',
    testId: 'ticket-search-region',
  });
  const actions = useActions();
  const { data: plans = [] } = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const status = useOptionsEnum('admissionTicketStatus', ticketStatusOptions, statusBadge);
  const sessions = useDictEnum(ENROLL_DICT_FIELDS.academicSession);
  const subjects = useDictEnum(ENROLL_DICT_FIELDS.subject);
  /** The plan chosen in the search: the target of the import and of the whole-plan actions. */
  const [plan, setPlan] = useState<number | null>(null);
  const [arranging, setArranging] = useState<{ reload: () => void } | null>(null);
  /** The arrangement is the province's (docs/decisions.md "Arrangement settings belong to the province"). */
  const arrangeRefused = useProvinceOnlyReason('arrangement');
  const [generating, setGenerating] = useState<{ target: GenerateTarget; reload: () => void } | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);

  const planName = (id: number | null) => plans.find((p) => p.id === id)?.name ?? '';
  const planEnum = new Map(plans.map((p) => [p.id, { text: `${p.year} · ${p.name}` }]));
  const createEnum = new Map<string, { text: string; status: string }>([
    [TICKET_CREATE_STATUS.generated, { text: t('status.ticketCreate.1'), status: 'Success' }],
    [TICKET_CREATE_STATUS.pending, { text: t('status.ticketCreate.0'), status: 'Default' }],
  ]);
  const yesNo = new Map([
    ['1', { text: t('status.download.1'), status: 'Success' }],
    ['0', { text: t('status.download.0'), status: 'Default' }],
  ]);

  // ——— actions ———
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  const distribute = (rows: Row[], cancel: boolean, reload: () => void) =>
    actions.confirm({
      content: t(cancel ? 'admin.ticket.cancelConfirm' : 'admin.ticket.distributeConfirm', {
        count: rows.length,
      }),
      okTestId: 'ticket-distribute-ok',
      call: () => distributeTickets(ids(rows), cancel),
      onSuccess: (r) => void message.success(t('admin.ticket.distributed', { count: r.data.count })),
      successKey: false,
      reload,
    });
  /** A whole plan: the count is asked first (the tickets it would change, in the caller's scope). */
  const distributeWholePlan = async (cancel: boolean, reload: () => void) => {
    if (!plan) return void message.warning(t('admin.ticket.choosePlan'));
    let count: number;
    try {
      count = (
        await pageTickets({
          planId: plan,
          status: cancel ? TICKET_STATUS.distributed : TICKET_STATUS.pending,
          current: 1,
          size: 10,
        })
      ).total;
    } catch {
      return;
    }
    if (!count) return void message.info(t('admin.ticket.nothingToDo'));
    actions.confirm({
      content: t(cancel ? 'admin.ticket.planCancelConfirm' : 'admin.ticket.planDistributeConfirm', {
        plan: planName(plan),
        count,
      }),
      okTestId: 'ticket-distribute-ok',
      call: () => distributePlan(plan, cancel),
      onSuccess: (r) => void message.success(t('admin.ticket.distributed', { count: r.data.count })),
      successKey: false,
      reload,
    });
  };
  /** 生成准考证: the selected rows, or a plan's tickets not generated yet (all with `regenerate`). */
  const generate = (input: { rows?: Row[]; regenerate?: boolean }, reload: () => void) => {
    if (!input.rows && !plan) return void message.warning(t('admin.ticket.choosePlan'));
    const content = input.rows
      ? t('admin.ticket.generateConfirm', { count: input.rows.length })
      : t(input.regenerate ? 'admin.ticket.regeneratePlanConfirm' : 'admin.ticket.generatePlanConfirm', {
          plan: planName(plan),
        });
    actions.confirm({
      content,
      okTestId: 'ticket-generate-ok',
      call: () =>
        generateTickets(
          input.rows
            ? { idList: ids(input.rows), regenerate: true }
            : { planId: plan!, regenerate: !!input.regenerate },
        ),
      successKey: false,
      onSuccess: (job) =>
        job.total
          ? setGenerating({ target: { jobId: job.jobId, total: job.total }, reload })
          : void message.info(t('admin.ticket.nothingToDo')),
    });
  };
  /** 预览: the admin's single-use link to the ticket PDF, in a new tab (opened first: no popup block). */
  const preview = async (row: Row) => {
    const tab = window.open('', '_blank');
    setPreviewing(row.id);
    try {
      const { url } = await ticketPreviewLink(row.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch {
      tab?.close();
    } finally {
      setPreviewing(null);
    }
  };

  // ——— columns ———
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
        onChange: (value: number | undefined) => setPlan(value ?? null),
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
      title: t('field.ticketStatus'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 100,
      fieldProps: { 'data-testid': 'ticket-search-status' },
    },
    {
      title: t('field.ticketCreateStatus'),
      dataIndex: 'ticketCreateStatus',
      valueType: 'select',
      valueEnum: createEnum,
      width: 130,
    },
    text('ticketFileDownloadNum', 120, { align: 'right' }),
    {
      title: t('field.isDownload'),
      dataIndex: 'isDownload',
      valueType: 'select',
      valueEnum: yesNo,
      width: 100,
    },
    text('examinationRoomNotice', 200, { ellipsis: true }),
  ];

  // ——— detail ———
  const item = (field: keyof Row): ProDescriptionsItemProps<Row> => ({
    title: t(labelKey(field)),
    key: field,
    render: (_dom, row) => {
      const value = row[field];
      if (field === 'status') return status.valueEnum.get(row.status)?.text ?? row.status;
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

  // Why a toolbar item is greyed (the whole-plan items act on the plan chosen in the search).
  const noPlan = plan ? null : t('admin.ticket.choosePlan');
  const noRows = (ctx: CrudContext<Row>) => (ctx.selectedRows.length ? null : t('admin.ticket.selectFirst'));
  const canDistribute = (ctx: CrudContext<Row>) => ctx.can(P.distribute);
  const canGenerate = (ctx: CrudContext<Row>) => ctx.can(P.generate);

  const config: CrudConfig<Row, TicketFormValues, TicketFilters, TicketPayload> = {
    name: t('admin.ticket.entity'),
    title: t('admin.ticket.title'),
    testId: 'ticket',
    columns,
    api: {
      page: pageTickets,
      get: (id) => getTicket(Number(id)),
      create: (payload) => createTicket(payload as TicketCreatePayload),
      update: (payload) => updateTicket(payload as TicketUpdatePayload),
      remove: (id) => deleteTicket(Number(id)),
      removeMany: (list) => deleteTickets(list.map(Number)),
    },
    permissions: { add: P.add, edit: P.edit, remove: P.remove, detail: P.query },
    rowLabel: (row) => `${row.name} ${row.admissionNumber}`,
    // A distributed ticket is refused by the server (409 'ticket.distributed'): cancel it first.
    rowRemovable: (row) => row.status !== TICKET_STATUS.distributed,
    selectable: (can) => can(P.distribute) || can(P.generate),
    actionsWidth: 280,
    toolbar: (ctx) => [
      ...(canDistribute(ctx)
        ? [
            <Dropdown
              key="distribute"
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'selected',
                    label: reasonLabel(
                      t('admin.ticket.distributeSelected', { count: ctx.selectedRows.length }),
                      noRows(ctx),
                    ),
                    disabled: !!noRows(ctx),
                    onClick: () => distribute(ctx.selectedRows, false, ctx.reload),
                  },
                  {
                    key: 'cancelSelected',
                    label: reasonLabel(
                      t('admin.ticket.cancelSelected', { count: ctx.selectedRows.length }),
                      noRows(ctx),
                    ),
                    disabled: !!noRows(ctx),
                    onClick: () => distribute(ctx.selectedRows, true, ctx.reload),
                  },
                  { type: 'divider' },
                  {
                    key: 'plan',
                    label: reasonLabel(t('admin.ticket.distributePlan'), noPlan),
                    disabled: !!noPlan,
                    onClick: () => void distributeWholePlan(false, ctx.reload),
                  },
                  {
                    key: 'cancelPlan',
                    label: reasonLabel(t('admin.ticket.cancelPlan'), noPlan),
                    disabled: !!noPlan,
                    onClick: () => void distributeWholePlan(true, ctx.reload),
                  },
                ],
              }}
            >
              <Button icon={<SendOutlined />} data-testid="ticket-distribute">
                {t('screen.button.distribute')} <DownOutlined />
              </Button>
            </Dropdown>,
          ]
        : []),
      ...(ctx.can(P.arrange)
        ? [
            <DisabledReason key="arrange" reason={arrangeRefused}>
              <Button
                icon={<ScheduleOutlined />}
                disabled={!!arrangeRefused}
                onClick={() => setArranging({ reload: ctx.reload })}
                data-testid="ticket-arrange"
              >
                {t('screen.button.arrange')}
              </Button>
            </DisabledReason>,
          ]
        : []),
      ...(canGenerate(ctx)
        ? [
            <Dropdown
              key="generate"
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'selected',
                    label: reasonLabel(
                      t('admin.ticket.generateSelected', { count: ctx.selectedRows.length }),
                      noRows(ctx),
                    ),
                    disabled: !!noRows(ctx),
                    onClick: () => generate({ rows: ctx.selectedRows }, ctx.reload),
                  },
                  {
                    key: 'plan',
                    label: reasonLabel(t('admin.ticket.generatePlan'), noPlan),
                    disabled: !!noPlan,
                    onClick: () => generate({}, ctx.reload),
                  },
                  {
                    key: 'regenerate',
                    label: reasonLabel(t('admin.ticket.regeneratePlan'), noPlan),
                    disabled: !!noPlan,
                    onClick: () => generate({ regenerate: true }, ctx.reload),
                  },
                ],
              }}
            >
              <Button icon={<FilePdfOutlined />} data-testid="ticket-generate">
                {t('admin.ticket.generate')} <DownOutlined />
              </Button>
            </Dropdown>,
          ]
        : []),
      ...(ctx.can(P.import)
        ? [
            <ImportButton
              key="import"
              name={t('admin.ticket.entity')}
              api={plan ? ticketImportApi(plan) : null}
              disabledTitle={t('admin.ticket.choosePlan')}
              onDone={ctx.reload}
            />,
          ]
        : []),
      ...(ctx.can(P.export)
        ? [<ExportButton key="export" ctx={ctx} link={ticketExportLink} testId="ticket-export" />]
        : []),
    ],
    rowActions: (row, ctx) => [
      ...(ctx.can(P.query)
        ? [
            <RowButton
              key="preview"
              testId={`ticket-preview-${row.id}`}
              loading={previewing === row.id}
              onClick={() => void preview(row)}
            >
              {t('admin.ticket.preview')}
            </RowButton>,
          ]
        : []),
      ...(canDistribute(ctx)
        ? [
            <RowButton
              key="distribute"
              testId={`ticket-distribute-${row.id}`}
              onClick={() => distribute([row], row.status === TICKET_STATUS.distributed, ctx.reload)}
            >
              {t(
                row.status === TICKET_STATUS.distributed ? 'admin.ticket.cancel' : 'screen.button.distribute',
              )}
            </RowButton>,
          ]
        : []),
    ],
    form: {
      labelWidth: 110,
      initialValues: ({ mode, record }) =>
        mode === 'edit' ? ticketFormValues(record) : { planId: plan ?? undefined },
      toPayload: (values, { mode, record }) => {
        const payload = ticketPayload(values);
        if (mode === 'create') return payload;
        const { enrollId: _enrollId, ...exam } = payload;
        return { ...exam, id: record!.id };
      },
      fields: ({ mode, record }) => (
        <>
          {mode === 'create' ? (
            <TicketEnrollFields plans={plans} />
          ) : (
            record && (
              <Typography.Paragraph type="secondary" data-testid="ticket-form-candidate">
                {record.planName} · {record.name} · {record.idCard}
              </Typography.Paragraph>
            )
          )}
          <TicketExamFields />
        </>
      ),
    },
    detail: {
      width: 760,
      groups: [
        {
          title: t('admin.ticket.sectionCandidate'),
          columns: (
            [
              'planYear',
              'planName',
              'name',
              'idCard',
              'phone',
              'enrollCounty',
              'academicSession',
              'subject',
            ] as const
          ).map(item),
        },
        { title: t('admin.ticket.sectionExam'), columns: TICKET_EXAM_FIELDS.map(item) },
        {
          title: t('admin.ticket.sectionStatus'),
          columns: (
            ['status', 'ticketCreateStatus', 'ticketFileDownloadNum', 'isDownload', 'updateTime'] as const
          ).map(item),
        },
      ],
    },
  };

  return (
    <>
      <CrudTable config={config} />
      <ArrangeDialog
        open={!!arranging}
        plans={plans}
        planId={plan ?? undefined}
        onClose={() => setArranging(null)}
        onSaved={() => arranging?.reload()}
      />
      <GenerateProgress
        target={generating?.target ?? null}
        onClose={() => setGenerating(null)}
        onDone={() => generating?.reload()}
      />
    </>
  );
}
