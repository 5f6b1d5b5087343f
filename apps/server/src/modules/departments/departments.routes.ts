import { departmentSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveDepartment,
  createDepartment,
  listDepartments,
  restoreDepartment,
  updateDepartment,
} from './departments.service';

const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(255, { error: `${label} must be at most 255 characters` })
    .nullish();

export const departmentCreateSchema = z.object({
  name: z
    .string({ error: 'Department name is required' })
    .trim()
    .min(1, { error: 'Department name is required' })
    .max(255, { error: 'Department name must be at most 255 characters' }),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(5000, {
      error: 'Description must be at most 5000 characters',
    })
    .nullish(),
  managerId: z.string({ error: 'Manager must be a user id or "none"' }).trim().nullish(),
  building: optionalText('Building/Location'),
});

/** PATCH /api/departments/:id: any create field, and isActive (restore an archived one). */
export const departmentUpdateSchema = departmentCreateSchema
  .partial()
  .extend({ isActive: z.boolean({ error: 'Must be true or false' }).optional() });

const idParams = z.object({ id: z.uuid({ error: 'Department not found' }) });

/**
 * spec §7 Departments: GET and POST /api/departments (managers and super admins only, spec §6),
 * the POS-side departments of the Department Management screen.
 */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departments',
    { config: { permission: 'departments.manage' }, schema: { response: { 200: z.array(departmentSchema) } } },
    async () => listDepartments(app.database.db),
  );

  app.post(
    '/api/departments',
    {
      config: { permission: 'departments.manage' },
      schema: { body: departmentCreateSchema, response: { 201: departmentSchema } },
    },
    async (request, reply) => reply.status(201).send(await createDepartment(app, request.body)),
  );

  // Issue #13 item 19: the cards are edited and archived (manager or super_admin, as the list).
  app.patch(
    '/api/departments/:id',
    {
      config: { permission: 'departments.manage' },
      schema: { params: idParams, body: departmentUpdateSchema, response: { 200: departmentSchema } },
    },
    async (request) => updateDepartment(app, request.params.id, request.body),
  );

  app.post(
    '/api/departments/:id/archive',
    {
      config: { permission: 'departments.manage' },
      schema: { params: idParams, response: { 200: departmentSchema } },
    },
    async (request) => archiveDepartment(app, request.params.id),
  );

  app.post(
    '/api/departments/:id/restore',
    {
      config: { permission: 'departments.manage' },
      schema: { params: idParams, response: { 200: departmentSchema } },
    },
    async (request) => restoreDepartment(app, request.params.id),
  );
};
