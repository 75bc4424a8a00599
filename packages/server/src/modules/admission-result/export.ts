import type { Readable } from 'node:stream';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import {
  admissionResultQuerySchema,
  PERMISSIONS,
  translate,
  type AdmissionResultQuery,
  type DownloadLink,
  type Lang,
  type MessageKey,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionResult, enroll, recruitPlan } from '../../db/schema';
import { streamSheet } from '../../documents/xlsx-stream';
import { loadDicts } from '../../lib/dicts';
import { exportFileName, exportLink, openExport } from '../../lib/exports';
import { countyNames, resultSearch, rowColumns, scoreText, toRow } from './service';

const KIND = 'admission-result-export';

/** POST /candidate/admissionResults/exportToken: a single-use link (5 min) to the export of `query`. */
export function resultExportLink(
  ctx: AppContext,
  adminId: number,
  query: AdmissionResultQuery,
): Promise<DownloadLink> {
  return exportLink(ctx, KIND, '/candidate/admissionResults/export', adminId, query);
}

/** The export's extra columns (the admission group); the sealed physical exam is never selected. */
const extraColumns = {
  reviewResult: admissionResult.reviewResult,
  writeExamScore: admissionResult.writeExamScore,
  interviewScore: admissionResult.interviewScore,
  preJobTraining: admissionResult.preJobTraining,
  admissionCounty: admissionResult.admissionCounty,
  officeSchool: admissionResult.officeSchool,
};

async function* batches(db: Db, where: SQL | undefined) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ ...rowColumns, ...extraColumns })
      .from(admissionResult)
      .innerJoin(enroll, eq(enroll.id, admissionResult.enrollId))
      .innerJoin(recruitPlan, eq(recruitPlan.id, admissionResult.planId))
      .where(and(where, gt(admissionResult.id, after)))
      .orderBy(asc(admissionResult.id))
      .limit(2000);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    yield rows;
  }
}

const HEADER: [MessageKey, number][] = [
  ['field.planYear', 10],
  ['field.name', 12],
  ['field.idCard', 22],
  ['field.region', 14],
  ['field.admissionNumber', 20],
  ['field.reviewResult', 12],
  ['field.writeExamScore', 10],
  ['field.interviewScore', 10],
  ['field.examTotalScore', 10],
  ['field.physicalExamination', 12],
  ['field.preJobTraining', 10],
  ['field.admissionCounty', 14],
  ['field.admissionAcademicSession', 12],
  ['field.admissionSubject', 12],
  ['field.officeSchool', 24],
  ['field.remarks', 30],
  ['field.admissionStatus', 10],
];

/**
 * GET /candidate/admissionResults/export?token: the results of the token's filters inside the holder's
 * current region as a streamed xlsx (the list's columns and the admission group, codes as labels in
 * `lang`); the physical examination is '***' when one exists — the sealed value is not even read.
 * 403 when the holder lost the export right, 400 for a used or expired token.
 */
export async function exportResults(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ stream: Readable; fileName: string }> {
  const { admin, filters } = await openExport(ctx, token, KIND, PERMISSIONS.admissionResult.export);
  const where = resultSearch(admissionResultQuerySchema.parse(filters), admin.scope);
  const [dicts, counties] = await Promise.all([loadDicts(ctx.db), countyNames(ctx.db)]);
  const pass = (v: string | null) => (v ? translate(lang, `status.admissionPass.${v}` as MessageKey) : '');
  async function* rows() {
    for await (const batch of batches(ctx.db, where)) {
      yield batch.map((r) => {
        const row = toRow(r, counties);
        return [
          row.planYear,
          row.name,
          row.idCard,
          row.region,
          row.admissionNumber ?? '',
          pass(r.reviewResult),
          scoreText(r.writeExamScore) ?? '',
          scoreText(r.interviewScore) ?? '',
          row.examTotalScore ?? '',
          row.physicalExamination ?? '',
          pass(r.preJobTraining),
          r.admissionCounty ? (counties.get(r.admissionCounty) ?? r.admissionCounty) : '',
          dicts.label('recruit_learning_period', row.admissionAcademicSession, lang),
          dicts.label('recruit_subject', row.admissionSubject, lang),
          r.officeSchool ?? '',
          row.remarks ?? '',
          translate(lang, `status.admission.${row.admissionStatus}` as MessageKey),
        ];
      });
    }
  }
  const columns = HEADER.map(([key, width]) => ({ header: translate(lang, key), width }));
  return {
    stream: streamSheet(translate(lang, 'result.sheet'), columns, rows()),
    fileName: exportFileName(lang, 'result.sheet', ctx.now()),
  };
}
