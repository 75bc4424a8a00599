import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADMISSION_PASSES,
  ADMISSION_STATUSES,
  formatDateTime,
  hasPermission,
  MASKED,
  PERMISSIONS,
  resultsOpen,
  translate,
  type AdmissionResultDetail,
  type AdmissionResultQuery,
  type AdmissionResultRow,
  type CandidateResult,
  type Lang,
  type MessageKey,
  type Page,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionResult, enroll, recruitPlan } from '../../db/schema';
import { page } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { ENROLL_FILTER_COLUMNS, enrollFilters } from '../../lib/enroll-filters';
import { offsetOf, type Paging } from '../../lib/paging';
import { scopeWhere } from '../../lib/scope';
import { SealedValueError, unseal, type SealedSlot } from '../../lib/sealed';
import type { AdminPrincipal } from '../../types';
import { loadRegions } from '../../lib/regions';
import { writeTrail } from '../monitor/service-trail';

/**
 * Admission results in the back office (spec §2 "Admission results", §3 "Admission result", §7):
 * list, detail, delete, code lists. The region scope is the enrolment's (province/city/county codes of
 * `enroll`). The physical examination result is sealed at rest (lib/sealed.ts, bound to its column and
 * row by {@link peSlot}): lists never read it (only whether one exists), the detail opens
 * it only for holders of PERMISSIONS.admissionResult.physicalExam and writes each such view to the
 * append-only trail first (without the value; docs/security.md "Trails").
 */

/** The table and column of the sealed physical examination result (associated data of lib/sealed.ts). */
export const PE_COLUMN = 'admission_result.physical_examination';

/**
 * Where a physical examination result is sealed: its column and its row, identified by the enrolment
 * id ('enroll_id=<id>'). The enrolment id, not the result id, because the import seals before it
 * upserts (the result id does not exist yet for a new row) and a result is unique per enrolment
 * (admission_result_enroll_uq), so the binding holds across re-imports of the same candidate.
 */
export function peSlot(enrollId: number): SealedSlot {
  return { column: PE_COLUMN, row: `enroll_id=${enrollId}` };
}

/**
 * Opens the physical examination result of result `resultId`. A value that does not open (copied from
 * another row, altered, or under a key no longer configured) answers 409 'result.sealed.unreadable'
 * {id}, never the ciphertext or a 500.
 */
export function openPhysicalExam(
  ctx: AppContext,
  sealed: string,
  enrollId: number,
  resultId: number,
): string {
  try {
    return unseal(ctx.dataKeys, sealed, peSlot(enrollId));
  } catch (error) {
    if (error instanceof SealedValueError)
      throw new AppError(409, 'result.sealed.unreadable', { id: resultId });
    throw error;
  }
}

