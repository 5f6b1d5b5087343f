import { idSchema, procDepartmentImportResultSchema, procDepartmentSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_BODY_LIMIT, csvImportBodySchema, csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import {
  createProcDepartment,
  procDepartmentBodySchema,
  procDepartments,
  setProcDepartmentArchived,
  updateProcDepartmentById,
} from './procurement-departments.service';
import {
  exportProcDepartmentsCsv,
  importProcDepartmentsCsv,
  procDepartmentsExportFileName,
} from './procurement-departments-csv.service';

const listQuerySchema = z.object({
  search: z.string().max(255, { error: 'Search must be at most 255 characters' }).optional(),
  status: z.enum(['all', 'active', 'archived'], { error: 'Status must be all, active or archived' }).default('all'),
  hierarchy: z.enum(['all', 'root'], { error: 'Hierarchy must be all or root' }).default('all'),
});

const params = z.object({ id: idSchema });
const permission = { permission: 'departments.manage' } as const;

/**
 * spec §7 Departments and procurement: the departments as the /procurement-departments screen
 * shows them (code, name, parent, archived; the one table, ADR 0027), and their CSV import and
 * export. Managers and super admins (spec §6).
 */
export const procurementDepartmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/procurement/departments',
    { config: permission, schema: { querystring: listQuerySchema, response: { 200: z.array(procDepartmentSchema) } } },
    async (request) => procDepartments(app, request.query),
  );

  app.post(
    '/api/procurement/departments',
    { config: permission, schema: { body: procDepartmentBodySchema, response: { 201: procDepartmentSchema } } },
    async (request, reply) => reply.status(201).send(await createProcDepartment(app, request.body)),
  );

  app.patch(
    '/api/procurement/departments/:id',
    {
      config: permission,
      schema: { params, body: procDepartmentBodySchema, response: { 200: procDepartmentSchema } },
    },
    async (request) => updateProcDepartmentById(app, request.params.id, request.body),
  );

  app.post(
    '/api/procurement/departments/:id/archive',
    { config: permission, schema: { params, response: { 200: procDepartmentSchema } } },
    async (request) => setProcDepartmentArchived(app, request.params.id, true),
  );

  app.post(
    '/api/procurement/departments/:id/restore',
    { config: permission, schema: { params, response: { 200: procDepartmentSchema } } },
    async (request) => setProcDepartmentArchived(app, request.params.id, false),
  );

  app.get(
    '/api/procurement/departments/export.csv',
    { config: permission, schema: { response: { 200: csvResponseSchema } } },
    async (_request, reply) =>
      sendCsv(reply, {
        filename: procDepartmentsExportFileName(app.config.storeTimeZone),
        stream: exportProcDepartmentsCsv(app),
      }),
  );

  app.post(
    '/api/procurement/departments/import',
    {
      config: permission,
      bodyLimit: CSV_IMPORT_BODY_LIMIT,
      schema: { body: csvImportBodySchema, response: { 200: procDepartmentImportResultSchema } },
    },
    async (request) => importProcDepartmentsCsv(app, request.body.csv),
  );
};
