import { createHash, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPLY_FLAG,
  AUDIT_STATUS,
  shownAuditReason,
  enrollFieldApplies,
  type EnrollConditionalField,
  CREATE_STATUS,
  DOWNLOADED,
  idNumber,
  type ApplyFlag,
  type CanCandidate,
  type CandidateEnroll,
  type DownloadLink,
  ENROLL_DICT_FIELDS,
  ENROLL_LABELS,
  enrollApplySchema,
  formatDateTime,
  birthLimitIssue,
  parseIdCard,
  translate,
  validate,
  windowState,
  type Enroll,
  type EnrollApplyInput,
  type FieldError,
  type Lang,
  type MessageKey,
  type MessageParams,
  PLAN_RANGES,
  type PlanTimeline,
  PLAN_STATUS,
  type RecruitPlan,
  SERIAL_NO_DIGITS,
  serialNoPrefix,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { candidateUser, enroll, enrollSerial, recruitPlan } from '../../db/schema';
import { renderEnrollForm } from '../../documents/enroll-form';
import { loadDicts } from '../../lib/dicts';
import { AppError, ValidationError, conflict } from '../../lib/errors';
import { consumeDownloadToken, issueDownloadToken } from '../../lib/downloads';
import { findCandidateClosedPlan, findOpenPlan } from '../recruit-plan/service';
import { cachedReference } from '../../lib/reference-cache';
import { loadRegions } from '../../lib/regions';
import { perDb, poolOf } from '../../lib/per-db';
import { normalizePhoto, requirePhoto } from '../../lib/photos';
import { educationAllowed, findDemand } from '../plan-data/service';
import { timePdfRender } from '../../plugins/metrics';
import { isPgError, pgErrorOf } from '../../lib/pg-error';

/**
 * Enrolment rules on the candidate's side (spec §2 Enrolment records, §4 candidate status, §5
 * enrolment): the application's checks against the account, the plan timeline, the dictionaries, the
 * category-education mapping and the plan's demand; the own enrolment, its photo and form PDF. The
 * record helpers both sides read (toEnroll, findEnroll, enrollPdf, the photo addresses) live here;
 * the back office's scoped queries are in service-admin.ts.
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
    auditReason: shownAuditReason(row.auditStatus, row.auditReason),
    auditTime: row.auditTime?.toISOString() ?? null,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/**
 * Whether candidates may apply to `plan` at `now` (DESIGN "Plan timeline gates candidates"):
 * null when the enrolment window is open, else the message key and params saying when it opens or ended
 * (a closed plan: when it ended; no plan or an unpublished one: 'enroll.noPlan').
 */
export function enrolmentClosedReason(
  plan: { status: string; enrollStartTime: Date | string; enrollEndTime: Date | string } | null | undefined,
  now: Date,
): { key: MessageKey; params?: MessageParams } | null {
  // A closed plan (its candidates still see it) says when its enrolment ended.
  if (plan?.status === PLAN_STATUS.closed)
    return { key: 'enroll.ended', params: { end: formatDateTime(plan.enrollEndTime) } };
  if (!plan || plan.status !== PLAN_STATUS.open) return { key: 'enroll.noPlan' };
  const state = windowState(plan.enrollStartTime, plan.enrollEndTime, now);
  if (state === 'open') return null;
  if (state === 'before')
    return { key: 'enroll.notOpenYet', params: { start: formatDateTime(plan.enrollStartTime) } };
  return { key: 'enroll.ended', params: { end: formatDateTime(plan.enrollEndTime) } };
}

/**
 * A plan row with its row version: PostgreSQL's `xmin` as text, which every update of the row
 * changes. An application inserted under the guard {@link planUnchanged} is refused when the plan
 * changed after it was checked.
 */
type VersionedPlan = PlanRow & { rowVersion: string };

/**
 * Loads a plan with its row version and refuses (400, saying when the window opens) unless its
 * enrolment window is open; read through a statement prepared once per database.
 */
export async function requireOpenWindow(db: Db, planId: number, now: Date): Promise<VersionedPlan> {
  const [plan] = await planByIdQuery(db).execute({ id: planId });
  return openOrRefuse(plan, now);
}

/**
 * requireOpenWindow inside transaction `tx`, holding a share lock on the plan until it ends, so that a
 * status change waits.
 */
async function lockOpenWindow(tx: Tx, planId: number, now: Date): Promise<PlanRow> {
  const [plan] = await tx.select().from(recruitPlan).where(eq(recruitPlan.id, planId)).for('share');
  return openOrRefuse(plan, now);
}

function openOrRefuse<P extends PlanRow>(plan: P | undefined, now: Date): P {
  const reason = enrolmentClosedReason(plan, now);
  if (reason) throw new AppError(400, reason.key, reason.params);
  return plan!;
}
const planByIdQuery = perDb((db: Db) =>
  db
    .select({ ...getTableColumns(recruitPlan), rowVersion: sql<string>`${recruitPlan}.xmin::text` })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, sql.placeholder('id')))
    .prepare('plan_by_id'),
);

