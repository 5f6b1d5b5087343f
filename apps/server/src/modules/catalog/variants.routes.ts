import { idSchema, variantCreateBodySchema, variantSchema, variantUpdateSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { storeForCatalogue } from '../retail-stores/index';
import { storeQuerySchema } from './products.routes';
import { createVariant, deleteVariant, updateVariant, variantsOf } from './variants.service';

const idParams = z.object({ id: idSchema });

/** spec §7 Products, categories, variants: the size-option (variant) calls. */
export const variantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products/:id/variants',
    {
      config: { permission: 'catalog.read' },
      schema: { params: idParams, querystring: storeQuerySchema, response: { 200: z.array(variantSchema) } },
    },
    // Issue #32: their stock at the store asked for (`storeId`), else the caller's, else every store's.
    async (request) =>
      variantsOf(
        app,
        request.params.id,
        (await storeForCatalogue(app.database.db, signedInUser(request), request.query)).stock,
      ),
  );

  app.post(
    '/api/products/:id/variants',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: idParams, body: variantCreateBodySchema, response: { 201: variantSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createVariant(app, request.params.id, request.body, signedInUser(request))),
  );

  app.patch(
    '/api/variants/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: idParams, body: variantUpdateSchema, response: { 200: variantSchema } },
    },
    async (request) => updateVariant(app, request.params.id, request.body, signedInUser(request)),
  );

  app.delete(
    '/api/variants/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => deleteVariant(app, request.params.id),
  );
};
