import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUS, type AdmissionTicket, type PlanOption } from '@tegang/domain';
import {
  distributePlan,
  distributeTickets,
  generateTickets,
  pageTickets,
  ticketPreviewLink,
} from './admin-api';
import type { GenerateTarget } from './generate-progress';
import { useActions } from '../../components/crud';

type Row = AdmissionTicket;

/** A generation under way: its job, and the list to reload when it ends. */
export interface Generating {
  target: GenerateTarget;
  reload: () => void;
}

/**
 * The admission tickets screen's actions (spec §2 "Admission tickets": 分发 / 取消分发 for rows or a
 * whole plan, 生成准考证 with its progress, 预览 of a ticket's PDF). `plan` is the plan chosen in the
 * search (the target of the whole-plan actions; each warns 'admin.ticket.choosePlan' without one),
 * `plans` name it in the confirmations. Each action confirms first and reloads the list after.
 */
export function useTicketActions(props: { plan: number | null; plans: PlanOption[] }) {
  const { plan, plans } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useActions();
  const [generating, setGenerating] = useState<Generating | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);

  const planName = (id: number | null) => plans.find((p) => p.id === id)?.name ?? '';
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  const distributed = (count: number) => void message.success(t('admin.ticket.distributed', { count }));

  /** 分发 (or 取消分发 with `cancel`) the given rows. */
  const distribute = (rows: Row[], cancel: boolean, reload: () => void) =>
    actions.confirm({
      content: t(cancel ? 'admin.ticket.cancelConfirm' : 'admin.ticket.distributeConfirm', {
        count: rows.length,
      }),
      okTestId: 'ticket-distribute-ok',
      call: () => distributeTickets(ids(rows), cancel),
      onSuccess: (r) => distributed(r.data.count),
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
      onSuccess: (r) => distributed(r.data.count),
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

  return {
    distribute,
    distributeWholePlan,
    generate,
    preview,
    /** The row whose preview link is being fetched. */
    previewing,
    generating,
    closeGenerating: () => setGenerating(null),
  };
}

export type TicketActions = ReturnType<typeof useTicketActions>;