/** A numeric(6,2) as the text of the domain's score ('85.50' → '85.5', '90.00' → '90'). */
export function scoreText(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** The columns of a list row: never the sealed value itself, only whether there is one. */
export const rowColumns = {
  id: admissionResult.id,
  planId: admissionResult.planId,
  planYear: recruitPlan.year,
  planName: recruitPlan.name,
  enrollId: admissionResult.enrollId,
  name: enroll.name,
  idCard: enroll.idCard,
  admissionNumber: admissionResult.admissionNumber,
  enrollCounty: enroll.enrollCounty,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
  admissionAcademicSession: admissionResult.admissionAcademicSession,
  admissionSubject: admissionResult.admissionSubject,
  examTotalScore: admissionResult.examTotalScore,
  hasPhysicalExamination: sql<boolean>`(${admissionResult.physicalExamination} is not null)`,
  remarks: admissionResult.remarks,
  admissionStatus: admissionResult.admissionStatus,
  createTime: admissionResult.createTime,
  updateTime: admissionResult.updateTime,
};
type RowSelect = Awaited<ReturnType<typeof selectRows>>[number];

/** County code → name (the list's region column). */
export async function countyNames(db: Db): Promise<Map<string, string>> {
  const regions = await loadRegions(db);
  return new Map(regions.filter((r) => r.level === 3).map((r) => [r.code, r.name]));
}

/** A selected row → AdmissionResultRow, physical exam {@link MASKED} when one exists. */
export function toRow(r: RowSelect, counties: Map<string, string>): AdmissionResultRow {
  const { hasPhysicalExamination, enrollCounty, ...rest } = r;
  return {
    ...rest,
    region: counties.get(r.countyCode) ?? enrollCounty,
    examTotalScore: scoreText(r.examTotalScore),
    physicalExamination: hasPhysicalExamination ? MASKED : null,
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
  };
}

/**
 * The search of the page and the export (admissionResultQuerySchema) inside `scope`: the enrolment
 * search (lib/enroll-filters.ts: plan — the result's —, name, ID number, the enrolment's city and
 * county), admission number (contains), admitted session and subject (dictionary values), admission
 * status.
 */
export function resultSearch(query: AdmissionResultQuery, scope: RegionScope): SQL | undefined {
  return and(
    ...enrollFilters(query, scope, { ...ENROLL_FILTER_COLUMNS, planId: admissionResult.planId }),
    query.admissionNumber
      ? sql`${admissionResult.admissionNumber} like ${containsPattern(query.admissionNumber)}`
      : undefined,
    query.admissionAcademicSession
      ? eq(admissionResult.admissionAcademicSession, query.admissionAcademicSession)
      : undefined,
    query.admissionSubject ? eq(admissionResult.admissionSubject, query.admissionSubject) : undefined,
    query.admissionStatus ? eq(admissionResult.admissionStatus, query.admissionStatus) : undefined,
  );
}

/** The list rows of `where` (joined to the enrolment and the plan), to be ordered and limited. */
export function selectRows(db: Db, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(admissionResult)
    .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
    .innerJoin(recruitPlan, eq(recruitPlan.id, admissionResult.planId))
    .where(where);
}

/**
 * GET /candidate/admissionResults/page: the results matching `query` inside `scope`, newest first:
 * {records: AdmissionResultRow[], total, current, size}; physicalExamination is '***' or null, the
 * sealed value is not even read.
 */
export async function pageResults(
  db: Db,
  scope: RegionScope,
  query: AdmissionResultQuery & Paging,
): Promise<Page<AdmissionResultRow>> {
  const where = resultSearch(query, scope);
  const [rows, [n], counties] = await Promise.all([
    selectRows(db, where).orderBy(desc(admissionResult.id)).limit(query.size).offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(admissionResult)
      .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
      .where(where),
    countyNames(db),
  ]);
  return page(
    rows.map((r) => toRow(r, counties)),
    n!.n,
    query.current,
    query.size,
  );
}

/** Who reads a detail, and from where (the trail entry of a clear view). */
export interface Viewer {
  admin: AdminPrincipal;
  ip: string;
  url: string;
}

/**
 * GET /candidate/admissionResults/{id}: both groups of spec §2 for a result inside the viewer's scope
 * (404 'result.notFound' outside or unknown). The physical examination result is opened only when the
 * viewer holds PERMISSIONS.admissionResult.physicalExam and one exists; that view is first written to
 * the append-only trail (event 'physicalExamination.viewed', the result id, never the value) — no
 * trail entry, no clear value. Otherwise {@link MASKED} (or null when none) and
 * physicalExaminationVisible false.
 */
export async function resultDetail(
  ctx: AppContext,
  id: number,
  viewer: Viewer,
): Promise<AdmissionResultDetail> {
  const [found] = await ctx.db
    .select({
      row: rowColumns,
      sealed: admissionResult.physicalExamination,
      result: admissionResult,
      enroll: {
        gender: enroll.gender,
        birthday: enroll.birthday,
        nation: enroll.nation,
        politicalAffiliation: enroll.politicalAffiliation,
        graduateCollege: enroll.graduateCollege,
        education: enroll.education,
        major: enroll.major,
        freshmen: enroll.freshmen,
        isNormal: enroll.isNormal,
        teacherCertification: enroll.teacherCertification,
        teacherCertificationType: enroll.teacherCertificationType,
        address: enroll.address,
        phone: enroll.phone,
        enrollCounty: enroll.enrollCounty,
        academicSession: enroll.academicSession,
        subject: enroll.subject,
      },
    })
    .from(admissionResult)
    .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
    .innerJoin(recruitPlan, eq(recruitPlan.id, admissionResult.planId))
    .where(and(eq(admissionResult.id, id), scopeWhere(enroll, viewer.admin.scope)));
  if (!found) throw new AppError(404, 'result.notFound');
  const counties = await countyNames(ctx.db);
  const row = toRow(found.row, counties);
  const visible =
    found.sealed !== null &&
    hasPermission(viewer.admin.permissions, PERMISSIONS.admissionResult.physicalExam);
  let physicalExamination = row.physicalExamination;
  if (visible) {
    const clear = openPhysicalExam(ctx, found.sealed!, found.row.enrollId, id);
    await logPhysicalExamView(ctx, id, found.row.enrollId, viewer);
    physicalExamination = clear;
  }
  const r = found.result;
  return {
    ...row,
    ...found.enroll,
    birthday: String(found.enroll.birthday),
    reviewResult: r.reviewResult,
    writeExamScore: scoreText(r.writeExamScore),
    interviewScore: scoreText(r.interviewScore),
    preJobTraining: r.preJobTraining,
    admissionCounty: r.admissionCounty && (counties.get(r.admissionCounty) ?? r.admissionCounty),
    admissionCountyCode: r.admissionCounty,
    officeSchool: r.officeSchool,
    physicalExamination,
    physicalExaminationVisible: visible,
  };
}

/**
 * The trail entry of one clear view of a physical examination result (docs/security.md "Trails"):
 * who, from where, the result and its enrolment with the enrolment's region codes — never the value.
 * The trail is append-only, so no log administrator can remove the record of a view.
 */
async function logPhysicalExamView(ctx: AppContext, resultId: number, enrollId: number, viewer: Viewer) {
  const [region] = await ctx.db
    .select({ provinceCode: enroll.provinceCode, cityCode: enroll.cityCode, countyCode: enroll.countyCode })
    .from(enroll)
    .where(eq(enroll.id, enrollId));
  await writeTrail(ctx.db, { id: viewer.admin.id, userName: viewer.admin.userName, ip: viewer.ip }, [
    {
      event: 'physicalExamination.viewed',
      targetTable: 'admission_result',
      targetId: resultId,
      region,
      detail: { enrollId, url: viewer.url.split('?')[0]!.slice(0, 300) },
    },
  ]);
}

/**
 * DELETE /candidate/admissionResults/{id} and deleteByIds: removes the results `ids` in one
 * transaction, all inside `scope` or none (404 'result.notFound' when any is unknown or outside).
 * Returns the count.
 */
export async function deleteResults(ctx: AppContext, ids: number[], scope: RegionScope): Promise<number> {
  const wanted = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const inScope = await tx
      .select({ id: admissionResult.id })
      .from(admissionResult)
      .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
      .where(and(inArray(admissionResult.id, wanted), scopeWhere(enroll, scope)))
      .for('update', { of: admissionResult });
    if (inScope.length !== wanted.length) throw new AppError(404, 'result.notFound');
    const removed = await tx
      .delete(admissionResult)
      .where(inArray(admissionResult.id, wanted))
      .returning({ id: admissionResult.id });
    return removed.length;
  });
}

