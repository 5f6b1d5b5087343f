import { categoryCreateSchema, categorySchema, idSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, createCategory, deleteCategory } from './categories.service';

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

  app.delete(
    '/api/categories/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: z.object({ id: idSchema }), response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => deleteCategory(app, request.params.id),
  );
};