/**
 * The plan id of an application when the plan row is still the version `plan` was checked in, else
 * null: a scalar subquery that takes the share lock requireOpenWindow's transaction would take (a
 * plan edit waits until the application is in, and one committed meanwhile changes the version). As
 * the value of enroll.plan_id (NOT NULL), an application to a plan changed since its check is refused
 * by the insert itself (23502 on plan_id) and goes the locked way, where the plan is read again.
 */
const planUnchanged = (plan: VersionedPlan) =>
  sql<number>`(select ${recruitPlan.id} from ${recruitPlan}
    where ${recruitPlan.id} = ${plan.id} and ${recruitPlan}.xmin = ${plan.rowVersion}::xid for share)`;

/**
 * The 报名序号 of a new application to plan `planId` (of `year`) in county `countyCode` (domain
 * enroll-serial.ts: year + county code + the county's sequence, 5 digits or more), as two parts of
 * the application's one insert statement: `counter`, a data-modifying CTE raising the county's counter
 * in enroll_serial (its row made by the county's first application), to be given to `db.with(…)`,
 * and `value`, the scalar subquery reading the raised value, for enroll.serial_no. In the one
 * statement the counter's row stays locked until the application commits: a concurrent application
 * of the county waits and takes the next number, and an insert refused (unique index, the plan guard
 * planUnchanged, any constraint) rolls the raise back with it, so no number is used twice or
 * skipped. The SQL text is the same for every application (the values are parameters). Throws
 * RangeError for a year or county code that is not 4 or 6 digits (serialNoPrefix).
 */
export function nextSerialNo(db: Db | Tx, planId: number, year: string, countyCode: string) {
  const prefix = serialNoPrefix(year, countyCode);
  const counter = db.$with('enroll_serial_next').as(
    db
      .insert(enrollSerial)
      .values({ planId, countyCode, lastValue: 1 })
      .onConflictDoUpdate({
        target: [enrollSerial.planId, enrollSerial.countyCode],
        set: { lastValue: sql`${enrollSerial.lastValue} + 1` },
      })
      .returning({ lastValue: enrollSerial.lastValue }),
  );
  const sequence = sql`${counter.lastValue}::text`;
  const digits = sql.raw(String(SERIAL_NO_DIGITS.sequence));
  const value = sql<string>`(select ${prefix}::text || lpad(${sequence}, greatest(${digits}, length(${sequence})), '0')
    from ${counter})`;
  return { counter, value };
}

