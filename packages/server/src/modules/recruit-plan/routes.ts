import type { FastifyInstance } from 'fastify';

/** Recruit plans (spec §7 Recruit plan). */
export async function recruitPlanRoutes(_app: FastifyInstance) {}
