import type { FastifyInstance } from 'fastify';

/** Operation log, login log and online users (spec §7 Operation log; issue 3). */
export async function monitorRoutes(_app: FastifyInstance) {}