/** The account's ID number and real name, prepared once per database (every application reads them). */
const accountIdentityQuery = perDb((db: Db) =>
  db
    .select({ idCard: candidateUser.idCard, realName: candidateUser.realName })
    .from(candidateUser)
    .where(eq(candidateUser.id, sql.placeholder('id')))
    .prepare('candidate_identity'),
);

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
  // The name and the ID number are the account's: a posted name is replaced by the real name.
  const [account] = await accountIdentityQuery(db).execute({ id: candidateId });
  const parsed = validate(
    enrollApplySchema,
    account ? { ...fields, name: account.realName } : fields,
    lang,
    ENROLL_LABELS,
  );
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
  if (!account || account.idCard !== input.idCard) fail('idCard', 'enroll.idCardMismatch');
  const id = parseIdCard(input.idCard)!;
  const dicts = await loadDicts(db);
  // The age limit of the chosen education (birthLimits, else limitBirth).
  const tooOld = birthLimitIssue(
    plan,
    input.education,
    id.birthday,
    dicts.label('sys_education', input.education, lang),
  );
  if (tooOld) fail('idCard', tooOld.message, tooOld.params);
  for (const [field, type] of Object.entries(ENROLL_DICT_FIELDS)) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === 'string' && value && !dicts.has(type, value)) fail(field, 'rule.invalidOption');
  }
  if (errors.length) throw new ValidationError(errors);
  const demand = await findDemand(db, plan.id, input);
  const allowed = demand
    ? demand.educationAllowed
    : await educationAllowed(db, input.planType, input.education);
  if (!allowed) fail('planType', 'enroll.categoryEducation');
  if (!demand) fail('subject', 'enroll.noDemand');
  if (errors.length) throw new ValidationError(errors);
  // Regions are kept in memory (lib/regions.ts): the county's name without a query.
  const county = (await loadRegions(db)).find((r) => r.code === demand!.countyCode);
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
  const applies = (field: EnrollConditionalField) => enrollFieldApplies(field, input);
  return {
    ...input,
    // A conditional field is stored only where it applies (the certificate/priority rule).
    teacherCertificationType: applies('teacherCertificationType')
      ? (input.teacherCertificationType ?? null)
      : null,
    teacherCertificationSubject: applies('teacherCertificationSubject')
      ? (input.teacherCertificationSubject ?? null)
      : null,
    priorityContent: applies('priorityContent') ? (input.priorityContent ?? null) : null,
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
  return savePhoto(ctx, await photoForStorage(data, lang));
}

/** The normalised JPEG of an uploaded photo (lib/photos.ts); a bad photo is a 400 on `updateImg`. */
async function photoForStorage(data: Buffer, lang: Lang): Promise<Buffer> {
  try {
    return await normalizePhoto(data);
  } catch (e) {
    if (e instanceof AppError) throw photoError(e.key, lang, e.params);
    throw e;
  }
}

/** Stores a normalised photo under a new key and returns the key. */
async function savePhoto(ctx: AppContext, jpeg: Buffer): Promise<string> {
  const key = `enroll/photo/${randomUUID()}.jpg`;
  await ctx.storage.put(key, jpeg);
  return key;
}

/**
 * One enrolment with its plan (year, name, and when its personal data was purged: docs/security.md
 * "Retention"), or undefined. `where` narrows it (owner, scope).
 */
export async function findEnroll(
  db: Db,
  where: SQL | undefined,
): Promise<{ row: EnrollRow; plan: { year: string; name: string; purgeTime: Date | null } } | undefined> {
  const [hit] = await db
    .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name, purgeTime: recruitPlan.purgeTime })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .where(where)
    .limit(1);
  return hit && { row: hit.row, plan: { year: hit.year, name: hit.name, purgeTime: hit.purgeTime } };
}

/**
 * The layout of the enrolment form (documents/enroll-form.ts), part of a stored form's key
 * (enroll/form/<id>-<layout>-<uuid>.pdf): a form stored with an earlier layout (without the 报名序号
 * and the on-site audit box, its key without this part) is not current and is rendered anew when
 * next asked for.
 */
const FORM_LAYOUT = 'f2';
const formKeyPrefix = (id: number) => `enroll/form/${id}-${FORM_LAYOUT}-`;

