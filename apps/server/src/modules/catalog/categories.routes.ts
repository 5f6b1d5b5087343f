import { categoryCreateSchema, categorySchema, idSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, createCategory, deleteCategory, setCategoryTaxRate } from './categories.service';

/** spec §7 Products, categories, variants: the category calls. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    { config: { permission: 'catalog.read' }, schema: { response: { 200: z.array(categorySchema) } } },
    async () => categories(app),
  );

  app.post(
    '/api/categories',
    {
      config: { permission: 'catalog.manage' },
      schema: { body: categoryCreateSchema, response: { 201: categorySchema } },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app, request.body)),
  );

  // Issue #34 item 2: a category's tax rate (null = 0%), a tax setting (ADR 0004 tax.manage).
  app.patch(
    '/api/categories/:id',
    {
      config: { permission: 'tax.manage' },
      schema: {
        params: z.object({ id: idSchema }),
        body: z.object({ taxRateId: z.guid({ error: 'Unknown tax rate' }).nullable() }),
        response: { 200: categorySchema },
      },
    },
    async (request) => setCategoryTaxRate(app, request.params.id, request.body.taxRateId),
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: z.object({ id: idSchema }), response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => deleteCategory(app, request.params.id),
  );
};
