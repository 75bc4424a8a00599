import { and, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CANDIDATE_STATE,
  CANDIDATE_STATES,
  maskIdCard,
  translate,
  type CandidateAccount,
  type CandidateStateInput,
  type CandidateUserQuery,
  type CodeOption,
  type Lang,
  type Page,
  type RegionScope,
  type RegisteredPersonnelQuery,
} from '@tegang/domain';
import type { Db, Tx } from '../../db';
import { authSession, candidateUser, enroll } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { containsPattern, prefixPattern } from '../../lib/like';
import { pageOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { revokeCached } from '../../lib/session-cache';
import { assertUnique, rethrowUnique } from '../candidate/service';

/**
 * Candidate accounts in the back office (spec §2 "Registered personnel", "Candidate user state list"):
 * lists with masked ID numbers, the detail, the phone edit, enabling/disabling with a reason, deletion
 * of accounts that never applied. Region scope: an administrator with a city or county code reaches
 * only candidates with an enrolment in that region; a province-level or unrestricted one reaches all
 * (a candidate who has not applied has no region, and province is the whole system's scope).
 */

type CandidateRow = typeof candidateUser.$inferSelect;

/**
 * The condition "the candidate has an enrolment in the caller's region", or undefined when the caller
 * has no city or county code (sees every candidate).
 */
export function candidateScopeWhere(db: Db | Tx, scope: RegionScope): SQL | undefined {
  if (!scope.cityCode && !scope.countyCode) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(enroll)
      .where(and(eq(enroll.candidateId, candidateUser.id), scopeWhere(enroll, scope))),
  );
}

/** The search conditions shared by both lists (undefined entries are empty fields). */
function searchWhere(db: Db, scope: RegionScope, query: RegisteredPersonnelQuery): (SQL | undefined)[] {
  const region =
    query.cityCode || query.countyCode
      ? exists(
          db
            .select({ one: sql`1` })
            .from(enroll)
            .where(
              and(
                eq(enroll.candidateId, candidateUser.id),
                query.cityCode ? eq(enroll.cityCode, query.cityCode) : undefined,
                query.countyCode ? eq(enroll.countyCode, query.countyCode) : undefined,
              ),
            ),
        )
      : undefined;
  return [
    candidateScopeWhere(db, scope),
    query.realName ? ilike(candidateUser.realName, containsPattern(query.realName)) : undefined,
    query.idCard ? ilike(candidateUser.idCard, containsPattern(query.idCard)) : undefined,
    query.telephone ? ilike(candidateUser.telephone, prefixPattern(query.telephone)) : undefined,
    query.state ? eq(candidateUser.state, query.state) : undefined,
    region,
  ];
}

