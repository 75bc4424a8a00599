import { z } from 'zod';

/**
 * The one jobs mechanism (DESIGN "jobs"): long work — an import, the ticket PDFs of a plan, a batch —
 * runs as a background job on any node; the screen that started it follows its progress bar.
 *
 * Status of a job: queued, running, done, rejected (an import's row problems: nothing written),
 * failed (nothing written, or the job itself stopped; its message says why).
 */
export const JOB_STATUS = { queued: '0', running: '1', done: '2', rejected: '3', failed: '4' } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

/** True once the job will not change any more. */
export const jobFinished = (status: string): boolean =>
  status === JOB_STATUS.done || status === JOB_STATUS.rejected || status === JOB_STATUS.failed;

/** How often a screen asks for a running job's progress (ms). */
export const JOB_POLL_MS = 1000;

/**
 * Default seconds without a heartbeat after which a running job counts as abandoned (its node was
 * killed or lost the database) and any node queues it again (setting JOB_STALE_SECONDS). The run
 * beats four times in that span, so a busy but living node never loses its job.
 */
export const JOB_STALE_SECONDS_DEFAULT = 45;

/** What every job's progress answer carries, whatever its kind adds (the response schema of the part). */
export const jobProgressSchema = z.object({
  status: z.enum(JOB_STATUS),
  /** 0–100. */
  percent: z.number(),
  /**
   * Runs started: 1 normally; 2 or more when the node running it stopped and another node took it
   * over (the work restarted there; what was already stored is not done twice).
   */
  attempts: z.number().int(),
});
export type JobProgress = z.output<typeof jobProgressSchema>;

/** True when the job was taken over by another node after its node stopped (the bar says so). */
export const jobResumed = (job: Pick<JobProgress, 'attempts'>): boolean => job.attempts > 1;