/**
 * The enrolment form PDF of a row: the stored one when current (generated, of FORM_LAYOUT), else
 * rendered, stored and marked generated (createStatus '1'). `force` renders anew. 410
 * 'retention.purged' for a plan whose personal data was purged: no form is rendered or stored for it
 * again (docs/security.md "Retention").
 */
export async function enrollPdf(
  ctx: AppContext,
  row: EnrollRow,
  plan: { year: string; name: string; purgeTime?: Date | null },
  force = false,
): Promise<Buffer> {
  if (plan.purgeTime) throw new AppError(410, 'retention.purged');
  const stale = !row.pdfFile?.startsWith(formKeyPrefix(row.id));
  if (!force && row.createStatus === CREATE_STATUS.generated && row.pdfFile && !stale) {
    const stored = await ctx.storage.get(row.pdfFile);
    if (stored) return stored;
  }
  // A photo named but gone is a 409 'file.photoMissing', never a blank form stored in its place.
  const photo = await requirePhoto(ctx.storage, row.picture);
  const dicts = await loadDicts(ctx.db);
  const pdf = await timePdfRender('enroll_form', () =>
    renderEnrollForm(toEnroll(row, plan), photo, dicts, ctx.now()),
  );
  const key = `${formKeyPrefix(row.id)}${randomUUID()}.pdf`;
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

// ---- The candidate's side (routes-candidate.ts) ---------------------------------------------------

/** The own-enrolment condition: enrolment `where` of the candidate `candidateId`. */
const ownedBy = (candidateId: number, where: SQL) => and(where, eq(enroll.candidateId, candidateId));

/**
 * The plan of the front-site state (spec §3 "Check-candidate response" planId): the open plan
 * whenever one is open, whether or not the candidate applied to it (new applications need it, and
 * the sidebar's status is hers in it); with none open, the closed (archived) plan she applied to most
 * recently, read-only (its form and results stay readable); else null. Her earlier plans are reached
 * by their own id (GET /api/enroll/listMyEnroll and the plan-addressed reads), so an archived plan
 * never stands in for an open one.
 */
export async function candidatePlan(ctx: AppContext, candidateId: number): Promise<RecruitPlan | null> {
  // The open plan from memory (lib/reference-cache.ts): a plan edit clears it; applying reads the plan
  // again under a lock (requireOpenWindow), so a plan a few seconds old only shapes what a page shows.
  const open = await cachedReference(ctx.db, 'openPlan', () => findOpenPlan(ctx.db));
  return open ?? (await findCandidateClosedPlan(ctx.db, candidateId));
}

/**
 * GET /api/recruitPlan/checkCanCandidate: whether the candidate may apply now, with the plan of
 * candidatePlan (spec §3 "Check-candidate response"); `message` in `lang` says when enrolment opens or
 * that it ended. limitBirth and birthLimits are the plan's age rule (birthLimitFor), shown before the
 * candidate accepts the notice.
 */
export async function candidateStatus(
  ctx: AppContext,
  candidateId: number,
  lang: Lang,
): Promise<CanCandidate> {
  const plan = await candidatePlan(ctx, candidateId);
  const reason = enrolmentClosedReason(plan, ctx.now());
  return {
    canCandidate: !reason,
    planId: plan?.id ?? null,
    message: reason ? translate(lang, reason.key, reason.params) : '',
    limitBirth: plan?.limitBirth ?? null,
    birthLimits: plan?.birthLimits ?? {},
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          year: plan.year,
          ...(Object.fromEntries(
            PLAN_RANGES.flatMap(([start, end]) => [
              [start, plan[start]],
              [end, plan[end]],
            ]),
          ) as PlanTimeline),
          customerServicePhone: plan.customerServicePhone,
          serviceCenter: plan.serviceCenter,
        }
      : null,
  };
}

/**
 * GET /api/apply/{planId}: APPLY_FLAG.applied when the candidate has an enrolment in the plan. A named
 * (server-side prepared) statement on the pool: no query building, one parse per connection.
 */
