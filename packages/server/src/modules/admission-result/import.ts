import { and, eq, sql } from 'drizzle-orm';
import {
  ADMISSION_PASS,
  ADMISSION_STATUS,
  ADMISSION_STATUSES,
  formatDateTime,
  parseIdCard,
  RESULT_MAX,
  SCORE_RE,
  translate,
  type MessageKey,
} from '@tegang/domain';
import { admissionResult, enroll, recruitPlan } from '../../db/schema';
import type { Db } from '../../db';
import { countyIndex, optionIndex, planParam, readPlanParam, type CountyIndex } from '../../imports/cells';
import { ImportFileError, type ImportDefinition } from '../../imports/engine';
import type { DataKeys } from '../../lib/data-keys';
import { loadDicts } from '../../lib/dicts';
import { badRequest } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';
import { seal } from '../../lib/sealed';
import { loadRegions } from '../../lib/regions';
import { peSlot } from './service';

/** One valid row, ready to write (physical exam already sealed). */
export interface ResultImportRow {
  enrollId: number;
  idCard: string;
  admissionNumber: string | null;
  reviewResult: string | null;
  writeExamScore: string | null;
  interviewScore: string | null;
  examTotalScore: string | null;
  physicalExamination: string | null;
  preJobTraining: string | null;
  admissionCounty: string | null;
  admissionAcademicSession: string | null;
  admissionSubject: string | null;
  officeSchool: string | null;
  remarks: string | null;
  admissionStatus: string;
}

interface Prep {
  planId: number;
  importId: number;
  keys: DataKeys;
  now: Date;
  /** The plan's enrolments in the importer's region by ID number. */
  enrolled: Map<string, { id: number; name: string; cityCode: string }>;
  /** County code or name → codes (a name several cities share: the enrolment's city's). */
  counties: CountyIndex;
  /** Learning period / subject value or label → value. */
  periods: (text: string) => string | undefined;
  subjects: (text: string) => string | undefined;
  /** Admission status label (zh or en) or value → value. */
  statuses: (text: string) => string | undefined;
  /** The end of the plan's list publication (拟聘名单公示), after which no result is still 待定. */
  listEnd: Date;
  /** Rows of the file whose admission status is 待定 (the done import's note). */
  pending: number;
}

/**
 * The job param of POST /candidate/admissionResults/importExcel/{planId}: '{"planId":n}'. 400
 * 'import.planRequired' unless the param is an id of an existing plan.
 */
export async function resultParam(db: Db, param: string | undefined): Promise<string> {
  const stored = planParam(param);
  const [plan] = await db
    .select({ id: recruitPlan.id })
    .from(recruitPlan)
    .where(eq(recruitPlan.id, readPlanParam(stored).planId));
  if (!plan) throw badRequest('import.planRequired');
  return stored;
}

/** Values of a status catalogue (`status.<group>.<value>`) with their zh and en labels. */
const statusItems = (group: string, values: readonly string[]) =>
  values.map((value) => {
    const key = `status.${group}.${value}` as MessageKey;
    return { value, label: translate('zh', key), labelEn: translate('en', key) };
  });

/** '合格'/'不合格' (or Passed/Failed, or '1'/'0') → ADMISSION_PASS. */
const passOf = optionIndex([
  { value: ADMISSION_PASS.passed, label: '合格', labelEn: translate('en', 'status.admissionPass.1') },
  { value: ADMISSION_PASS.failed, label: '不合格', labelEn: translate('en', 'status.admissionPass.0') },
]);

const SCORE_KEYS = ['writeExamScore', 'interviewScore', 'examTotalScore'] as const;
const TEXT_MAX: [keyof typeof RESULT_MAX & string, number][] = [
  ['admissionNumber', RESULT_MAX.admissionNumber],
  ['physicalExamination', RESULT_MAX.physicalExamination],
  ['officeSchool', RESULT_MAX.officeSchool],
  ['remarks', RESULT_MAX.remarks],
];

