import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import {
  CREATE_STATUS,
  ENROLL_DICT_FIELDS,
  ENROLL_LABELS,
  enrollApplySchema,
  formatDateTime,
  meetsBirthLimit,
  parseIdCard,
  translate,
  validate,
  windowState,
  type Enroll,
  type EnrollApplyInput,
  type EnrollQuery,
  type FieldError,
  type Lang,
  type MessageKey,
  type MessageParams,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { candidateUser, enroll, recruitPlan, sysRegion } from '../../db/schema';
import { renderEnrollForm } from '../../documents/enroll-form';
import { loadDicts } from '../../lib/dicts';
import { AppError, ValidationError } from '../../lib/errors';
import { normalizePhoto } from '../../lib/photos';
import { scopeWhere } from '../../lib/scope';
import { educationAllowed, findDemand } from '../plan-data/service';

/**
 * Enrolment rules (spec §2 Enrolment records, §4 candidate status, §5 enrolment; issue 2): the
 * application's checks against the account, the plan timeline, the dictionaries, the category-education
 * mapping and the plan's demand; the form PDF; the administrator's scoped queries.
 */
type EnrollRow = typeof enroll.$inferSelect;
type PlanRow = typeof recruitPlan.$inferSelect;

/** Row + plan → the API shape (domain `Enroll`), ISO times. */
export function toEnroll(row: EnrollRow, plan: { year: string; name: string }): Enroll {
  const { pdfFile: _pdf, ...rest } = row;
  return {
    ...rest,
    planYear: plan.year,
    planName: plan.name,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/**
 * Whether candidates may apply to `plan` at `now` (DESIGN "Plan timeline gates candidates"):
 * null when the enrolment window is open, else the message key and params saying when it opens or ended.
 */
export function enrolmentClosedReason(
  plan: { status: string; enrollStartTime: Date | string; enrollEndTime: Date | string } | null | undefined,
  now: Date,
): { key: MessageKey; params?: MessageParams } | null {
  if (!plan || plan.status !== '1') return { key: 'enroll.noPlan' };
  const state = windowState(plan.enrollStartTime, plan.enrollEndTime, now);
  if (state === 'open') return null;
  if (state === 'before')
    return { key: 'enroll.notOpenYet', params: { start: formatDateTime(plan.enrollStartTime) } };
  return { key: 'enroll.ended', params: { end: formatDateTime(plan.enrollEndTime) } };
}

/**
 * Loads a plan and refuses (400, saying when the window opens) unless its enrolment window is open.
 * `lock` holds a share lock on the plan until the transaction ends, so that a status change waits.
 */
export async function requireOpenWindow(
  db: Db | Tx,
  planId: number,
  now: Date,
  lock = false,
): Promise<PlanRow> {
  const query = db.select().from(recruitPlan).where(eq(recruitPlan.id, planId));
  const [plan] = await (lock ? query.for('share') : query);
  const reason = enrolmentClosedReason(plan, now);
  if (reason) throw new AppError(400, reason.key, reason.params);
  return plan!;
}

export interface ApplyFields {
  input: EnrollApplyInput;
  /** Derived from the ID number (GB 11643). */
  birthday: string;
  gender: string;
  provinceCode: string;
  cityCode: string;
  enrollCounty: string;
}

/**
 * Validates an application for `candidateId` against `plan` (everything but the photo) and returns the
 * values to store. Throws ValidationError naming every broken field.
 */
export async function checkApplication(
  db: Db,
  candidateId: number,
  plan: PlanRow,
  fields: Record<string, unknown>,
  lang: Lang,
): Promise<ApplyFields> {
  const parsed = validate(enrollApplySchema, fields, lang, ENROLL_LABELS);
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  const input = parsed.data;
  const errors: FieldError[] = [];
  const fail = (field: string, key: MessageKey, params: MessageParams = {}) => {
    const label = ENROLL_LABELS[field] ?? `field.${field}`;
    errors.push({
      field,
      label: translate(lang, label),
      message: translate(lang, key, { label, ...params }),
    });
  };
  const [account] = await db
    .select({ idCard: candidateUser.idCard })
    .from(candidateUser)
    .where(eq(candidateUser.id, candidateId));
  if (!account || account.idCard !== input.idCard) fail('idCard', 'enroll.idCardMismatch');
  const id = parseIdCard(input.idCard)!;
  if (!meetsBirthLimit(id.birthday, plan.limitBirth))
    fail('idCard', 'enroll.limitBirth', { date: plan.limitBirth });
  const dicts = await loadDicts(db);
  for (const [field, type] of Object.entries(ENROLL_DICT_FIELDS)) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === 'string' && value && !dicts.has(type, value)) fail(field, 'rule.invalidOption');
  }
  if (errors.length) throw new ValidationError(errors);
  if (!(await educationAllowed(db, input.planType, input.education)))
    fail('planType', 'enroll.categoryEducation');
  const demand = await findDemand(db, plan.id, input);
  if (!demand) fail('subject', 'enroll.noDemand');
  if (errors.length) throw new ValidationError(errors);
  const [county] = await db
    .select({ name: sysRegion.name })
    .from(sysRegion)
    .where(eq(sysRegion.code, demand!.countyCode));
  return {
    input: { ...input, cityCode: demand!.cityCode },
    birthday: id.birthday,
    gender: id.gender,
    provinceCode: demand!.provinceCode,
    cityCode: demand!.cityCode,
    enrollCounty: county?.name ?? demand!.countyCode,
  };
}

/** The stored values of an application (both insert and update). */
export function enrollValues(f: ApplyFields) {
  const { planId: _planId, ...input } = f.input;
  return {
    ...input,
    teacherCertificationType: input.teacherCertificationType ?? null,
    teacherCertificationSubject: input.teacherCertificationSubject ?? null,
    priorityContent: input.priorityContent ?? null,
    birthday: f.birthday,
    gender: f.gender,
    provinceCode: f.provinceCode,
    cityCode: f.cityCode,
    enrollCounty: f.enrollCounty,
  };
}

/** The photo field of the multipart form. */
export const PHOTO_FIELD = 'updateImg';

/** A photo rule broken, as a 400 on the form's photo field. */
export function photoError(key: MessageKey, lang: Lang, params: MessageParams = {}): ValidationError {
  return new ValidationError([
    { field: PHOTO_FIELD, label: translate(lang, 'field.picture'), message: translate(lang, key, params) },
  ]);
}

/** Normalises and stores a photo; returns its storage key. A bad photo is a 400 on `updateImg`. */
export async function storePhoto(ctx: AppContext, data: Buffer, lang: Lang): Promise<string> {
  let jpeg: Buffer;
  try {
    jpeg = await normalizePhoto(data);
  } catch (e) {
    if (e instanceof AppError) throw photoError(e.key, lang, e.params);
    throw e;
  }
  const key = `enroll/photo/${randomUUID()}.jpg`;
  await ctx.storage.put(key, jpeg);
  return key;
}

/** True for PostgreSQL's unique violation. */
export const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/** One enrolment with its plan (year, name), or undefined. `where` narrows it (owner, scope). */
export async function findEnroll(
  db: Db,
  where: SQL | undefined,
): Promise<{ row: EnrollRow; plan: { year: string; name: string } } | undefined> {
  const [hit] = await db
    .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .where(where)
    .limit(1);
  return hit && { row: hit.row, plan: { year: hit.year, name: hit.name } };
}

/** The photo as a data: URL for the detail views, or null. */
export async function photoDataUrl(ctx: AppContext, key: string | null): Promise<string | null> {
  const data = key ? await ctx.storage.get(key) : null;
  return data ? `data:image/jpeg;base64,${data.toString('base64')}` : null;
}

/**
 * The enrolment form PDF of a row: the stored one when current, else rendered, stored and marked
 * generated (createStatus '1'). `force` renders anew.
 */
export async function enrollPdf(
  ctx: AppContext,
  row: EnrollRow,
  plan: { year: string; name: string },
  force = false,
): Promise<Buffer> {
  if (!force && row.createStatus === CREATE_STATUS.generated && row.pdfFile) {
    const stored = await ctx.storage.get(row.pdfFile);
    if (stored) return stored;
  }
  const photo = row.picture ? await ctx.storage.get(row.picture) : null;
  const pdf = await renderEnrollForm(toEnroll(row, plan), photo, await loadDicts(ctx.db), ctx.now());
  const key = `enroll/form/${row.id}-${randomUUID()}.pdf`;
  await ctx.storage.put(key, pdf);
  const [updated] = await ctx.db
    .update(enroll)
    .set({ pdfFile: key, createStatus: CREATE_STATUS.generated })
    .where(and(eq(enroll.id, row.id), eq(enroll.updateTime, row.updateTime)))
    .returning({ id: enroll.id });
  if (!updated)
    await ctx.storage.remove(key); // edited meanwhile: this copy is stale, keep nothing
  else if (row.pdfFile && row.pdfFile !== key) await ctx.storage.remove(row.pdfFile);
  return pdf;
}

/** The conditions of an administrator's enrolment search (spec §2 filters) inside their region. */
export function enrollSearch(query: EnrollQuery, scope: RegionScope): SQL | undefined {
  const c: (SQL | undefined)[] = [scopeWhere(enroll, scope)];
  if (query.planId) c.push(eq(enroll.planId, query.planId));
  if (query.name) c.push(ilike(enroll.name, `%${escapeLike(query.name)}%`));
  if (query.idCard) c.push(like(enroll.idCard, `${escapeLike(query.idCard.toUpperCase())}%`));
  if (query.phone) c.push(like(enroll.phone, `${escapeLike(query.phone)}%`));
  if (query.cityCode) c.push(eq(enroll.cityCode, query.cityCode));
  if (query.countyCode) c.push(eq(enroll.countyCode, query.countyCode));
  if (query.academicSession) c.push(eq(enroll.academicSession, query.academicSession));
  if (query.subject) c.push(eq(enroll.subject, query.subject));
  if (query.createStatus) c.push(eq(enroll.createStatus, query.createStatus));
  if (query.isDownload) c.push(eq(enroll.isDownload, query.isDownload));
  return and(...c);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** One page of enrolments (newest first) with the total. */
export async function pageEnrolls(db: Db, where: SQL | undefined, offset: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name })
      .from(enroll)
      .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
      .where(where)
      .orderBy(desc(enroll.createTime), desc(enroll.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(enroll)
      .where(where),
  ]);
  return { records: rows.map((r) => toEnroll(r.row, { year: r.year, name: r.name })), total: count!.total };
}