export async function applyFlag(db: Db, planId: number, candidateId: number): Promise<ApplyFlag> {
  const { rowCount } = await poolOf(db).query({
    name: 'enroll_apply_flag',
    text: 'select 1 from enroll where plan_id = $1 and candidate_id = $2',
    values: [planId, candidateId],
  });
  return rowCount ? APPLY_FLAG.applied : APPLY_FLAG.none;
}

/**
 * The own-enrolment read of getEnrollByPlanId and of the photo route, prepared once per database
 * (Drizzle `.prepare`: built once, a named statement on each connection).
 */
const ownEnrollQuery = perDb((db: Db) =>
  db
    .select({ row: enroll, year: recruitPlan.year, name: recruitPlan.name })
    .from(enroll)
    .innerJoin(recruitPlan, eq(recruitPlan.id, enroll.planId))
    .where(
      and(
        eq(enroll.planId, sql.placeholder('planId')),
        eq(enroll.candidateId, sql.placeholder('candidateId')),
      ),
    )
    .limit(1)
    .prepare('enroll_own_by_plan'),
);

/** A multipart application as the route read it: the text fields and the photo (null when none). */
export interface Submission {
  fields: Record<string, string>;
  photo: Buffer | null;
}

/**
 * The plan of a submission (checked before it reaches the database: planId=1e30 is a 400) with its
 * enrolment window open (400 saying when it opens otherwise), and the checked fields (400 naming
 * every broken field).
 */
async function checkSubmission(
  ctx: AppContext,
  candidateId: number,
  fields: Submission['fields'],
  lang: Lang,
) {
  const planId = validate(planIdField, fields, lang, ENROLL_LABELS);
  if (!planId.ok) throw new ValidationError(planId.errors);
  const plan = await requireOpenWindow(ctx.db, planId.data.planId, ctx.now());
  const checked = await checkApplication(ctx.db, candidateId, plan, fields, lang);
  return { plan, checked };
}
const planIdField = z.object({ planId: idNumber() });

/**
 * POST /api/apply: checks and stores a new application with its photo under a share lock on the plan
 * (it cannot close meanwhile): one statement when the plan is unchanged since its check, else a
 * transaction that reads it again; the same insert gives the application its 报名序号 (nextSerialNo).
 * Returns the enrolment id. Errors: 400 (fields,
 * window, 'enroll.photo.*'), 409 'enroll.duplicate' (already applied) | 'enroll.duplicateIdCard'
 * (the ID number applied from another account). A stored photo is removed again on failure.
 */
export async function submitApplication(
  ctx: AppContext,
  candidateId: number,
  { fields, photo }: Submission,
  lang: Lang,
): Promise<number> {
  // The photo is normalised on libuv's threads (sharp) while the main thread checks the fields against
  // the database; a field error is answered before a photo error, as when the two ran one after the other.
  const [submission, normalised] = await Promise.allSettled([
    checkSubmission(ctx, candidateId, fields, lang),
    photo ? photoForStorage(photo, lang) : Promise.reject(photoError('enroll.photo.required', lang)),
  ]);
  if (submission.status === 'rejected') throw submission.reason;
  if (normalised.status === 'rejected') throw normalised.reason;
  const { plan, checked } = submission.value;
  // A second application of the same account needs no query before the insert: the unique index
  // enroll_plan_candidate_uq refuses it below ('enroll.duplicate') and the photo is removed again.
  const picture = await savePhoto(ctx, normalised.value);
  // The 报名序号 is given by the insert itself (nextSerialNo): a refused application uses none.
  const insert = async (db: Db | Tx, year: string, planId: number | SQL<number>) => {
    const now = ctx.now();
    const values = enrollValues(checked);
    const serial = nextSerialNo(db, plan.id, year, values.countyCode);
    const [row] = await db
      .with(serial.counter)
      .insert(enroll)
      .values({
        ...values,
        planId,
        candidateId,
        serialNo: serial.value,
        picture,
        createTime: now,
        updateTime: now,
      })
      .returning({ id: enroll.id });
    return row!.id;
  };
  try {
    // The window again at the insert (the photo took its time): one statement while the plan row is
    // the version checked (planUnchanged), else a transaction under a share lock on the plan read
    // again: the plan cannot be closed or withdrawn until this enrolment is in.
    openOrRefuse(plan, ctx.now());
    try {
      return await insert(ctx.db, plan.year, planUnchanged(plan));
    } catch (e) {
      if (!isPgError(e, '23502') || pgErrorOf(e)?.column !== 'plan_id') throw e;
    }
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockOpenWindow(tx, plan.id, ctx.now());
      return insert(tx, locked.year, plan.id);
    });
  } catch (e) {
    // Storage down too: the photo stays unreferenced and the file sweep removes it (lib/file-sweep.ts).
    await ctx.storage.remove(picture).catch(() => undefined);
    if (isPgError(e, '23505'))
      throw conflict(
        pgErrorOf(e)?.constraint === 'enroll_plan_id_card_uq' ? 'enroll.duplicateIdCard' : 'enroll.duplicate',
      );
    throw e;
  }
}

