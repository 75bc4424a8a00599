import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from './reference/routes';
import { systemRoutes } from './routes';

/** System management and the reference data both sides read (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries): the area's route files, registered in this order on the API scope. */
export async function systemArea(app: FastifyInstance): Promise<void> {
  await referenceRoutes(app);
  await systemRoutes(app);
}
