import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import {
  DOWNLOADED,
  JOB_STATUS,
  TICKET_CREATE_STATUS,
  TICKET_STATUS,
  translate,
  type DownloadLink,
  type Enroll,
  type JobStatus,
  type Lang,
  type RegionScope,
  type TicketVerification,
  pickExam,
  type TicketJobView,
} from '@tegang/domain';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { admissionTicket, enroll, recruitPlan } from '../../db/schema';
import { jobMessage, queueJob, queueOf, readJobMessage, visibleJob, type JobKind } from '../../jobs';
import {
  renderAdmissionTicketPdf,
  ticketTitle,
  type TicketPdfData,
} from '../../documents/admission-ticket-pdf';
import { PHOTO_GONE, type TicketFiles, type TicketTask } from '../../documents/admission-ticket-worker';
import { codedLabel } from '../../documents/enroll-fields';
import { loadDicts, type Dicts } from '../../lib/dicts';
import { consumeDownloadToken, issueDownloadToken } from '../../lib/downloads';
import { AppError } from '../../lib/errors';
import { photoMissing, requirePhoto } from '../../lib/photos';
import { scopeWhere } from '../../lib/scope';
import { signTicketToken, ticketTokenExpiry, verifyTicketToken } from '../../lib/ticket-token';
import type { AdminPrincipal } from '../../types';
import { timePdfRender } from '../../plugins/metrics';
import { WORKER_EXEC_ARGV, workerEntry } from '../../lib/module-path';
import { requireTicketPrintOpen } from './service-candidate';

/**
 * Admission ticket PDFs (spec §2 "Admission tickets" generate/download, §3 "Admission
 * ticket"): rendering (on demand in-process, in batches on a pool of worker threads), storage of the
 * files, the generate job with its progress row, the download links of the back office and of the
 * candidate, and the rows the verification page reads. Ticket rows are read straight from the schema
 * (admission_ticket ⋈ enroll ⋈ recruit_plan); the enrolment's region codes scope them.
 */

/** The job kind of ticket generation (src/jobs) and its pg-boss queue. */
export const JOB_KIND = 'ticketPdf';
export const TICKET_QUEUE = queueOf(JOB_KIND);
/** The download-token kind of a ticket PDF (lib/downloads.ts). */
const TOKEN_KIND = 'ticket-pdf';
/** Generated tickets recorded per UPDATE in the job. */
const MARK_BATCH = 20;

/** A ticket joined to what its PDF and its checks need. */
export interface TicketRow {
  t: typeof admissionTicket.$inferSelect;
  name: string;
  idCard: string;
  picture: string | null;
  candidateId: number;
  enrollCounty: string;
  academicSession: string;
  subject: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  planYear: string;
  planName: string;
  ticketPrintStartTime: Date;
  ticketPrintEndTime: Date;
  /** When the plan's personal data was purged (docs/security.md "Retention"); null while kept. */
  purgeTime: Date | null;
  /** update_time to the microsecond (text): what the generated mark is conditioned on. */
  stamp: string;
}

/** Tickets matching `where` with their enrolment and plan fields. */
export function selectTickets(db: Db, where: SQL | undefined): Promise<TicketRow[]> {
  return db
    .select({
      t: admissionTicket,
      name: enroll.name,
      idCard: enroll.idCard,
      picture: enroll.picture,
      candidateId: enroll.candidateId,
      enrollCounty: enroll.enrollCounty,
      academicSession: enroll.academicSession,
      subject: enroll.subject,
      provinceCode: enroll.provinceCode,
      cityCode: enroll.cityCode,
      countyCode: enroll.countyCode,
      planYear: recruitPlan.year,
      planName: recruitPlan.name,
      ticketPrintStartTime: recruitPlan.ticketPrintStartTime,
      ticketPrintEndTime: recruitPlan.ticketPrintEndTime,
      purgeTime: recruitPlan.purgeTime,
      stamp: sql<string>`${admissionTicket.updateTime}::text`,
    })
    .from(admissionTicket)
    .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
    .innerJoin(recruitPlan, eq(recruitPlan.id, admissionTicket.planId))
    .where(where)
    .orderBy(admissionTicket.id);
}

