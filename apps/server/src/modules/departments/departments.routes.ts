import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDepartments } from './departments.service';

export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  building: z.string().nullable(),
  isActive: z.boolean(),
  manager: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});

/**
 * spec §7 Departments: GET /api/departments (managers and super admins only, spec §6). Read-only
 * for now; creation comes with the Department Management screen (issue #7).
 */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departments',
    { config: { permission: 'departments.manage' }, schema: { response: { 200: z.array(departmentSchema) } } },
    async () => listDepartments(app.database.db),
  );
};
