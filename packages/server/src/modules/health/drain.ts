import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { describeError } from '../../lib/logging';

/**
 * The drained stop of a node (README "Stopping", docs/architecture.md "Several nodes"): while a node
 * drains, `/ready` answers 503 "draining" (the balancer stops sending to it) and every answer carries
 * `Connection: close` (a keep-alive client opens its next connection elsewhere), while the requests it
 * receives are still served. The flag lives beside the app's context, shared by every plugin scope.
 */
const draining = new WeakSet<AppContext>();

/** Marks the node as draining: `/ready` says so at once. Idempotent. */
export function beginDrain(app: FastifyInstance): void {
  draining.add(app.ctx);
}

/** Whether the node of `ctx` is draining (a stop has begun). */
export function isDraining(ctx: AppContext): boolean {
  return draining.has(ctx);
}

/**
 * Adds `Connection: close` to every answer once the node drains (a root hook of buildApp), so that no
 * keep-alive socket outlives the request it carries and the server can close without resetting one.
 */
export function registerDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining.has(app.ctx)) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Stops accepting connections and resolves once every open connection has ended: the requests already
 * received are answered (each answer then closes its socket), idle keep-alive sockets are closed at once
 * and again every `pollMs` (a socket that finished its request since), so no client waits for the
 * keep-alive timeout. Never rejects; a server not listening resolves at once.
 */
export function closeServer(app: FastifyInstance, pollMs = 100): Promise<void> {
  const server = app.server;
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setInterval(() => server.closeIdleConnections(), pollMs);
    server.close(() => {
      clearInterval(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** A step of the stop after the server is closed (the pool, the embedded cluster), named for the log. */
export interface StopStep {
  name: string;
  run: () => Promise<void>;
}

/** How a drained stop ended: `reason` names the setting and the step that did not finish. */
export type StopOutcome = { ok: true } | { ok: false; reason: string };

/**
 * The drained stop of `npm start` (README "Stopping"), in this order:
 * 1. `/ready` answers 503 "draining" at once (beginDrain), answers carry `Connection: close`;
 * 2. the node keeps serving for `graceSeconds` (SHUTDOWN_GRACE_SECONDS) while the balancer moves away
 *    (skipped when the server is not listening yet);
 * 3. it stops accepting, answers every request already received and closes idle keep-alive sockets
 *    (closeServer);
 * 4. app.close(): the jobs running here stop after their current item and go back to the queue for
 *    another node (src/jobs releaseRunningJobs), the workers stop (pg-boss graceful stop, jobs/queue.ts)
 *    and the onClose hooks run;
 * 5. `steps` in order (the pool, then the embedded cluster).
 * All of it within `timeoutSeconds` (SHUTDOWN_TIMEOUT_SECONDS): past it the remaining sockets are
 * destroyed and the outcome names the step that was running. Never rejects: a failed step is an outcome.
 */
export async function stopDrained(
  app: FastifyInstance,
  limits: { graceSeconds: number; timeoutSeconds: number },
  steps: StopStep[],
): Promise<StopOutcome> {
  let step = 'the grace period';
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<StopOutcome>((resolve) => {
    timer = setTimeout(() => {
      app.server.closeAllConnections();
      resolve({
        ok: false,
        reason: `SHUTDOWN_TIMEOUT_SECONDS (${limits.timeoutSeconds} s) passed while ${step}; exiting anyway`,
      });
    }, limits.timeoutSeconds * 1000);
  });
  const run = async (): Promise<StopOutcome> => {
    try {
      beginDrain(app);
      if (app.server.listening && limits.graceSeconds > 0) {
        app.log.info(`draining: /ready answers 503 for ${limits.graceSeconds} s before the server closes`);
        await new Promise((r) => setTimeout(r, limits.graceSeconds * 1000));
      }
      step = 'finishing the requests in flight';
      await closeServer(app);
      step = 'stopping the job workers';
      await app.close();
      for (const s of steps) {
        step = s.name;
        await s.run();
      }
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `${step} failed: ${describeError(error)}` };
    }
  };
  try {
    return await Promise.race([run(), overdue]);
  } finally {
    clearTimeout(timer);
  }
}
