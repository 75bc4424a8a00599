import type { FastifyInstance } from 'fastify';
import { departmentRoutes } from './department';
import { dictRoutes } from './dict';
import { menuRoutes } from './menu';
import { regionRoutes } from './region';
import { roleRoutes } from './role';
import { userRoutes } from './user';

/** System management (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries; issue 3). */
export async function systemRoutes(app: FastifyInstance) {
  await userRoutes(app);
  await roleRoutes(app);
  await menuRoutes(app);
  await departmentRoutes(app);
  await regionRoutes(app);
  await dictRoutes(app);
}
