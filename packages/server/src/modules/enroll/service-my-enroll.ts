import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PLAN_RANGES,
  PLAN_STATUS,
  TICKET_STATUS,
  resultsOpen,
  shownAuditReason,
  ticketPrintOpen,
  type MyEnroll,
  type PlanStatus,
  type PlanTimeField,
  type PlanTimeline,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionResult, admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { perDb } from '../../lib/per-db';

/**
 * The candidate's applications across plans (GET /api/enroll/listMyEnroll): every published plan
 * (open or closed) she applied to with her enrolment, ticket and result, read in one statement. Her
 * form, ticket and results of an earlier plan stay reachable through that plan's own windows whatever
 * plan is open now (spec §3 "Admission ticket", §7 results; docs/security.md "Retention").
 */

const PLAN_TIME_FIELDS = PLAN_RANGES.flatMap(([start, end]) => [start, end]) as PlanTimeField[];

/**
 * One row per enrolment of the candidate: the plan, the enrolment, a distributed ticket (left join),
 * the result (left join). From the plans (a handful) into enroll by its unique (plan_id,
 * candidate_id) index, so no index on candidate_id alone is needed. Prepared once per database.
 */
const myEnrollQuery = perDb((db: Db) =>
  db
    .select({
      planId: recruitPlan.id,
      name: recruitPlan.name,
      year: recruitPlan.year,
      status: recruitPlan.status,
      customerServicePhone: recruitPlan.customerServicePhone,
      purgeTime: recruitPlan.purgeTime,
      ...(Object.fromEntries(PLAN_TIME_FIELDS.map((f) => [f, recruitPlan[f]])) as Record<
        PlanTimeField,
        typeof recruitPlan.enrollStartTime
      >),
      enrollId: enroll.id,
      serialNo: enroll.serialNo,
      auditStatus: enroll.auditStatus,
      auditReason: enroll.auditReason,
      ticketId: admissionTicket.id,
      admissionStatus: admissionResult.admissionStatus,
      officeSchool: admissionResult.officeSchool,
    })
    .from(recruitPlan)
    .innerJoin(
      enroll,
      and(eq(enroll.planId, recruitPlan.id), eq(enroll.candidateId, sql.placeholder('candidateId'))),
    )
    .leftJoin(
      admissionTicket,
      and(eq(admissionTicket.enrollId, enroll.id), eq(admissionTicket.status, TICKET_STATUS.distributed)),
    )
    .leftJoin(admissionResult, eq(admissionResult.enrollId, enroll.id))
    .where(inArray(recruitPlan.status, [PLAN_STATUS.open, PLAN_STATUS.closed]))
    .orderBy(desc(recruitPlan.enrollStartTime), desc(recruitPlan.id))
    .prepare('enroll_my_list'),
);

/**
 * GET /api/enroll/listMyEnroll: the applications of candidate `candidateId` (her own rows only, by
 * the session's candidate; no region applies), newest plan first (latest enrolment start, then
 * the higher id). A plan withdrawn to unpublished (status '0') is left out, as candidates never see
 * one. Each item (domain MyEnroll): the plan with its whole timeline and `purged`; the enrolment id,
 * 报名序号, audit status and the rejection's reason; `ticket` distributed / pending only inside the
 * plan's print window, else null; `result` {admissionStatus, officeSchool} from the score-query start
 * on when she has one, else null. A purged plan answers neither ticket nor result (its files and
 * personal data are gone). Never throws for an account without enrolments: [].
 */
export async function myEnrollList(ctx: AppContext, candidateId: number): Promise<MyEnroll[]> {
  const rows = await myEnrollQuery(ctx.db).execute({ candidateId });
  const now = ctx.now();
  return rows.map((row) => {
    const timeline = Object.fromEntries(
      PLAN_TIME_FIELDS.map((f) => [f, row[f].toISOString()]),
    ) as PlanTimeline;
    const purged = row.purgeTime !== null;
    const ticket =
      purged || !ticketPrintOpen(timeline, now)
        ? null
        : row.ticketId !== null
          ? TICKET_STATUS.distributed
          : TICKET_STATUS.pending;
    const result =
      purged || !resultsOpen(timeline, now) || row.admissionStatus === null
        ? null
        : { admissionStatus: row.admissionStatus, officeSchool: row.officeSchool };
    return {
      plan: {
        id: row.planId,
        name: row.name,
        year: row.year,
        status: row.status as PlanStatus,
        customerServicePhone: row.customerServicePhone,
        purged,
        ...timeline,
      },
      enrollId: row.enrollId,
      serialNo: row.serialNo,
      auditStatus: row.auditStatus,
      auditReason: shownAuditReason(row.auditStatus, row.auditReason),
      ticket,
      result,
    };
  });
}
