import type { Readable } from 'node:stream';
import {
  AUDIT_STATUS,
  dashboardQuerySchema,
  formatDateTime,
  FUNNEL_STAGES,
  PERMISSIONS,
  postRatio,
  translate,
  type DashboardQuery,
  type DashboardStatistics,
  type DemandBar,
  type DownloadLink,
  type Lang,
  type MessageKey,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { streamWorkbook, type StreamedSheet } from '../../documents/xlsx-stream';
import { loadDicts, type Dicts } from '../../lib/dicts';
import { exportFileName, exportLink, openExport } from '../../lib/exports';
import { loadRegions } from '../../lib/regions';
import { dashboardStatistics } from './service-statistics';

const KIND = 'dashboard-export';

/** POST /candidate/enroll/statistics/exportToken: a single-use link (5 min) to the statistics of `query`'s plan. */
export function dashboardExportLink(
  ctx: AppContext,
  adminId: number,
  query: DashboardQuery,
): Promise<DownloadLink> {
  return exportLink(ctx, KIND, '/candidate/enroll/statistics/export', adminId, query);
}

/** "—" where there is no ratio (no applicants or no demand), as the dashboard shows it. */
const ratioCell = (count: number, demand: number, applicants: number) =>
  postRatio(count, demand, applicants) ?? '—';

/** The region a scope names (its most precise code), or "all regions". */
function scopeName(scope: RegionScope, names: Map<string, string>, lang: Lang): string {
  const code = scope.countyCode || scope.cityCode || scope.provinceCode;
  return code ? (names.get(code) ?? code) : translate(lang, 'dashboard.scope.all');
}

/** The totals sheet: the plan, the region, when counted, demand and ratio, the funnel, the audit counts. */
function totalsRows(stats: DashboardStatistics, scope: string, lang: Lang): (string | number | null)[][] {
  const t = (key: MessageKey) => translate(lang, key);
  const { funnel } = stats;
  const note = (stage: (typeof FUNNEL_STAGES)[number]) =>
    stage !== 'registered'
      ? null
      : t(funnel.registered === null ? 'dashboard.funnel.provinceOnly' : 'dashboard.funnel.registeredNote');
  return [
    [t('dashboard.total.plan'), stats.planName ?? '—', stats.final ? t('dashboard.total.final') : null],
    [t('dashboard.total.scope'), scope, null],
    [t('dashboard.total.asOf'), stats.asOf ? formatDateTime(stats.asOf) : '—', null],
    [t('dashboard.total.demand'), stats.demand, null],
    [t('dashboard.total.ratio'), ratioCell(stats.total, stats.demand, stats.total), null],
    ...FUNNEL_STAGES.map((stage) => [t(`dashboard.funnel.${stage}`), funnel[stage] ?? '—', note(stage)]),
    [t(`status.audit.${AUDIT_STATUS.pending}`), stats.audit.pending, null],
    [t(`status.audit.${AUDIT_STATUS.rejected}`), stats.audit.rejected, null],
  ];
}

/** A sheet of bars (per county, learning period or subject): name, demand, applied, passed, the two ratios. */
function barSheet(
  name: MessageKey,
  nameColumn: MessageKey,
  bars: DemandBar[],
  label: (bar: DemandBar) => string,
  lang: Lang,
): StreamedSheet {
  const t = (key: MessageKey) => translate(lang, key);
  return {
    name: t(name),
    columns: [
      { header: t(nameColumn), width: 18 },
      { header: t('import.col.demandNumber'), width: 12 },
      { header: t('dashboard.col.applied'), width: 12 },
      { header: t('dashboard.col.passed'), width: 14 },
      { header: t('dashboard.col.ratio'), width: 14 },
      { header: t('dashboard.col.passedRatio'), width: 14 },
    ],
    batches: [
      bars.map((b) => [
        label(b),
        b.demand,
        b.enrolled,
        b.passed,
        ratioCell(b.enrolled, b.demand, b.enrolled),
        ratioCell(b.passed, b.demand, b.enrolled),
      ]),
    ],
  };
}

/** The six sheets of the statistics in `lang` (dictionary values as labels). */
function statisticsSheets(
  stats: DashboardStatistics,
  scope: string,
  dicts: Dicts,
  lang: Lang,
): StreamedSheet[] {
  const t = (key: MessageKey) => translate(lang, key);
  const dict = (type: string) => (b: DemandBar) => dicts.label(type, b.key, lang);
  return [
    {
      name: t('dashboard.sheet.totals'),
      columns: [
        { header: t('dashboard.col.item'), width: 20 },
        { header: t('dashboard.col.value'), width: 36 },
        { header: t('dashboard.col.note'), width: 56 },
      ],
      batches: [totalsRows(stats, scope, lang)],
    },
    {
      name: t('dashboard.sheet.daily'),
      columns: [
        { header: t('dashboard.col.date'), width: 12 },
        { header: t('dashboard.col.applied'), width: 12 },
        { header: t('dashboard.col.passed'), width: 14 },
      ],
      batches: [stats.daily.map((d) => [d.date, d.applied, d.passed])],
    },
    barSheet('dashboard.sheet.county', 'import.col.county', stats.byCounty, (b) => b.label ?? b.key, lang),
    barSheet(
      'dashboard.sheet.period',
      'import.col.learningPeriod',
      stats.byPeriod,
      dict('recruit_learning_period'),
      lang,
    ),
    barSheet('dashboard.sheet.subject', 'import.col.subject', stats.bySubject, dict('recruit_subject'), lang),
    {
      name: t('dashboard.sheet.post'),
      columns: [
        { header: t('import.col.county'), width: 16 },
        { header: t('import.col.category'), width: 18 },
        { header: t('import.col.learningPeriod'), width: 12 },
        { header: t('import.col.subject'), width: 12 },
        { header: t('import.col.demandNumber'), width: 12 },
        { header: t('dashboard.col.applied'), width: 12 },
        { header: t('dashboard.col.passed'), width: 14 },
        { header: t('dashboard.col.ratio'), width: 14 },
        { header: t('dashboard.col.passedRatio'), width: 14 },
      ],
      batches: [
        stats.posts.map((p) => [
          p.countyName ?? p.countyCode,
          dicts.label('recruit_plan_category', p.category, lang),
          dicts.label('recruit_learning_period', p.learningPeriod, lang),
          dicts.label('recruit_subject', p.subject, lang),
          p.demand,
          p.enrolled,
          p.passed,
          ratioCell(p.enrolled, p.demand, p.enrolled),
          ratioCell(p.passed, p.demand, p.enrolled),
        ]),
      ],
    },
  ];
}

/**
 * GET /candidate/enroll/statistics/export?token: the dashboard's statistics of the token's plan inside
 * the holder's current region (dashboardStatistics, as the console shows them) as an xlsx of six sheets:
 * totals (plan, region, time counted, demand, ratio, the funnel, pending and rejected audits), per day
 * (date in China Standard Time, applied, passed), per county, per learning period, per subject (demand,
 * applied, passed, applied:demand, passed:demand) and per post (county, category, learning period,
 * subject and the same numbers). "—" where there is no ratio (no applicants or no demand) and for the
 * registered count a city or county holder is not given. 403 when the holder lost the export key; 400
 * for a used or expired token.
 */
export async function exportDashboard(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ stream: Readable; fileName: string }> {
  const { admin, filters } = await openExport(ctx, token, KIND, PERMISSIONS.dashboard.export);
  const { planId } = dashboardQuerySchema.parse(filters);
  const [stats, dicts, regions] = await Promise.all([
    dashboardStatistics(ctx.db, admin.scope, planId, {
      now: ctx.now(),
      ttlS: ctx.config.ratioCacheSeconds,
    }),
    loadDicts(ctx.db),
    loadRegions(ctx.db),
  ]);
  const scope = scopeName(admin.scope, new Map(regions.map((r) => [r.code, r.name])), lang);
  return {
    stream: streamWorkbook(statisticsSheets(stats, scope, dicts, lang)),
    fileName: exportFileName(lang, 'dashboard.export.file', ctx.now()),
  };
}
