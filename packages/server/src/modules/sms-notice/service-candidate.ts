import { and, eq, isNull } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  shownAuditReason,
  TICKET_STATUS,
  type CandidateNotice,
  type CandidateNoticeKind,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { admissionResult, admissionTicket, enroll, recruitPlan } from '../../db/schema';

/** The later of two instants (an event that happened before its window opened shows from the opening). */
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * GET /api/notice/list: the in-site notices of candidate `candidateId` across every plan she applied
 * to (not yet anonymised by the retention), newest first — the events of the SMS notices, derived from
 * her enrolments whatever a plan's SMS switch says (docs/decisions.md "SMS notices to candidates"):
 * - rejected: her enrolment is rejected now (audit time; the reason shown to her; deadline the
 *   enrolment end);
 * - passed: her enrolment passed the audit (audit time);
 * - ticketReady: her ticket is distributed and the print window is open now (the later of the
 *   ticket's last change and the print start; deadline the print end); gone once the window ends;
 * - resultsOpen: a result was imported for her and the score query has started (the later of the
 *   result's last change and the query start; deadline the query end).
 * Only her own rows are read: the id comes from her session, never from the request.
 */
export async function candidateNotices(ctx: AppContext, candidateId: number): Promise<CandidateNotice[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      enrollId: enroll.id,
      auditStatus: enroll.auditStatus,
      auditReason: enroll.auditReason,
      auditTime: enroll.auditTime,
      planId: recruitPlan.id,
      planName: recruitPlan.name,
      enrollEndTime: recruitPlan.enrollEndTime,
      ticketPrintStartTime: recruitPlan.ticketPrintStartTime,
      ticketPrintEndTime: recruitPlan.ticketPrintEndTime,
      scoreQueryStartTime: recruitPlan.scoreQueryStartTime,
      scoreQueryEndTime: recruitPlan.scoreQueryEndTime,
      ticketStatus: admissionTicket.status,
      ticketTime: admissionTicket.updateTime,
      resultTime: admissionResult.updateTime,
    })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .leftJoin(admissionTicket, eq(admissionTicket.enrollId, enroll.id))
    .leftJoin(admissionResult, eq(admissionResult.enrollId, enroll.id))
    .where(and(eq(enroll.candidateId, candidateId), isNull(recruitPlan.purgeTime)));

  const notices: CandidateNotice[] = [];
  for (const r of rows) {
    const add = (
      kind: CandidateNoticeKind,
      time: Date,
      deadline: Date | null,
      reason: string | null = null,
    ) =>
      notices.push({
        key: `${r.enrollId}-${kind}`,
        kind,
        planId: r.planId,
        planName: r.planName,
        time: time.toISOString(),
        reason,
        deadline: deadline?.toISOString() ?? null,
      });
    if (r.auditTime && r.auditStatus === AUDIT_STATUS.rejected)
      add('rejected', r.auditTime, r.enrollEndTime, shownAuditReason(r.auditStatus, r.auditReason));
    if (r.auditTime && r.auditStatus === AUDIT_STATUS.passed) add('passed', r.auditTime, null);
    if (
      r.ticketTime &&
      r.ticketStatus === TICKET_STATUS.distributed &&
      r.ticketPrintStartTime <= now &&
      now < r.ticketPrintEndTime
    )
      add('ticketReady', later(r.ticketTime, r.ticketPrintStartTime), r.ticketPrintEndTime);
    if (r.resultTime && r.scoreQueryStartTime <= now)
      add('resultsOpen', later(r.resultTime, r.scoreQueryStartTime), r.scoreQueryEndTime);
  }
  return notices.sort((a, b) => b.time.localeCompare(a.time) || a.key.localeCompare(b.key));
}
