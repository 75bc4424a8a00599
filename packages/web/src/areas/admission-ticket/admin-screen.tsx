import { useState } from 'react';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, TICKET_STATUS, type AdmissionTicket } from '@tegang/domain';
import {
  createTicket,
  deleteTicket,
  deleteTickets,
  getTicket,
  pageTickets,
  updateTicket,
  type TicketCreatePayload,
  type TicketFilters,
  type TicketPayload,
  type TicketUpdatePayload,
} from './admin-api';
import { useTicketData } from './admin-data';
import { ArrangeDialog } from './arrange-dialog';
import { GenerateProgress } from './generate-progress';
import {
  TicketEnrollFields,
  TicketExamFields,
  ticketFormValues,
  ticketPayload,
  type TicketFormValues,
} from './ticket-form';
import { TicketToolbar, ticketRowButtons } from './ticket-toolbar';
import { useTicketActions } from './use-ticket-actions';
import { listPlanOptions } from '../recruit-plan/api';
import { CrudTable, type CrudConfig } from '../../components/crud';

/**
 * Admission tickets (/candidate/admissionTicket/index; spec §2 "Admission tickets", §3, §5 on-blur
 * rules, §6 region narrowing, §7): the tickets of the administrator's region with add/edit
 * (encrypted), detail, delete (a distributed ticket cannot be deleted), distribute / cancel for the
 * selected rows or a whole plan, 编排考场 (arrangement with preview), 生成准考证 with its progress, a
 * PDF preview per row, import (per plan) and export — each behind its PERMISSIONS.admissionTicket key.
 */

const P = PERMISSIONS.admissionTicket;

type Row = AdmissionTicket;

/**
 * The admission tickets screen (see above): a CrudTable configuration — columns and detail from
 * admin-data, actions from useTicketActions, the toolbar TicketToolbar — plus its dialogs.
 */
export default function AdmissionTicketScreen() {
  const { t } = useTranslation();
  const { data: plans = [] } = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  /** The plan chosen in the search: the target of the import and of the whole-plan actions. */
  const [plan, setPlan] = useState<number | null>(null);
  const [arranging, setArranging] = useState<{ reload: () => void } | null>(null);
  const { columns, detail } = useTicketData({ plans, onPlan: setPlan });
  const actions = useTicketActions({ plan, plans });

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
      <TicketToolbar
        key="toolbar"
        ctx={ctx}
        actions={actions}
        plan={plan}
        onArrange={() => setArranging({ reload: ctx.reload })}
      />,
    ],
    rowActions: (row, ctx) => ticketRowButtons(row, ctx, actions, t),
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
    detail,
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
        target={actions.generating?.target ?? null}
        onClose={actions.closeGenerating}
        onDone={() => actions.generating?.reload()}
      />
    </>
  );
}
