import type { FastifyInstance } from 'fastify';

/** Website configuration (spec §7 Website config; issue 3). */
export async function websiteRoutes(_app: FastifyInstance) {}
