import type { FastifyInstance } from 'fastify';
import { departmentRoutes } from './department/routes';
import { dictRoutes } from './dict/routes';
import { menuRoutes } from './menu/routes';
import { regionRoutes } from './region/routes';
import { roleRoutes } from './role/routes';
import { userRoutes } from './user/routes';

/** System management (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries). */
export async function systemRoutes(app: FastifyInstance) {
  await userRoutes(app);
  await roleRoutes(app);
  await menuRoutes(app);
  await departmentRoutes(app);
  await regionRoutes(app);
  await dictRoutes(app);
}