/** The answer rows: no hash or lockout columns; `idCard` masked unless `full`; regions applied to. */
async function toAccounts(db: Db, rows: CandidateRow[], full = false): Promise<CandidateAccount[]> {
  if (!rows.length) return [];
  const applied = await db
    .select({
      candidateId: enroll.candidateId,
      cityCode: enroll.cityCode,
      countyCode: enroll.countyCode,
      enrollCounty: enroll.enrollCounty,
    })
    .from(enroll)
    .where(
      inArray(
        enroll.candidateId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(enroll.createTime), desc(enroll.id));
  return rows.map((r) => ({
    id: r.id,
    userName: r.userName,
    realName: r.realName,
    idCard: full ? r.idCard : maskIdCard(r.idCard),
    gender: r.gender,
    birthday: r.birthday,
    telephone: r.telephone,
    state: r.state,
    stateReason: r.stateReason,
    createTime: r.createTime.toISOString(),
    regions: applied
      .filter((a) => a.candidateId === r.id)
      .map(({ cityCode, countyCode, enrollCounty }) => ({ cityCode, countyCode, enrollCounty })),
  }));
}

/**
 * One page of candidates inside the caller's scope, newest first (GET /candidate/candidateUser/page
 * and /candidate/registeredPersonnel/page): realName and idCard contain, telephone as a prefix, state
 * exactly, cityCode/countyCode by an enrolment there. ID numbers are masked.
 */
export async function pageCandidates(
  db: Db,
  scope: RegionScope,
  query: RegisteredPersonnelQuery & Paging,
): Promise<Page<CandidateAccount>> {
  return pageOf(db, candidateUser, query, {
    where: searchWhere(db, scope, query),
    orderBy: [desc(candidateUser.createTime), desc(candidateUser.id)],
    toRecords: (rows) => toAccounts(db, rows),
  });
}

/** The same page for the state list (no region search). */
export const pageCandidateStates = (db: Db, scope: RegionScope, query: CandidateUserQuery & Paging) =>
  pageCandidates(db, scope, query);

/** The candidate `id` inside the caller's scope, else 404 (one outside is not revealed). */
async function scopedCandidate(db: Db | Tx, scope: RegionScope, id: number): Promise<CandidateRow> {
  const [row] = await db
    .select()
    .from(candidateUser)
    .where(and(eq(candidateUser.id, id), candidateScopeWhere(db, scope)));
  if (!row) throw notFound();
  return row;
}

/**
 * 409 'retention.accountRemoved' for an account the retention job removed (docs/security.md
 * "Retention"): it is never enabled or given a phone again.
 */
function refuseRemoved(row: CandidateRow): void {
  if (row.removeTime) throw conflict('retention.accountRemoved');
}

/** One candidate inside the scope with the whole ID number (GET /candidate/registeredPersonnel/{id}). */
export async function getCandidate(db: Db, scope: RegionScope, id: number): Promise<CandidateAccount> {
  return (await toAccounts(db, [await scopedCandidate(db, scope, id)], true))[0]!;
}

/** The state options [{value, label}] in `lang`: '0' 正常 active, '1' 停用 disabled. */
export function candidateStateOptions(lang: Lang): CodeOption[] {
  return CANDIDATE_STATES.map((value) => ({ value, label: translate(lang, `candidateUser.state.${value}`) }));
}

/**
 * Enables or disables a candidate (POST /candidate/candidateUser/updateState/{id}). Disabling keeps
 * the reason (told to the candidate at login) and ends the candidate's sessions; enabling clears the
 * reason. 404 outside the scope; 409 'retention.accountRemoved' for a removed account.
 */
export async function setCandidateState(
  db: Db,
  scope: RegionScope,
  id: number,
  input: CandidateStateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    refuseRemoved(await scopedCandidate(tx, scope, id));
    const disabled = input.state === CANDIDATE_STATE.disabled;
    await tx
      .update(candidateUser)
      .set({ state: input.state, stateReason: disabled ? input.reason! : null, updateTime: sql`now()` })
      .where(eq(candidateUser.id, id));
    if (disabled)
      await tx
        .delete(authSession)
        .where(and(eq(authSession.kind, 'candidate'), eq(authSession.subjectId, id)));
  });
  await revokeCached(db, { kind: 'candidate', subjectIds: [id] });
}

/**
 * Changes a candidate's phone (PUT /candidate/registeredPersonnel); name and ID number stay. 404
 * outside the scope; 409 'account.telephone.exists' when another account holds the phone.
 */
export async function updateCandidatePhone(
  db: Db,
  scope: RegionScope,
  id: number,
  telephone: string,
): Promise<number> {
  refuseRemoved(await scopedCandidate(db, scope, id));
  await assertUnique(db, { telephone }, id);
  try {
    await db
      .update(candidateUser)
      .set({ telephone, updateTime: sql`now()` })
      .where(eq(candidateUser.id, id));
  } catch (err) {
    rethrowUnique(err);
  }
  return id;
}

/**
 * Deletes candidate accounts and their sessions in one transaction (DELETE
 * /candidate/registeredPersonnel/{id} and …/deleteByIds): all inside the scope (else 404, nothing
 * deleted) and none with an enrolment (else 409 'candidateUser.delete.enrolled', nothing deleted).
 */
export async function deleteCandidates(db: Db, scope: RegionScope, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: candidateUser.id })
      .from(candidateUser)
      .where(and(inArray(candidateUser.id, wanted), candidateScopeWhere(tx, scope)))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    const [applied] = await tx
      .select({ id: enroll.id })
      .from(enroll)
      .where(inArray(enroll.candidateId, wanted))
      .limit(1);
    if (applied) throw conflict('candidateUser.delete.enrolled');
    await tx
      .delete(authSession)
      .where(and(eq(authSession.kind, 'candidate'), inArray(authSession.subjectId, wanted)));
    await tx.delete(candidateUser).where(inArray(candidateUser.id, wanted));
  });
  await revokeCached(db, { kind: 'candidate', subjectIds: wanted });
}