/**
 * Import of admission results (spec §2 "Admission results", §7 importExcel/{param} with param = plan
 * id) through the one import mechanism: all rows or none. Columns: 身份证号 (required; an
 * enrolment of the plan inside the importer's region), 姓名 (required, equal to the enrolment's
 * name), 准考证号, 资格复审结果 and 岗前培训 (合格/不合格 → '1'/'0'), 笔试成绩, 面试成绩, 总成绩
 * (domain SCORE_RE), 体检结果 (≤ 200 characters, sealed before it is written and bound to the
 * enrolment id, service.ts peSlot), 录取县 (a county name of the region table → its code), 录取学段 /
 * 录取学科 (dictionary label → value), 任教学校, 备注,
 * 录取状态 (label of ADMISSION_STATUS, required). A row creates or replaces the enrolment's result;
 * an ID number twice in the file is a row error.
 *
 * 录取状态 待定 (ADMISSION_STATUS.pending) is an office's answer while a case is open (a recheck, a
 * withdrawal awaited): it is accepted until the plan's list publication (拟聘名单公示) ends, and the
 * done import says how many rows are 待定 (note 'import.note.admissionPending', shown in the import
 * dialog), since each of those candidates reads 待定 as their result. Once the list publication has
 * ended the list is final: a 待定 row is a row error ('import.cell.pendingAfterList', naming the end),
 * and nothing of the file is written.
 */
