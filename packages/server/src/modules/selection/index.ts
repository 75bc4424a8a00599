import type { FastifyInstance } from 'fastify';

/**
 * After the written exam (domain selection.ts; docs/decisions.md "Scoring rules"): the area's route
 * files, registered in this order on the API scope.
 */
export async function selectionArea(_app: FastifyInstance): Promise<void> {}
