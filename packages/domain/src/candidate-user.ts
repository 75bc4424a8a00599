import { z } from 'zod';
import { CANDIDATE_STATE } from './account';
import { idNumber, numberFilter, optionalString, phoneString, type FieldLabels } from './validation';

/**
 * Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list";
 * §3 Candidate user realName, idCard, telephone, state): the list searches, the state change with its
 * reason and the phone edit. A candidate's name and ID number are the identity and are never edited here.
 */

/** The candidate states of CANDIDATE_STATE: '0' active, '1' disabled. */
export const CANDIDATE_STATES = [CANDIDATE_STATE.active, CANDIDATE_STATE.disabled] as const;
/** The longest reason an administrator may give for disabling a candidate. */
export const CANDIDATE_STATE_REASON_MAX = 200;

/** Search of GET /candidate/candidateUser/page: realName contains, idCard and telephone prefix/contains, state. */
export const candidateUserQuerySchema = z.object({
  realName: optionalString(30),
  idCard: numberFilter(18, true),
  telephone: numberFilter(11),
  state: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(CANDIDATE_STATES, { error: 'rule.invalidOption' }).optional(),
  ),
});
export type CandidateUserQuery = z.output<typeof candidateUserQuerySchema>;

/** Search of GET /candidate/registeredPersonnel/page: as the state list plus the region applied to. */
export const registeredPersonnelQuerySchema = candidateUserQuerySchema.extend({
  cityCode: optionalString(12),
  countyCode: optionalString(12),
});
export type RegisteredPersonnelQuery = z.output<typeof registeredPersonnelQuerySchema>;

/**
 * POST /candidate/candidateUser/updateState/{id}: {state, reason}. Disabling needs a reason (at most
 * CANDIDATE_STATE_REASON_MAX characters, reported on `reason`); enabling ignores and clears it.
 */
export const candidateStateSchema = z
  .object({
    state: z.enum(CANDIDATE_STATES, { error: 'rule.invalidOption' }),
    reason: optionalString(CANDIDATE_STATE_REASON_MAX, 'text'),
  })
  .superRefine((v, ctx) => {
    if (v.state === CANDIDATE_STATE.disabled && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'candidateUser.reason.required' });
  });
export type CandidateStateInput = z.output<typeof candidateStateSchema>;

/** PUT /candidate/registeredPersonnel (encrypted): only the phone changes; name and ID number stay. */
export const registeredPersonnelUpdateSchema = z.object({
  id: idNumber(),
  telephone: phoneString(),
});
export type RegisteredPersonnelUpdateInput = z.output<typeof registeredPersonnelUpdateSchema>;

/** Field labels of the candidate account payloads (400 messages name these). */
export const CANDIDATE_USER_LABELS: FieldLabels = {
  realName: 'field.realName',
  idCard: 'field.idCard',
  telephone: 'field.telephone',
  state: 'field.state',
  reason: 'field.candidateUser.stateReason',
  cityCode: 'field.candidateUser.region',
  countyCode: 'field.candidateUser.region',
};

/**
 * One candidate account as the back office sees it: never the password hash; `idCard` masked
 * (520102********1234) in lists and whole in the registered-personnel detail.
 */
export const candidateAccountSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  idCard: z.string(),
  gender: z.string(),
  birthday: z.string(),
  telephone: z.string(),
  state: z.string(),
  stateReason: z.string().nullable(),
  createTime: z.string(),
  /** The regions of the candidate's applications, newest first (empty when they have not applied). */
  regions: z.array(z.object({ cityCode: z.string(), countyCode: z.string(), enrollCounty: z.string() })),
});
export type CandidateAccount = z.output<typeof candidateAccountSchema>;