/** GET getAdmissionStatus: the admission statuses [{value, label}] in `lang` ('0' not admitted, '1' admitted, '2' pending). */
export function admissionStatusOptions(lang: Lang) {
  return ADMISSION_STATUSES.map((value) => ({
    value,
    label: translate(lang, `status.admission.${value}` as MessageKey),
  }));
}

/** GET getAdmissionPass: pass / fail [{value, label}] in `lang` ('1' passed, '0' failed). */
export function admissionPassOptions(lang: Lang) {
  return ADMISSION_PASSES.map((value) => ({
    value,
    label: translate(lang, `status.admissionPass.${value}` as MessageKey),
  }));
}

/**
 * GET /api/admissionResults/getAdmissionResultsByPlanId/{planId}: the candidate's own result in the
 * plan (spec §3), physical exam in clear (their own data; not logged). 400
 * 'result.window.notOpen' {start} before the plan's scoreQueryStartTime; 404 'result.none' when the
 * plan is unknown or the candidate has no result in it. 410 'retention.purged' once the plan's personal
 * data was purged.
 */
export async function candidateResult(
  ctx: AppContext,
  candidateId: number,
  planId: number,
): Promise<CandidateResult> {
  const [plan] = await ctx.db
    .select({ scoreQueryStartTime: recruitPlan.scoreQueryStartTime, purgeTime: recruitPlan.purgeTime })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, planId));
  if (!plan) throw new AppError(404, 'result.none');
  // The plan's personal data was de-identified at the end of its retention period (docs/security.md "Retention").
  if (plan.purgeTime) throw new AppError(410, 'retention.purged');
  if (!resultsOpen({ scoreQueryStartTime: plan.scoreQueryStartTime.toISOString() }, ctx.now()))
    throw new AppError(400, 'result.window.notOpen', { start: formatDateTime(plan.scoreQueryStartTime) });
  const [found] = await ctx.db
    .select({ result: admissionResult, name: enroll.name, idCard: enroll.idCard })
    .from(admissionResult)
    .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
    .where(and(eq(admissionResult.planId, planId), eq(enroll.candidateId, candidateId)));
  if (!found) throw new AppError(404, 'result.none');
  const r = found.result;
  return {
    planId,
    name: found.name,
    idCard: found.idCard,
    admissionNumber: r.admissionNumber,
    writeExamScore: scoreText(r.writeExamScore),
    interviewScore: scoreText(r.interviewScore),
    examTotalScore: scoreText(r.examTotalScore),
    physicalExamination:
      r.physicalExamination === null ? null : openPhysicalExam(ctx, r.physicalExamination, r.enrollId, r.id),
    admissionStatus: r.admissionStatus,
    officeSchool: r.officeSchool,
    admissionCounty:
      r.admissionCounty && ((await countyNames(ctx.db)).get(r.admissionCounty) ?? r.admissionCounty),
    admissionCountyCode: r.admissionCounty,
    admissionAcademicSession: r.admissionAcademicSession,
    admissionSubject: r.admissionSubject,
    remarks: r.remarks,
  };
}
