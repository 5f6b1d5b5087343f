import {
  idSchema,
  itemBodySchema,
  itemImportResultSchema,
  itemPageSchema,
  itemSchema,
  locationBodySchema,
  locationImportResultSchema,
  locationSchema,
  MASTER_STATUSES,
  procCategoryBodySchema,
  procCategoryImportResultSchema,
  procCategorySchema,
  procSubcategoryBodySchema,
  supplierBodySchema,
  supplierImportResultSchema,
  supplierSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_BODY_LIMIT, csvImportBodySchema, csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import {
  categories,
  itemById,
  items,
  locationById,
  locations,
  saveCategory,
  saveItem,
  saveLocation,
  saveSubcategory,
  saveSupplier,
  setCategoryArchived,
  setItemArchived,
  setLocationArchived,
  setSubcategoryArchived,
  setSupplierArchived,
  supplierById,
  suppliers,
} from './masters.service';
import { exportMastersCsv, importMastersCsv, MASTER_CSV, mastersExportFileName } from './masters-csv.service';

const view = { permission: 'stores.view' } as const;
const manage = { permission: 'stores.manage' } as const;
const params = z.object({ id: idSchema });

const search = z.string().max(255, { error: 'Search must be at most 255 characters' }).optional();
const status = z.enum(MASTER_STATUSES, { error: 'Status must be active, archived or all' }).default('active');
const optionalIdQuery = z
  .union([idSchema, z.literal('')])
  .optional()
  .transform((v) => v || undefined);

/**
 * Stores masters (issue #16 item 1) under /api/procurement/: suppliers, locations, categories with
 * their subcategories, items. Reading is `stores.view`, writing `stores.manage` (ADR 0004 Stores).
 * Archive/restore instead of delete: documents and the ledger point at them.
 */
export const storesMastersRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Suppliers ----
  app.get(
    '/api/procurement/suppliers',
    {
      config: view,
      schema: { querystring: z.object({ search, status }), response: { 200: z.array(supplierSchema) } },
    },
    async (request) => suppliers(app, request.query),
  );
  app.get(
    '/api/procurement/suppliers/:id',
    { config: view, schema: { params, response: { 200: supplierSchema } } },
    async (request) => supplierById(app, request.params.id),
  );
  app.post(
    '/api/procurement/suppliers',
    { config: manage, schema: { body: supplierBodySchema, response: { 201: supplierSchema } } },
    async (request, reply) => reply.status(201).send(await saveSupplier(app, null, request.body)),
  );
  app.patch(
    '/api/procurement/suppliers/:id',
    { config: manage, schema: { params, body: supplierBodySchema, response: { 200: supplierSchema } } },
    async (request) => saveSupplier(app, request.params.id, request.body),
  );
  app.post(
    '/api/procurement/suppliers/:id/archive',
    { config: manage, schema: { params, response: { 200: supplierSchema } } },
    async (request) => setSupplierArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/suppliers/:id/restore',
    { config: manage, schema: { params, response: { 200: supplierSchema } } },
    async (request) => setSupplierArchived(app, request.params.id, false),
  );

  // ---- Locations ----
  app.get(
    '/api/procurement/locations',
    {
      config: view,
      schema: {
        querystring: z.object({ search, status, departmentId: optionalIdQuery }),
        response: { 200: z.array(locationSchema) },
      },
    },
    async (request) => locations(app, request.query),
  );
  app.get(
    '/api/procurement/locations/:id',
    { config: view, schema: { params, response: { 200: locationSchema } } },
    async (request) => locationById(app, request.params.id),
  );
  app.post(
    '/api/procurement/locations',
    { config: manage, schema: { body: locationBodySchema, response: { 201: locationSchema } } },
    async (request, reply) => reply.status(201).send(await saveLocation(app, null, request.body)),
  );
  app.patch(
    '/api/procurement/locations/:id',
    { config: manage, schema: { params, body: locationBodySchema, response: { 200: locationSchema } } },
    async (request) => saveLocation(app, request.params.id, request.body),
  );
  app.post(
    '/api/procurement/locations/:id/archive',
    { config: manage, schema: { params, response: { 200: locationSchema } } },
    async (request) => setLocationArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/locations/:id/restore',
    { config: manage, schema: { params, response: { 200: locationSchema } } },
    async (request) => setLocationArchived(app, request.params.id, false),
  );

  // ---- Categories and subcategories ----
  app.get(
    '/api/procurement/categories',
    {
      config: view,
      schema: { querystring: z.object({ search, status }), response: { 200: z.array(procCategorySchema) } },
    },
    async (request) => categories(app, request.query.status, request.query.search),
  );
  app.post(
    '/api/procurement/categories',
    { config: manage, schema: { body: procCategoryBodySchema, response: { 201: procCategorySchema } } },
    async (request, reply) => reply.status(201).send(await saveCategory(app, null, request.body)),
  );
  app.patch(
    '/api/procurement/categories/:id',
    { config: manage, schema: { params, body: procCategoryBodySchema, response: { 200: procCategorySchema } } },
    async (request) => saveCategory(app, request.params.id, request.body),
  );
  app.post(
    '/api/procurement/categories/:id/archive',
    { config: manage, schema: { params, response: { 200: procCategorySchema } } },
    async (request) => setCategoryArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/categories/:id/restore',
    { config: manage, schema: { params, response: { 200: procCategorySchema } } },
    async (request) => setCategoryArchived(app, request.params.id, false),
  );
  app.post(
    '/api/procurement/categories/:id/subcategories',
    {
      config: manage,
      schema: { params, body: procSubcategoryBodySchema, response: { 201: procCategorySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await saveSubcategory(app, { categoryId: request.params.id }, request.body)),
  );
  app.patch(
    '/api/procurement/subcategories/:id',
    {
      config: manage,
      schema: { params, body: procSubcategoryBodySchema, response: { 200: procCategorySchema } },
    },
    async (request) => saveSubcategory(app, { id: request.params.id }, request.body),
  );
  app.post(
    '/api/procurement/subcategories/:id/archive',
    { config: manage, schema: { params, response: { 200: procCategorySchema } } },
    async (request) => setSubcategoryArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/subcategories/:id/restore',
    { config: manage, schema: { params, response: { 200: procCategorySchema } } },
    async (request) => setSubcategoryArchived(app, request.params.id, false),
  );

  // ---- Items ----
  app.get(
    '/api/procurement/items',
    {
      config: view,
      schema: {
        querystring: z.object({
          search,
          status,
          categoryId: optionalIdQuery,
          departmentId: optionalIdQuery,
          page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .min(1, { error: 'Page size must be between 1 and 200' })
            .max(200, { error: 'Page size must be between 1 and 200' })
            .default(50),
        }),
        response: { 200: itemPageSchema },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return items(app, filter, { page, pageSize });
    },
  );
  app.get(
    '/api/procurement/items/:id',
    { config: view, schema: { params, response: { 200: itemSchema } } },
    async (request) => itemById(app, request.params.id),
  );
  app.post(
    '/api/procurement/items',
    { config: manage, schema: { body: itemBodySchema, response: { 201: itemSchema } } },
    async (request, reply) => reply.status(201).send(await saveItem(app, null, request.body)),
  );
  app.patch(
    '/api/procurement/items/:id',
    { config: manage, schema: { params, body: itemBodySchema, response: { 200: itemSchema } } },
    async (request) => saveItem(app, request.params.id, request.body),
  );
  app.post(
    '/api/procurement/items/:id/archive',
    { config: manage, schema: { params, response: { 200: itemSchema } } },
    async (request) => setItemArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/items/:id/restore',
    { config: manage, schema: { params, response: { 200: itemSchema } } },
    async (request) => setItemArchived(app, request.params.id, false),
  );

  // ---- CSV export and import (issue #16 item 1) ----
  const resultSchemas = {
    suppliers: supplierImportResultSchema,
    locations: locationImportResultSchema,
    items: itemImportResultSchema,
    categories: procCategoryImportResultSchema,
  } as const;
  for (const kind of ['suppliers', 'locations', 'items', 'categories'] as const) {
    app.get(
      `/api/procurement/${kind}/export.csv`,
      { config: view, schema: { response: { 200: csvResponseSchema } } },
      async (_request, reply) =>
        sendCsv(reply, {
          filename: mastersExportFileName(kind, app.config.storeTimeZone),
          stream: exportMastersCsv(app, kind),
        }),
    );
    app.post(
      `/api/procurement/${kind}/import`,
      {
        config: manage,
        bodyLimit: CSV_IMPORT_BODY_LIMIT,
        schema: { body: csvImportBodySchema, response: { 200: z.unknown() } },
      },
      async (request) => {
        const result = await importMastersCsv(app, kind, request.body.csv);
        const keyName = MASTER_CSV[kind].reportKey;
        // The report names each row by its key column, like the catalogue's (sku, code, name).
        return resultSchemas[kind].parse({
          ...result,
          rows: result.rows.map(({ key, ...row }) => ({ ...row, [keyName]: key })),
        });
      },
    );
  }
};
