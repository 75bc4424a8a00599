import type { FastifyInstance } from 'fastify';

/** File upload and remove (spec §7 Files; issue 3). */
export async function fileRoutes(_app: FastifyInstance) {}
