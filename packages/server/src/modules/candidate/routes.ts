import type { FastifyInstance } from 'fastify';

/** Candidate accounts (spec §7 Candidate auth and account). */
export async function candidateRoutes(_app: FastifyInstance) {}
