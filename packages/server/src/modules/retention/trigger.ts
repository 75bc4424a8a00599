import { asc, isNull } from 'drizzle-orm';
import { retentionDue } from '@tegang/domain';
import type { AppContext } from '../../context';
import { recruitPlan } from '../../db/schema';
import { systemJobOwner } from '../../jobs';
import { anyRemovableAccount, queueRetention, type RetentionStarter } from './service';

/*
 * The periodic trigger of the retention job (docs/security.md "Retention"): every node, at its start
 * and then every RETENTION_EVERY_MS, queues a run for each plan whose period has run out and that is
 * not purged, and one for the accounts when any account is removable. The queue guard (service.ts
 * queueRetention: an advisory lock, then "none queued or running for it") makes several nodes queue
 * each run once. A plan inside its period is never queued: the test is the domain's retentionDue,
 * and the run checks it again.
 */

/** The trigger runs at start and then this often (a period ends on a day; daily is soon enough). */
export const RETENTION_EVERY_MS = 24 * 60 * 60_000;

/** What one round of the trigger queued. */
export interface RetentionRound {
  /** The plans whose run was queued now or was already queued or running. */
  plans: number[];
  /** The accounts run (new or already queued), or null when no account is removable. */
  accountsJobId: number | null;
  /** Job ids of the round, new or found. */
  jobIds: number[];
}

/**
 * One round of the trigger at ctx.now(): queues the run of every due plan and, when an account is
 * removable, the accounts run. Safe on every node at once. Throws what the database throws.
 */
export async function queueDueRetention(ctx: AppContext): Promise<RetentionRound> {
  const round: RetentionRound = { plans: [], accountsJobId: null, jobIds: [] };
  const now = ctx.now();
  const plans = await ctx.db
    .select({
      id: recruitPlan.id,
      listPublishedEndTime: recruitPlan.listPublishedEndTime,
      retentionYears: recruitPlan.retentionYears,
      purgeTime: recruitPlan.purgeTime,
    })
    .from(recruitPlan)
    .where(isNull(recruitPlan.purgeTime))
    .orderBy(asc(recruitPlan.id));
  const due = plans.filter((p) => retentionDue(p, now));
  const accounts = await anyRemovableAccount(ctx.db, now);
  if (!due.length && !accounts) return round;
  const owner = await systemJobOwner(ctx.db);
  if (!owner) throw new Error('no administrator to queue the retention job for (user "admin" is gone)');
  const starter: RetentionStarter = { id: owner.id, scope: {} };
  for (const plan of due) {
    const { jobId } = await queueRetention(ctx, { planId: plan.id, trigger: 'schedule' }, starter);
    round.plans.push(plan.id);
    round.jobIds.push(jobId);
  }
  if (accounts) {
    const { jobId } = await queueRetention(ctx, { accounts: true, trigger: 'schedule' }, starter);
    round.accountsJobId = jobId;
    round.jobIds.push(jobId);
  }
  return round;
}

/**
 * Starts the trigger on this node: a round now (without delaying the caller: call it after the
 * server listens), then every `everyMs` on a timer that does not keep the process alive. A round that
 * queued something logs it (`log.info`); a failed round is logged (`log.warn`) and the next one tries
 * again. Returns the function that stops it.
 */
export function startRetention(
  ctx: AppContext,
  log: { info(message: string): void; warn(message: string): void },
  everyMs = RETENTION_EVERY_MS,
): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      const done = await queueDueRetention(ctx);
      if (done.jobIds.length)
        log.info(
          `[retention] queued: plans ${done.plans.join(', ') || 'none'}${done.accountsJobId ? ', accounts' : ''} (jobs ${done.jobIds.join(', ')})`,
        );
    } catch (error) {
      log.warn(
        `[retention] the trigger failed (next round in ${Math.round(everyMs / 3_600_000)} h): ${(error as Error).message}`,
      );
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void round(), 0);
  first.unref();
  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
