import type { ReactNode } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, FilePdfOutlined, ScheduleOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, TICKET_STATUS, type AdmissionTicket } from '@tegang/domain';
import { ticketExportLink, ticketImportApi } from './admin-api';
import type { TicketActions } from './use-ticket-actions';
import { RowButton, type CrudContext } from '../../components/crud';
import { DisabledReason, reasonLabel } from '../../components/disabled-reason';
import { ImportExportToolbar } from '../../components/import-export-toolbar';
import { useProvinceOnlyReason } from '../../components/province-only';

type Row = AdmissionTicket;
type TFunction = ReturnType<typeof useTranslation>['t'];

const P = PERMISSIONS.admissionTicket;

/** A dropdown menu item: disabled with its reason beside the label when `reason` is set. */
const menuItem = (key: string, label: string, reason: string | null, onClick: () => void) => ({
  key,
  label: reasonLabel(label, reason),
  disabled: !!reason,
  onClick,
});

/**
 * The admission tickets toolbar (spec §2 "Admission tickets"), each item behind its
 * PERMISSIONS.admissionTicket key: 分发 (selected rows or the whole plan, or their cancellation),
 * 编排考场 (province accounts only; opens the arrangement through `onArrange`), 生成准考证 (selected
 * rows, the plan, or the plan again), import to the plan chosen in the search, and export. An item
 * that needs selected rows or a chosen plan is greyed with the reason.
 */
export function TicketToolbar(props: {
  ctx: CrudContext<Row>;
  actions: TicketActions;
  /** The plan chosen in the search. */
  plan: number | null;
  onArrange: () => void;
}) {
  const { ctx, actions, plan } = props;
  const { t } = useTranslation();
  /** The arrangement is the province's (docs/decisions.md "Arrangement settings belong to the province"). */
  const arrangeRefused = useProvinceOnlyReason('arrangement');
  // Why a menu item is greyed (the whole-plan items act on the plan chosen in the search).
  const noPlan = plan ? null : t('admin.ticket.choosePlan');
  const noRows = ctx.selectedRows.length ? null : t('admin.ticket.selectFirst');
  const count = ctx.selectedRows.length;
  const { distribute, distributeWholePlan, generate } = actions;

  return (
    <Space size={8} wrap>
      {ctx.can(P.distribute) && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              menuItem('selected', t('admin.ticket.distributeSelected', { count }), noRows, () =>
                distribute(ctx.selectedRows, false, ctx.reload),
              ),
              menuItem('cancelSelected', t('admin.ticket.cancelSelected', { count }), noRows, () =>
                distribute(ctx.selectedRows, true, ctx.reload),
              ),
              { type: 'divider' },
              menuItem(
                'plan',
                t('admin.ticket.distributePlan'),
                noPlan,
                () => void distributeWholePlan(false, ctx.reload),
              ),
              menuItem(
                'cancelPlan',
                t('admin.ticket.cancelPlan'),
                noPlan,
                () => void distributeWholePlan(true, ctx.reload),
              ),
            ],
          }}
        >
          <Button icon={<SendOutlined />} data-testid="ticket-distribute">
            {t('screen.button.distribute')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {ctx.can(P.arrange) && (
        <DisabledReason reason={arrangeRefused}>
          <Button
            icon={<ScheduleOutlined />}
            disabled={!!arrangeRefused}
            onClick={props.onArrange}
            data-testid="ticket-arrange"
          >
            {t('screen.button.arrange')}
          </Button>
        </DisabledReason>
      )}
      {ctx.can(P.generate) && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              menuItem('selected', t('admin.ticket.generateSelected', { count }), noRows, () =>
                generate({ rows: ctx.selectedRows }, ctx.reload),
              ),
              menuItem('plan', t('admin.ticket.generatePlan'), noPlan, () => generate({}, ctx.reload)),
              menuItem('regenerate', t('admin.ticket.regeneratePlan'), noPlan, () =>
                generate({ regenerate: true }, ctx.reload),
              ),
            ],
          }}
        >
          <Button icon={<FilePdfOutlined />} data-testid="ticket-generate">
            {t('admin.ticket.generate')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <ImportExportToolbar
        ctx={ctx}
        importer={{
          permission: P.import,
          name: t('admin.ticket.entity'),
          api: plan ? ticketImportApi(plan) : null,
          disabledTitle: t('admin.ticket.choosePlan'),
        }}
        exporter={{ permission: P.export, link: ticketExportLink, testId: 'ticket-export' }}
      />
    </Space>
  );
}

/** A row's own buttons: 预览 (the ticket's PDF) and 分发 / 取消分发, each behind its permission. */
export function ticketRowButtons(
  row: Row,
  ctx: CrudContext<Row>,
  actions: TicketActions,
  t: TFunction,
): ReactNode[] {
  const distributed = row.status === TICKET_STATUS.distributed;
  return [
    ctx.can(P.query) && (
      <RowButton
        key="preview"
        testId={`ticket-preview-${row.id}`}
        loading={actions.previewing === row.id}
        onClick={() => void actions.preview(row)}
      >
        {t('admin.ticket.preview')}
      </RowButton>
    ),
    ctx.can(P.distribute) && (
      <RowButton
        key="distribute"
        testId={`ticket-distribute-${row.id}`}
        onClick={() => actions.distribute([row], distributed, ctx.reload)}
      >
        {t(distributed ? 'admin.ticket.cancel' : 'screen.button.distribute')}
      </RowButton>
    ),
  ].filter(Boolean);
}