// ---- Origin of the QR code's URL ------------------------------------------------------------------

/**
 * The origin written into QR codes when no request is at hand: PUBLIC_ORIGIN, else
 * `http://localhost:<PORT>` (development).
 */
export const localOrigin = (config: Config): string =>
  config.publicOrigin ?? `http://localhost:${config.port}`;

/**
 * The origin of the QR codes' verification links: PUBLIC_ORIGIN when set (production: a stored ticket
 * never carries a host a caller chose); else the origin the caller reached us at (`<protocol>://<host>`;
 * X-Forwarded-* only with TRUST_PROXY), or {@link localOrigin} when the Host header is missing or not a
 * plain host[:port].
 */
export function requestOrigin(req: FastifyRequest, config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = req.host;
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    return localOrigin(config);
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * The QR code's content: `<origin>/verify/ticket/<signed token>`, the token carrying the ticket id and
 * its expiry, the end of the exam day plus a margin (lib/ticket-token.ts ticketTokenExpiry).
 */
export function verifyUrl(ctx: AppContext, origin: string, ticket: { id: number; examDate: string }): string {
  const token = signTicketToken(ctx.dataKeys.ticketSigning, ticket.id, ticketTokenExpiry(ticket.examDate));
  return `${origin}/verify/ticket/${token}`;
}

// ---- Rendering --------------------------------------------------------------------------------------

/** The renderer's input for a row: dictionary codes as labels, the photo read from storage. */
export async function ticketPdfData(
  ctx: AppContext,
  row: TicketRow,
  dicts: Dicts,
  origin: string,
  lang: Lang = 'zh',
): Promise<TicketPdfData> {
  // A photo named but gone fails this ticket ('file.photoMissing'), never a blank ticket.
  return {
    ...ticketFields(ctx, row, dicts, origin, lang),
    photo: await requirePhoto(ctx.storage, row.picture),
  };
}

/** {@link ticketPdfData} without the photo (null): for a render thread that reads the photo itself. */
function ticketFields(
  ctx: AppContext,
  row: TicketRow,
  dicts: Dicts,
  origin: string,
  lang: Lang,
): TicketPdfData {
  const coded = (field: 'academicSession' | 'subject' | 'enrollCounty') =>
    codedLabel(dicts, { [field]: row[field] } as unknown as Enroll, field, lang) ?? row[field];
  const t = row.t;
  return {
    planYear: row.planYear,
    planName: row.planName,
    name: row.name,
    idCard: row.idCard,
    ...pickExam(t),
    enrollCounty: coded('enrollCounty'),
    academicSession: coded('academicSession'),
    subject: coded('subject'),
    photo: null,
    verifyUrl: verifyUrl(ctx, origin, t),
    lang,
  };
}

/** A stored file of ticket `t` waiting to be recorded by {@link markGenerated}. */
interface StoredPdf {
  t: TicketRow['t'];
  stamp: string;
  key: string;
}

/** A new storage key for a PDF of ticket `id`: admissionTicket/pdf/<id>-<uuid>.pdf. */
const ticketPdfKey = (id: number) => `admissionTicket/pdf/${id}-${randomUUID()}.pdf`;

/** Stores the PDF bytes of ticket `id` under a new key ({@link ticketPdfKey}). */
async function putTicketPdf(ctx: AppContext, id: number, pdf: Buffer): Promise<string> {
  const key = ticketPdfKey(id);
  await ctx.storage.put(key, pdf);
  return key;
}

/**
 * Renders ticket `row` on the pool and stores its PDF under a new key, answered. On the local storage
 * the render thread reads the photo and writes the file itself (Storage.localPath: a batch costs the
 * main thread and the thread pool no file work); elsewhere (S3) the photo is read and the file
 * written here. Throws AppError 'file.photoMissing' when the named photo is gone; on any failure no
 * file of this call stays.
 */
async function renderAndStore(
  ctx: AppContext,
  pool: TicketPool,
  row: TicketRow,
  dicts: Dicts,
  origin: string,
): Promise<string> {
  const localPath = ctx.storage.localPath?.bind(ctx.storage);
  if (!localPath) {
    const data = await ticketPdfData(ctx, row, dicts, origin);
    // The photo's memory moves to the thread rather than being copied (it is not used here again).
    const photo = data.photo?.buffer;
    const own = photo instanceof ArrayBuffer && photo.byteLength === data.photo!.byteLength;
    const bytes = (await timePdfRender('admission_ticket', () =>
      pool.run(data, { transferList: own ? [photo] : [] }),
    )) as Uint8Array;
    return putTicketPdf(ctx, row.t.id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  const key = ticketPdfKey(row.t.id);
  const files: TicketFiles = {
    photo: row.picture ? await localPath(row.picture) : null,
    pdf: await localPath(key),
  };
  try {
    await timePdfRender('admission_ticket', () =>
      pool.run({ ...ticketFields(ctx, row, dicts, origin, 'zh'), files }),
    );
  } catch (error) {
    if ((error as Error).message === PHOTO_GONE) throw photoMissing();
    // The thread writes whole files only; this removes one it wrote before it failed.
    await ctx.storage.remove(key).catch(() => undefined);
    throw error;
  }
  return key;
}

/**
 * Records stored files in one UPDATE: pdfFile and ticketCreateStatus '1' for each ticket not edited
 * since it was read (updateTime equal to the microsecond `stamp` read with the row). The file of an
 * edited (or deleted) ticket is stale: it is removed and that ticket stays '0'. The previous files of
 * the marked tickets are removed. Returns the ids marked; a ticket of `batch` not among them had its
 * file discarded.
 */
async function markGenerated(ctx: AppContext, batch: StoredPdf[]): Promise<Set<number>> {
  if (!batch.length) return new Set();
  const values = sql.join(
    batch.map((b) => sql`(${b.t.id}::bigint, ${b.key}::varchar, ${b.stamp}::timestamptz)`),
    sql`, `,
  );
  const result = await ctx.db.execute<{ id: string | number }>(sql`
    update ${admissionTicket} set pdf_file = v.key, ticket_create_status = ${TICKET_CREATE_STATUS.generated}
    from (values ${values}) as v(id, key, ut)
    where ${admissionTicket.id} = v.id and ${admissionTicket.updateTime} = v.ut
    returning ${admissionTicket.id} as id`);
  const marked = new Set(result.rows.map((r) => Number(r.id)));
  // The new file of a stale ticket, the previous file of a marked one.
  const unused = batch.flatMap((b) =>
    !marked.has(b.t.id) ? [b.key] : b.t.pdfFile && b.t.pdfFile !== b.key ? [b.t.pdfFile] : [],
  );
  // A file left behind by a failed removal is unreferenced: the file sweep takes it later.
  await Promise.all(unused.map((key) => ctx.storage.remove(key).catch(() => undefined)));
  return marked;
}

/**
 * Stores a rendered PDF of ticket `row` and marks it generated (ticketCreateStatus '1', pdfFile).
 * When the ticket was edited meanwhile (updateTime moved) the copy is stale: it is dropped and the
 * ticket stays '0'. The previous file is removed. Returns whether the ticket was marked.
 */
export async function storeTicketPdf(ctx: AppContext, row: TicketRow, pdf: Buffer): Promise<boolean> {
  const key = await putTicketPdf(ctx, row.t.id, pdf);
  return (await markGenerated(ctx, [{ t: row.t, stamp: row.stamp, key }])).has(row.t.id);
}

/**
 * The PDF of a ticket: the stored file when the ticket is generated ('1') and the file exists, else
 * rendered here (in this thread: one document) and stored. `origin` goes into the QR code. 410
 * 'retention.purged' for a plan whose personal data was purged (no PDF is made for it again).
 */
export async function ticketPdf(ctx: AppContext, row: TicketRow, origin: string): Promise<Buffer> {
  if (row.purgeTime) throw new AppError(410, 'retention.purged');
  if (row.t.ticketCreateStatus === TICKET_CREATE_STATUS.generated && row.t.pdfFile) {
    const stored = await ctx.storage.get(row.t.pdfFile);
    if (stored) return stored;
  }
  const data = await ticketPdfData(ctx, row, await loadDicts(ctx.db), origin);
  const pdf = await timePdfRender('admission_ticket', () => renderAdmissionTicketPdf(data));
  await storeTicketPdf(ctx, row, pdf);
  return pdf;
}

// ---- The worker pool ----------------------------------------------------------------------------------

/** Threads of the pool: one per CPU (os.availableParallelism), at least 1. */
export const poolSize = (): number => Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

const WORKER = workerEntry('documents/admission-ticket-worker');

/**
 * A pool of `threads` worker threads rendering tickets (documents/admission-ticket-worker.ts):
 * `pool.run(TicketTask)` resolves to the PDF bytes, or to the PDF's size when the task names the
 * files the thread reads and writes. The threads load the worker through tsx (`--import <tsx
 * loader>`) when the server runs from source, and parse the fonts once each; they start with the
 * first ticket and end after TICKET_POOL_IDLE_MS without one, so that a node's memory goes back to its
 * idle size after a job (each thread holds its own heap and parsed fonts).
 */
export function createTicketPool(threads = poolSize()): TicketPool {
  return new Piscina({
    filename: WORKER,
    execArgv: [...WORKER_EXEC_ARGV],
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: TICKET_POOL_IDLE_MS,
  });
}

/** Idle time after which a ticket thread ends: longer than the gaps between a job's tickets. */
export const TICKET_POOL_IDLE_MS = 5_000;

/** The ticket pool: a TicketTask in; the PDF bytes out, or its size once written to `files.pdf`. */
type TicketPool = Piscina<TicketTask, Uint8Array | number>;

const pools = new WeakMap<AppContext, TicketPool>();

/** The app's pool (made on first use; closed by {@link closeTicketPool} when the app closes). */
export function ticketPool(ctx: AppContext): TicketPool {
  let pool = pools.get(ctx);
  if (!pool) pools.set(ctx, (pool = createTicketPool()));
  return pool;
}

export async function closeTicketPool(ctx: AppContext): Promise<void> {
  const pool = pools.get(ctx);
  pools.delete(ctx);
  await pool?.destroy();
}

// ---- The generate job ------------------------------------------------------------------------------------

/** What the job row keeps (job.param, JSON): the selection and the QR origin. */
interface JobParams {
  planId?: number;
  idList?: number[];
  regenerate?: boolean;
  origin: string;
}

/**
 * The tickets of a generate call inside `scope`: those of `idList` (all of them), or of `planId`
 * (only those not generated unless `regenerate`), or both conditions together.
 */
function jobSelection(p: JobParams, scope: RegionScope): SQL | undefined {
  return and(
    p.idList?.length ? inArray(admissionTicket.id, p.idList) : undefined,
    p.planId !== undefined ? eq(admissionTicket.planId, p.planId) : undefined,
    !p.idList?.length && !p.regenerate
      ? eq(admissionTicket.ticketCreateStatus, TICKET_CREATE_STATUS.pending)
      : undefined,
    scopeWhere(enroll, scope),
    // A purged plan's tickets get no PDF again (docs/security.md "Retention").
    sql`not exists (select 1 from ${recruitPlan} where ${recruitPlan.id} = ${admissionTicket.planId} and ${recruitPlan.purgeTime} is not null)`,
  );
}

/**
 * POST …/generateAdmissionTicket: queues the generate job (src/jobs, kind 'ticketPdf': the caller
 * and their region kept). Answers {jobId, total} (tickets selected now; the job selects again when it
 * starts). When queueing fails nothing is kept and the error propagates.
 */
export async function queueTicketGeneration(
  ctx: AppContext,
  input: { planId?: number; idList?: number[]; regenerate?: boolean },
  admin: AdminPrincipal,
  origin: string,
): Promise<{ jobId: number; total: number }> {
  const params: JobParams = { ...input, origin };
  const [{ n }] = (await ctx.db
    .select({ n: count() })
    .from(admissionTicket)
    .innerJoin(enroll, eq(enroll.id, admissionTicket.enrollId))
    .where(jobSelection(params, admin.scope))) as [{ n: number }];
  const label = input.planId !== undefined ? `plan ${input.planId}` : `${input.idList?.length ?? 0} tickets`;
  const jobId = await queueJob(ctx, JOB_KIND, {
    param: JSON.stringify(params),
    fileName: label,
    total: n,
    admin,
  });
  return { jobId, total: n };
}

/**
 * The generate job (src/jobs kind 'ticketPdf'): selects the tickets again (the caller's region kept
 * in the row), renders them on the worker pool with four times as many in flight as threads, stores
 * each file and marks the tickets generated (20 per UPDATE). Only a ticket whose file was stored and
 * linked counts as done: one that fails (unreadable photo, storage error…) or whose file was discarded
 * because the ticket was edited or deleted meanwhile ('ticket.job.stale') counts in `failed`, the
 * first reason in the message, and the others go on. Safe to run again on another node after its
 * node stopped: a plan's job selects only the tickets not yet generated (what was stored is not
 * rendered twice); a selection by ids or a regeneration renders its tickets again, each file
 * replacing the previous one (never two files or two tickets). A run let go of (the job taken over,
 * or this node stopping) stops after the tickets in flight.
 */
export const ticketJobKind: JobKind = {
  kind: JOB_KIND,
  maxAttempts: 3,
  async run(ctx, run) {
    const job = run.job;
    const params = JSON.parse(job.param ?? '{}') as JobParams;
    const scope: RegionScope = {
      provinceCode: job.provinceCode,
      cityCode: job.cityCode,
      countyCode: job.countyCode,
    };
    const rows = await selectTickets(ctx.db, jobSelection(params, scope));
    // A plan's job taken over after its node stopped selects only what is not generated yet: the
    // tickets the last run stored count as done (a selection by ids, or a regeneration, starts over).
    const resumes = !params.idList?.length && !params.regenerate;
    const carried = resumes ? job.imported : 0;
    const total = carried + rows.length;
    const dicts = await loadDicts(ctx.db);
    const pool = ticketPool(ctx);
    let done = carried;
    let failed = 0;
    let firstError: string | null = null;
    const progress = (now = false) =>
      run.progress(
        {
          total,
          processed: done + failed,
          imported: done,
          errorCount: failed,
          percent: ((done + failed) * 100) / Math.max(total, 1),
        },
        now,
      );
    progress(true);
    // Stored files are recorded in batches (one UPDATE each) to keep the database off the cores
    // that render.
    let pending: StoredPdf[] = [];
    const flush = async () => {
      const batch = pending;
      pending = [];
      try {
        const marked = await markGenerated(ctx, batch);
        done += marked.size;
        // Recorded at once: a run taken over after this counts these tickets as done.
        progress(true);
        const stale = batch.filter((b) => !marked.has(b.t.id));
        failed += stale.length;
        if (stale.length) firstError ??= jobMessage('ticket.job.stale', { id: stale[0]!.t.id });
      } catch (error) {
        failed += batch.length;
        firstError ??= jobMessage('ticket.job.itemFailed', {
          id: batch[0]!.t.id,
          reason: (error as Error).message.slice(0, 200),
        });
        for (const b of batch) await ctx.storage.remove(b.key).catch(() => undefined);
      }
    };
    let next = 0;
    const lane = async () => {
      while (next < rows.length && !run.signal.aborted) {
        const row = rows[next++]!;
        try {
          const key = await renderAndStore(ctx, pool, row, dicts, params.origin);
          // Only now read `pending`: a flush meanwhile replaced it.
          pending.push({ t: row.t, stamp: row.stamp, key });
          if (pending.length >= MARK_BATCH) await flush();
        } catch (error) {
          failed++;
          // A known failure (照片文件缺失, 文件存储暂时不可用…) by its key, another by its text.
          firstError ??=
            error instanceof AppError
              ? jobMessage('ticket.job.itemFailed', {
                  id: row.t.id,
                  reason: translate(
                    'zh',
                    error.key === 'file.photoMissing' ? 'ticket.job.photoMissing' : error.key,
                    error.params,
                  ),
                })
              : jobMessage('ticket.job.itemFailed', {
                  id: row.t.id,
                  reason: (error as Error).message.slice(0, 200),
                });
        }
        progress();
      }
    };
    await Promise.all(Array.from({ length: Math.min(rows.length, pool.options.maxThreads * 4) }, lane));
    // What was rendered is recorded even when the run is let go of: the next run skips it.
    await flush();
    if (run.signal.aborted) return;
    await run.finish({
      status: JOB_STATUS.done,
      total,
      processed: done + failed,
      imported: done,
      errorCount: failed,
      message: firstError,
    });
  },
};

/**
 * The generate job `jobId` if the caller may see it (their own, or one started inside their region),
 * else 404. `message` says the outcome in `lang` (with the first failure's detail).
 */
export async function ticketJobView(
  ctx: AppContext,
  jobId: number,
  admin: AdminPrincipal,
  lang: Lang,
): Promise<TicketJobView> {
  const row = await visibleJob(ctx, JOB_KIND, jobId, admin);
  const reason = readJobMessage(row.message, lang);
  const detail = reason ? ` (${reason})` : '';
  const message =
    row.status === JOB_STATUS.done
      ? translate(lang, 'ticket.job.done', { done: row.imported, failed: row.errorCount }) + detail
      : row.status === JOB_STATUS.failed
        ? translate(lang, 'ticket.job.failed') + detail
        : translate(lang, row.status === JOB_STATUS.running ? 'ticket.job.running' : 'ticket.job.queued');
  return {
    status: row.status as JobStatus,
    total: row.total,
    done: row.imported,
    failed: row.errorCount,
    percent: row.percent,
    attempts: row.attempts,
    message,
  };
}

// ---- Download links and files -------------------------------------------------------------------------

const linkOf = (id: number, token: string): DownloadLink => ({
  url: `/api/admissionTicket/downloadTicketFile/${id}?token=${token}`,
});

/**
 * GET /candidate/admissionTicket/downloadToken/{id}: the administrator's preview link (single use,
 * 5 min) to a ticket inside their region; the download is not counted. 404 'ticket.none' otherwise.
 */
export async function adminTicketLink(
  ctx: AppContext,
  id: number,
  admin: AdminPrincipal,
): Promise<DownloadLink> {
  const [row] = await selectTickets(ctx.db, and(eq(admissionTicket.id, id), scopeWhere(enroll, admin.scope)));
  if (!row) throw new AppError(404, 'ticket.none');
  const token = await issueDownloadToken(
    ctx.db,
    { kind: TOKEN_KIND, resourceId: id, subjectKind: 'admin', subjectId: admin.id },
    ctx.now(),
  );
  return linkOf(id, token);
}

/**
 * Ticket `id` as candidate `candidateId` may print it: their own, distributed, inside its plan's
 * print window. 404 'ticket.none' when it is not theirs or not distributed (checked first); else the
 * print-window gate's 400 (service-candidate.ts requireTicketPrintOpen).
 */
export async function printableTicketOf(
  ctx: AppContext,
  id: number,
  candidateId: number,
): Promise<TicketRow> {
  const [row] = await selectTickets(
    ctx.db,
    and(eq(admissionTicket.id, id), eq(enroll.candidateId, candidateId)),
  );
  if (!row || row.t.status !== TICKET_STATUS.distributed) throw new AppError(404, 'ticket.none');
  requireTicketPrintOpen(row, ctx.now());
  return row;
}

/** GET /api/admissionTicket/downloadToken/{id}: the candidate's link (same gates as {@link printableTicketOf}). */
export async function candidateTicketLink(
  ctx: AppContext,
  id: number,
  candidateId: number,
): Promise<DownloadLink> {
  await printableTicketOf(ctx, id, candidateId);
  const token = await issueDownloadToken(
    ctx.db,
    { kind: TOKEN_KIND, resourceId: id, subjectKind: 'candidate', subjectId: candidateId },
    ctx.now(),
  );
  return linkOf(id, token);
}

/**
 * GET /api/admissionTicket/downloadTicketFile/{id}?token: consumes the single-use token (400
 * 'error.downloadToken' when unknown, used, expired or for another ticket), renders the PDF first
 * when it is not generated or its file is gone, and for a candidate checks the gates again and adds
 * one download (ticketFileDownloadNum + 1, isDownload '1', in one UPDATE). An administrator's preview
 * is not counted. File name "<title>-<name>.pdf" in `lang`.
 */
export async function downloadTicketFile(
  ctx: AppContext,
  id: number,
  token: string,
  lang: Lang,
  origin: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const grant = await consumeDownloadToken(ctx.db, token, TOKEN_KIND, ctx.now());
  if (grant.resourceId !== id) throw new AppError(400, 'error.downloadToken');
  let row: TicketRow | undefined;
  if (grant.subjectKind === 'candidate') row = await printableTicketOf(ctx, id, grant.subjectId);
  else [row] = await selectTickets(ctx.db, eq(admissionTicket.id, id));
  if (!row) throw new AppError(404, 'ticket.none');
  const pdf = await ticketPdf(ctx, row, origin);
  if (grant.subjectKind === 'candidate')
    await ctx.db
      .update(admissionTicket)
      .set({
        ticketFileDownloadNum: sql`${admissionTicket.ticketFileDownloadNum} + 1`,
        isDownload: DOWNLOADED.yes,
      })
      .where(eq(admissionTicket.id, id));
  const title = ticketTitle(row.planYear, row.planName, lang);
  return { pdf, fileName: `${title}-${row.name}.pdf` };
}

// ---- Verification (GET /verify/ticket/{token}, modules/verify/routes.ts) ------------------------------

/** The photo bytes as a data: URL (JPEG unless the bytes are a PNG). */
const dataUrl = (bytes: Buffer) =>
  `data:image/${bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;

/**
 * What the QR code of ticket `token` verifies (docs/security.md "The verify page"): null for a
 * malformed, altered or forged token or a ticket that no longer exists; {valid: false, state:
 * 'expired'} past the token's expiry (v2) or past the end of the ticket's exam day plus the margin
 * (every token: a v1 token carries no expiry, and a moved exam date counts); {valid: false, state:
 * 'invalid'} for a ticket not distributed or cancelled. Neither carries anything of the candidate. A
 * valid answer shows name, photo, admission number, 报考学段 and 报考学科 (the enrolment's, as
 * dictionary labels in `lang`: what the proctor checks the paper and the room against), site, room,
 * seat, date and time; never the ID number.
 */
export async function ticketVerification(
  ctx: AppContext,
  token: string,
  lang: Lang = 'zh',
): Promise<TicketVerification | null> {
  const verified = verifyTicketToken(ctx.dataKeys.ticketSigning, token);
  if (verified === null) return null;
  const now = ctx.now().getTime();
  if (verified.expiresAt && now > verified.expiresAt.getTime()) return { valid: false, state: 'expired' };
  const [row] = await selectTickets(ctx.db, eq(admissionTicket.id, verified.id));
  if (!row) return null;
  if (now > ticketTokenExpiry(row.t.examDate).getTime()) return { valid: false, state: 'expired' };
  if (row.t.status !== TICKET_STATUS.distributed) return { valid: false, state: 'invalid' };
  const [photo, dicts] = await Promise.all([
    row.picture ? ctx.storage.get(row.picture) : null,
    loadDicts(ctx.db),
  ]);
  const coded = (field: 'academicSession' | 'subject') =>
    codedLabel(dicts, { [field]: row[field] } as unknown as Enroll, field, lang) ?? row[field];
  return {
    valid: true,
    state: 'valid',
    name: row.name,
    admissionNumber: row.t.admissionNumber,
    academicSession: coded('academicSession'),
    subject: coded('subject'),
    examDate: row.t.examDate,
    examTime: row.t.examTime,
    examPlace: row.t.examPlace,
    examRoomNumber: row.t.examRoomNumber,
    seatNumber: row.t.seatNumber,
    photo: photo ? dataUrl(photo) : null,
    status: row.t.status,
  };
}