export const admissionResultImport: ImportDefinition<ResultImportRow, Prep> = {
  kind: 'admissionResult',
  sheetKey: 'import.sheet.admissionResult',
  columns: [
    {
      key: 'idCard',
      labelKey: 'import.col.idCard',
      required: true,
      width: 22,
      example: '520102199803070016',
    },
    { key: 'name', labelKey: 'import.col.name', required: true, width: 12, example: '张三' },
    { key: 'admissionNumber', labelKey: 'field.admissionNumber', width: 20, example: '20265201020101001' },
    { key: 'reviewResult', labelKey: 'field.reviewResult', width: 14, example: '合格' },
    { key: 'writeExamScore', labelKey: 'field.writeExamScore', width: 10, example: '85.5' },
    { key: 'interviewScore', labelKey: 'field.interviewScore', width: 10, example: '88' },
    { key: 'examTotalScore', labelKey: 'field.examTotalScore', width: 10, example: '86.75' },
    {
      key: 'physicalExamination',
      labelKey: 'field.physicalExamination',
      width: 16,
      example: '合格',
      sealed: true,
    },
    { key: 'preJobTraining', labelKey: 'field.preJobTraining', width: 10, example: '合格' },
    { key: 'admissionCounty', labelKey: 'import.col.admissionCounty', width: 14, example: '南明区' },
    {
      key: 'admissionAcademicSession',
      labelKey: 'field.admissionAcademicSession',
      width: 12,
      example: '小学',
    },
    { key: 'admissionSubject', labelKey: 'field.admissionSubject', width: 12, example: '语文' },
    { key: 'officeSchool', labelKey: 'field.officeSchool', width: 24, example: '南明区第一小学' },
    { key: 'remarks', labelKey: 'field.remarks', width: 20, example: '' },
    {
      key: 'admissionStatus',
      labelKey: 'field.admissionStatus',
      required: true,
      width: 10,
      example: '已录取',
    },
  ],
  async prepare(tx, job, ctx) {
    const { planId } = readPlanParam(job.param);
    const [plan] = await tx
      .select({ id: recruitPlan.id, listEnd: recruitPlan.listPublishedEndTime })
      .from(recruitPlan)
      .where(eq(recruitPlan.id, planId));
    if (!plan) throw new ImportFileError('import.planRequired');
    const [dicts, regions, enrolments] = await Promise.all([
      loadDicts(ctx.db),
      loadRegions(ctx.db),
      tx
        .select({ id: enroll.id, idCard: enroll.idCard, name: enroll.name, cityCode: enroll.cityCode })
        .from(enroll)
        .where(and(eq(enroll.planId, planId), scopeWhere(enroll, job.scope))),
    ]);
    return {
      planId,
      importId: job.id,
      keys: ctx.dataKeys,
      now: ctx.now(),
      enrolled: new Map(enrolments.map((e) => [e.idCard, { id: e.id, name: e.name, cityCode: e.cityCode }])),
      counties: countyIndex(regions),
      periods: optionIndex(dicts.items('recruit_learning_period')),
      subjects: optionIndex(dicts.items('recruit_subject')),
      statuses: optionIndex(statusItems('admission', ADMISSION_STATUSES)),
      listEnd: plan.listEnd,
      pending: 0,
    };
  },
  parse(cells, prep, report) {
    let ok = true;
    const fail = (column: string, key: MessageKey, params?: Record<string, string | number>) => {
      ok = false;
      report(column, key, params);
    };
    const id = cells.idCard ? parseIdCard(cells.idCard) : null;
    const enrolment = id ? prep.enrolled.get(id.normalized) : undefined;
    if (!cells.idCard) fail('idCard', 'import.cell.required');
    else if (!id) fail('idCard', 'import.cell.idCard');
    else if (!enrolment) fail('idCard', 'import.cell.notEnrolled', { value: cells.idCard });
    if (!cells.name) fail('name', 'import.cell.required');
    else if (enrolment && cells.name !== enrolment.name) fail('name', 'import.cell.nameMismatch');
    for (const [key, max] of TEXT_MAX)
      if ((cells[key] ?? '').length > max) fail(key, 'import.cell.tooLong', { max });
    for (const key of SCORE_KEYS)
      if (cells[key] && !SCORE_RE.test(cells[key])) fail(key, 'import.cell.score');
    const pass = (key: 'reviewResult' | 'preJobTraining') => {
      if (!cells[key]) return null;
      const value = passOf(cells[key]);
      if (value === undefined) fail(key, 'import.cell.option', { value: cells[key] });
      return value ?? null;
    };
    const reviewResult = pass('reviewResult');
    const preJobTraining = pass('preJobTraining');
    let admissionCounty: string | null = null;
    if (cells.admissionCounty) {
      const pick = prep.counties.find(
        cells.admissionCounty,
        (c) => !!enrolment && c.cityCode === enrolment.cityCode,
      );
      if (!pick) fail('admissionCounty', 'import.cell.county', { value: cells.admissionCounty });
      else admissionCounty = pick.countyCode;
    }
    const coded = (
      key: 'admissionAcademicSession' | 'admissionSubject',
      valueOf: (text: string) => string | undefined,
    ) => {
      if (!cells[key]) return null;
      const value = valueOf(cells[key]);
      if (value === undefined) fail(key, 'import.cell.option', { value: cells[key] });
      return value ?? null;
    };
    const admissionAcademicSession = coded('admissionAcademicSession', prep.periods);
    const admissionSubject = coded('admissionSubject', prep.subjects);
    let admissionStatus: string | undefined;
    if (!cells.admissionStatus) fail('admissionStatus', 'import.cell.required');
    else {
      admissionStatus = prep.statuses(cells.admissionStatus);
      if (admissionStatus === undefined)
        fail('admissionStatus', 'import.cell.option', { value: cells.admissionStatus });
      else if (admissionStatus === ADMISSION_STATUS.pending) {
        if (prep.now > prep.listEnd)
          fail('admissionStatus', 'import.cell.pendingAfterList', { end: formatDateTime(prep.listEnd) });
        else prep.pending += 1;
      }
    }
    if (!ok || !enrolment || !id || admissionStatus === undefined) return null;
    const text = (key: string) => cells[key] || null;
    return {
      enrollId: enrolment.id,
      idCard: id.normalized,
      admissionNumber: text('admissionNumber'),
      reviewResult,
      writeExamScore: text('writeExamScore'),
      interviewScore: text('interviewScore'),
      examTotalScore: text('examTotalScore'),
      physicalExamination: cells.physicalExamination
        ? seal(prep.keys, cells.physicalExamination, peSlot(enrolment.id))
        : null,
      preJobTraining,
      admissionCounty,
      admissionAcademicSession,
      admissionSubject,
      officeSchool: text('officeSchool'),
      remarks: text('remarks'),
      admissionStatus,
    };
  },
  uniqueKey: (r) => r.idCard,
  note: (prep) =>
    prep.pending
      ? {
          key: 'import.note.admissionPending',
          params: { count: prep.pending, end: formatDateTime(prep.listEnd) },
        }
      : null,
  async write(tx, rows, prep) {
    const now = prep.now;
    await tx
      .insert(admissionResult)
      .values(
        rows.map(({ idCard: _id, ...r }) => ({
          ...r,
          planId: prep.planId,
          importId: prep.importId,
          createTime: now,
          updateTime: now,
        })),
      )
      .onConflictDoUpdate({
        target: admissionResult.enrollId,
        set: {
          planId: sql`excluded.plan_id`,
          admissionNumber: sql`excluded.admission_number`,
          reviewResult: sql`excluded.review_result`,
          writeExamScore: sql`excluded.write_exam_score`,
          interviewScore: sql`excluded.interview_score`,
          examTotalScore: sql`excluded.exam_total_score`,
          physicalExamination: sql`excluded.physical_examination`,
          preJobTraining: sql`excluded.pre_job_training`,
          admissionCounty: sql`excluded.admission_county`,
          admissionAcademicSession: sql`excluded.admission_academic_session`,
          admissionSubject: sql`excluded.admission_subject`,
          officeSchool: sql`excluded.office_school`,
          remarks: sql`excluded.remarks`,
          admissionStatus: sql`excluded.admission_status`,
          importId: sql`excluded.import_id`,
          updateTime: sql`excluded.update_time`,
        },
      });
  },
};
