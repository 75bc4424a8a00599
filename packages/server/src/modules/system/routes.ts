import type { FastifyInstance } from 'fastify';

/** System management (spec §7 Users, Roles, Menus, Departments, Region, Dictionaries; issue 3). */
export async function systemRoutes(_app: FastifyInstance) {}