/**
 * PUT /api/apply: replaces the candidate's own application while the window is open (the photo only
 * when a new one comes); the enrolment form is generated anew. Returns the id; 404 'enroll.notFound'
 * without an application, 409 'enroll.audit.passedLocked' once it passed the audit, 400 as
 * POST. The version rises (an audit of the former version answers 409). Editing a rejected (or
 * pending) application resubmits it: auditStatus goes back to pending and the last rejection's
 * auditReason is cleared (the audit history keeps it, read from the trail); auditTime and auditorId
 * stay until the next decision.
 */
export async function editApplication(
  ctx: AppContext,
  candidateId: number,
  { fields, photo }: Submission,
  lang: Lang,
): Promise<number> {
  const { plan, checked } = await checkSubmission(ctx, candidateId, fields, lang);
  const current = await findEnroll(ctx.db, ownedBy(candidateId, eq(enroll.planId, plan.id)));
  if (!current) throw new AppError(404, 'enroll.notFound');
  if (current.row.auditStatus === AUDIT_STATUS.passed) throw conflict('enroll.audit.passedLocked');
  const picture = photo ? await storePhoto(ctx, photo, lang) : current.row.picture;
  try {
    const [updated] = await ctx.db
      .update(enroll)
      .set({
        ...enrollValues(checked),
        picture,
        createStatus: CREATE_STATUS.pending,
        auditStatus: AUDIT_STATUS.pending,
        // the old reason no longer applies; the trail keeps it (service-audit.ts auditHistory)
        auditReason: null,
        updateTime: ctx.now(),
        // a reviewer who read the former version cannot decide on this one (service-audit.ts)
        version: sql`${enroll.version} + 1`,
      })
      // A reviewer may pass it meanwhile: a passed application is never overwritten.
      .where(and(eq(enroll.id, current.row.id), ne(enroll.auditStatus, AUDIT_STATUS.passed)))
      .returning({ id: enroll.id });
    if (!updated) throw conflict('enroll.audit.passedLocked');
  } catch (e) {
    if (photo && picture) await ctx.storage.remove(picture);
    throw e;
  }
  if (photo && current.row.picture) await ctx.storage.remove(current.row.picture);
  return current.row.id;
}

/**
 * GET /api/enroll/getEnrollByPlanId/{planId}: the own enrolment with the address of its photo
 * (CANDIDATE_PHOTO_PREFIX, see photoPath), or null.
 */
export async function ownEnrollment(
  ctx: AppContext,
  planId: number,
  candidateId: number,
): Promise<CandidateEnroll | null> {
  const [found] = await ownEnrollQuery(ctx.db).execute({ planId, candidateId });
  if (!found) return null;
  return {
    ...toEnroll(found.row, { year: found.year, name: found.name }),
    pictureUrl: found.row.picture ? photoPath(CANDIDATE_PHOTO_PREFIX, found.row.id, found.row.picture) : null,
  };
}

