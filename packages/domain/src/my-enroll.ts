import { z } from 'zod';
import { TICKET_STATUS } from './admission-ticket';
import { planStatusSchema, planTimelineSchema } from './recruit-plan';

/**
 * The candidate's applications across plans (GET /api/enroll/listMyEnroll, the 我的报名 page and the
 * earlier plans on the candidate home): every published plan she applied to, newest first, with what
 * the candidate stage (candidateStage) needs to place her in that plan. Times are ISO 8601 instants.
 */

/** The plan of one application: its name, year and whole timeline, as CandidatePlan gives the open one. */
export const myEnrollPlanSchema = planTimelineSchema.extend({
  id: z.number().int(),
  name: z.string(),
  year: z.string(),
  /** PLAN_STATUS: '1' the open plan, '2' closed (archived). Unpublished plans are never listed. */
  status: planStatusSchema,
  customerServicePhone: z.string().nullable(),
  /**
   * True once the retention job anonymised the plan's personal data (recruit_plan.purge_time;
   * docs/security.md "Retention"): the photo, the form and the ticket are gone, so the application is
   * listed without actions and without ticket or result.
   */
  purged: z.boolean(),
});
export type MyEnrollPlan = z.output<typeof myEnrollPlanSchema>;

/** One application of the candidate (an enrolment with its plan, ticket state and result). */
export const myEnrollSchema = z.object({
  plan: myEnrollPlanSchema,
  /** The enrolment's id (the form's download link: GET /api/enroll/downloadToken/{enrollId}). */
  enrollId: z.number().int(),
  /** 报名序号 (enroll.serial_no); null only before one was given. */
  serialNo: z.string().nullable(),
  /** AUDIT_STATUS of the enrolment. */
  auditStatus: z.string(),
  /** The rejection reason, only while rejected (shownAuditReason); else null. */
  auditReason: z.string().nullable(),
  /**
   * The ticket as candidateStage reads it, said only inside the plan's print window (as the ticket
   * call GET /api/admissionTicket/getAdmissionTicketByPlanId answers only then):
   * TICKET_STATUS.distributed with a distributed ticket, TICKET_STATUS.pending without one; null
   * outside the window or once purged (not known).
   */
  ticket: z.enum(TICKET_STATUS).nullable(),
  /**
   * Her admission result from the plan's score-query start on (resultsOpen), as the result call
   * answers it: admissionStatus (ADMISSION_STATUS or another code of the open list) and the school;
   * null before the start, without a result, or once purged.
   */
  result: z
    .object({
      admissionStatus: z.string(),
      officeSchool: z.string().nullable(),
    })
    .nullable(),
});
export type MyEnroll = z.output<typeof myEnrollSchema>;

/** GET /api/enroll/listMyEnroll: her applications, newest plan first (latest enrolment start, then id). */
export const myEnrollListSchema = z.array(myEnrollSchema);
