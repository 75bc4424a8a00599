import { and, eq, ne, or, sql } from 'drizzle-orm';
import {
  checkSmsCode,
  type CandidateInfo,
  type EditUserInfoInput,
  type IdCardInfo,
  type Lang,
  type MessageKey,
  CANDIDATE_STATE,
} from '@tegang/domain';
import { fieldError, verifySmsCode } from './sms-codes';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { authSession, candidateUser } from '../../db/schema';
import { AppError, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { perDb } from '../../lib/per-db';
import { revokeCached } from '../../lib/session-cache';

/**
 * The candidate accounts in the database (spec §3 "Candidate user", §7 "Candidate auth and account").
 * User name, ID number and phone are each unique (unique indexes candidate_user_*_uq); the checks
 * here give the friendly 409 first, and a race that gets past them is turned into the same 409.
 */
export type CandidateRow = typeof candidateUser.$inferSelect;

/** The session view of a candidate (GET /api/auth/getInfo): never the hash or the lockout state. */
export function toCandidateInfo(row: CandidateRow): CandidateInfo {
  return {
    id: row.id,
    userName: row.userName,
    realName: row.realName,
    idCard: row.idCard,
    gender: row.gender,
    birthday: row.birthday,
    telephone: row.telephone,
  };
}

/** The account by id, prepared once per database (Drizzle `.prepare`: a named statement). */
const candidateById = perDb((db: Db) =>
  db
    .select()
    .from(candidateUser)
    .where(eq(candidateUser.id, sql.placeholder('id')))
    .prepare('candidate_by_id'),
);

/** The candidate behind a session; 401 when the account is gone or no longer active (state '0'). */
export async function loadCandidate(db: Db, id: number): Promise<CandidateRow> {
  const [row] = await candidateById(db).execute({ id });
  if (!row || row.state !== CANDIDATE_STATE.active) throw unauthorized();
  return row;
}

/** The candidate account holding `telephone`, or undefined. */
export async function findByTelephone(db: Db, telephone: string): Promise<CandidateRow | undefined> {
  const [row] = await db.select().from(candidateUser).where(eq(candidateUser.telephone, telephone));
  return row;
}

/** True when another account (not `exceptId`) holds `telephone`. */
export async function telephoneTaken(db: Db, telephone: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: candidateUser.id })
    .from(candidateUser)
    .where(
      exceptId === undefined
        ? eq(candidateUser.telephone, telephone)
        : and(eq(candidateUser.telephone, telephone), ne(candidateUser.id, exceptId)),
    )
    .limit(1);
  return Boolean(row);
}

type UniqueField = 'userName' | 'idCard' | 'telephone';
const UNIQUE: Record<UniqueField, { constraint: string; key: MessageKey }> = {
  userName: { constraint: 'candidate_user_user_name_uq', key: 'account.userName.exists' },
  idCard: { constraint: 'candidate_user_id_card_uq', key: 'account.idCard.exists' },
  telephone: { constraint: 'candidate_user_telephone_uq', key: 'account.telephone.exists' },
};
const conflictOn = (field: UniqueField) => new AppError(409, UNIQUE[field].key, {}, { field });

/** Throws 409 for the first of user name, ID number, phone that another account already holds. */
export async function assertUnique(
  db: Db,
  values: Partial<Record<UniqueField, string>>,
  exceptId?: number,
): Promise<void> {
  const fields = (Object.keys(UNIQUE) as UniqueField[]).filter((f) => values[f] !== undefined);
  if (fields.length === 0) return;
  const rows = await db
    .select({
      id: candidateUser.id,
      userName: candidateUser.userName,
      idCard: candidateUser.idCard,
      telephone: candidateUser.telephone,
    })
    .from(candidateUser)
    .where(or(...fields.map((f) => eq(candidateUser[f], values[f]!))));
  for (const field of fields)
    if (rows.some((r) => r.id !== exceptId && r[field] === values[field])) throw conflictOn(field);
}

/** The field of a 409 thrown by assertUnique or rethrowUnique, or null for any other error. */
export function conflictField(err: unknown): UniqueField | null {
  if (!(err instanceof AppError) || err.code !== 409) return null;
  const field = (err.data as { field?: string } | null)?.field;
  return field && field in UNIQUE ? (field as UniqueField) : null;
}

/** Turns a unique violation of candidate_user into its 409; rethrows anything else. */
export function rethrowUnique(err: unknown): never {
  const pgError = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  if (pgError?.code === '23505')
    for (const field of Object.keys(UNIQUE) as UniqueField[])
      if (pgError.constraint === UNIQUE[field].constraint) throw conflictOn(field);
  throw err;
}

export interface NewCandidate {
  userName: string;
  password: string;
  realName: string;
  /** The parsed ID number: gender and birthday are read from it. */
  id: IdCardInfo;
  telephone: string;
}

/** Creates the account with an argon2id hash of the password; 409 on a taken name, ID or phone. */
export async function createCandidate(ctx: AppContext, input: NewCandidate): Promise<number> {
  const { id } = input;
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await ctx.db
      .insert(candidateUser)
      .values({
        userName: input.userName,
        passwordHash,
        realName: input.realName,
        idCard: id.normalized,
        gender: id.gender,
        birthday: id.birthday,
        telephone: input.telephone,
      })
      .returning({ id: candidateUser.id });
    return row!.id;
  } catch (err) {
    rethrowUnique(err);
  }
}

/**
 * Sets a new password, clears the lockout and ends every session of the candidate (password change
 * and reset), in one transaction.
 */
export async function setPassword(ctx: AppContext, candidateId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(candidateUser)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updateTime: ctx.now() })
      .where(eq(candidateUser.id, candidateId));
    await tx
      .delete(authSession)
      .where(and(eq(authSession.kind, 'candidate'), eq(authSession.subjectId, candidateId)));
  });
  await revokeCached(ctx.db, { kind: 'candidate', subjectIds: [candidateId] });
}

/**
 * POST /api/editUserInfo: saves real name and phone of the candidate; a new phone needs its
 * getEditCode code (400 naming 'code': 'rule.smsCode' | 'sms.code.wrong' | 'sms.code.voided') and must
 * be free (409 'account.telephone.exists'). Returns the updated session view.
 */
export async function editUserInfo(
  ctx: AppContext,
  candidateId: number,
  input: EditUserInfoInput,
  lang: Lang,
): Promise<CandidateInfo> {
  const { realName, telephone, code } = input;
  const me = await loadCandidate(ctx.db, candidateId);
  let consume: (() => Promise<void>) | null = null;
  if (telephone !== me.telephone) {
    if (checkSmsCode(code)) throw fieldError(lang, 'code', 'rule.smsCode');
    consume = await verifySmsCode(ctx, lang, 'editUserInfo', telephone, code!);
    await assertUnique(ctx.db, { telephone }, me.id);
  }
  const [row] = await ctx.db
    .update(candidateUser)
    .set({ realName, telephone, updateTime: ctx.now() })
    .where(eq(candidateUser.id, me.id))
    .returning()
    .catch(rethrowUnique);
  await consume?.();
  return toCandidateInfo(row!);
}