/** Where the candidate reads their own photo: {prefix}/{enrollId}/{version}.jpg. */
export const CANDIDATE_PHOTO_PREFIX = '/api/enroll/photo';

/**
 * The version of a stored photo in its address: a hash of its storage key. A new photo gets a new key
 * (storePhoto), so the address changes with the picture and an answer may be cached for good.
 */
export const photoVersion = (key: string) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** The address of the photo `key` of enrolment `id` under `prefix`. */
export const photoPath = (prefix: string, id: number, key: string) =>
  `${prefix}/${id}/${photoVersion(key)}.jpg`;

/**
 * The JPEG of enrolment `id` when `where` finds it (the owner's, or one in an administrator's region)
 * and `version` is its current photo's (photoVersion); 404 'error.notFound' otherwise, alike for
 * another candidate's enrolment, another region's, an old version or a missing file.
 */
export async function enrollPhoto(
  ctx: AppContext,
  id: number,
  version: string,
  where: SQL | undefined,
): Promise<Buffer> {
  const [row] = await ctx.db
    .select({ picture: enroll.picture })
    .from(enroll)
    .where(and(eq(enroll.id, id), where));
  const data =
    row?.picture && photoVersion(row.picture) === version ? await ctx.storage.get(row.picture) : null;
  if (!data) throw new AppError(404, 'error.notFound');
  return data;
}

/** The candidate's own photo (GET /api/enroll/photo/{id}/{version}.jpg); 404 as enrollPhoto. */
export const ownPhoto = (ctx: AppContext, id: number, version: string, candidateId: number) =>
  enrollPhoto(ctx, id, version, eq(enroll.candidateId, candidateId));

/**
 * GET /api/enroll/downloadToken/{id}: a single-use link (5 min) to the own enrolment form.
 * 404 'enroll.notFound' when the enrolment is not the candidate's.
 */
export async function enrollFormLink(
  ctx: AppContext,
  id: number,
  candidateId: number,
): Promise<DownloadLink> {
  const found = await findEnroll(ctx.db, ownedBy(candidateId, eq(enroll.id, id)));
  if (!found) throw new AppError(404, 'enroll.notFound');
  if (found.plan.purgeTime) throw new AppError(410, 'retention.purged');
  const token = await issueDownloadToken(
    ctx.db,
    { kind: 'enroll-form', resourceId: found.row.id, subjectKind: 'candidate', subjectId: candidateId },
    ctx.now(),
  );
  return { url: `/api/enroll/downloadEnrollFile/${found.row.id}?token=${token}` };
}

/**
 * GET /api/enroll/downloadEnrollFile/{id}?token: consumes the download token (400
 * 'error.downloadToken' when it is not for `id`), counts the download and returns the PDF with the
 * file name in `lang` ("<form title>-<name>.pdf"). 404 'enroll.notFound'.
 */
export async function downloadEnrollForm(
  ctx: AppContext,
  id: number,
  token: string,
  lang: Lang,
): Promise<{ pdf: Buffer; fileName: string }> {
  const grant = await consumeDownloadToken(ctx.db, token, 'enroll-form', ctx.now());
  if (grant.resourceId !== id) throw new AppError(400, 'error.downloadToken');
  const found = await findEnroll(ctx.db, ownedBy(grant.subjectId, eq(enroll.id, grant.resourceId)));
  if (!found) throw new AppError(404, 'enroll.notFound');
  const pdf = await enrollPdf(ctx, found.row, found.plan);
  await ctx.db
    .update(enroll)
    .set({ pdfDownloadNum: sql`${enroll.pdfDownloadNum} + 1`, isDownload: DOWNLOADED.yes })
    .where(eq(enroll.id, found.row.id));
  return {
    pdf,
    fileName: `${translate(lang, 'enroll.form.title', { plan: found.plan.name })}-${found.row.name}.pdf`,
  };
}