/** Streams the enrolments matching `where` in batches of `batch` (keyset on id, newest first). */
export async function* eachEnroll(db: Db, where: SQL | undefined, batch = 1000): AsyncGenerator<Enroll[]> {
  let before: number | null = null;
  for (;;) {
    const rows: { row: EnrollRow; year: string; name: string }[] = await db
      .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name })
      .from(enroll)
      .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
      .where(and(where, before === null ? undefined : lt(enroll.id, before)))
      .orderBy(desc(enroll.id))
      .limit(batch);
    if (!rows.length) return;
    yield rows.map((r) => toEnroll(r.row, { year: r.year, name: r.name }));
    before = rows[rows.length - 1]!.row.id;
  }
}

/** Deletes enrolments by id inside `scope` (one transaction) and then their files; returns the count. */
export async function deleteEnrolls(ctx: AppContext, ids: number[], scope: RegionScope): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    const inScope = await tx
      .select({ id: enroll.id })
      .from(enroll)
      .where(and(inArray(enroll.id, ids), scopeWhere(enroll, scope)))
      .for('update');
    if (inScope.length !== new Set(ids).size) throw new AppError(404, 'enroll.notFound');
    return tx
      .delete(enroll)
      .where(inArray(enroll.id, ids))
      .returning({ picture: enroll.picture, pdfFile: enroll.pdfFile });
  });
  for (const r of removed) for (const key of [r.picture, r.pdfFile]) if (key) await ctx.storage.remove(key);
  return removed.length;
}
