import {
  productStoreBodySchema,
  productStoreSchema,
  retailStoreCreateSchema,
  retailStoreSchema,
  retailStoreUpdateSchema,
  terminalStoreBodySchema,
  terminalStoreSchema,
  userStoresBodySchema,
  userStoresSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import {
  bindTerminal,
  createStore,
  listStores,
  productStores,
  setProductStore,
  setStoresOfUser,
  storesICanSellAt,
  storesOfUser,
  terminalStore,
  updateStore,
} from './retail-stores.service';

const storeParams = z.object({ id: z.uuid({ error: 'Store not found' }) });
const terminalParams = z.object({ id: z.uuid({ error: 'terminalId must be a UUID' }) });
const userParams = z.object({ id: z.uuid({ error: 'User not found' }) });
const productParams = z.object({ id: z.uuid({ error: 'Product not found' }) });
const productStoreParams = z.object({
  id: z.uuid({ error: 'Product not found' }),
  storeId: z.uuid({ error: 'Store not found' }),
});

/**
 * Issue #32 item 2: the installation's stores, a till's store, the stores a user may sell at and a
 * product's per-store price and availability. Reading the list is for every signed-in user (a till
 * shows its store's name); changing anything is 'shops.manage' (manager, super_admin).
 */
export const retailStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/stores',
    { config: { permission: 'session' }, schema: { response: { 200: z.array(retailStoreSchema) } } },
    async () => listStores(db),
  );

  app.get(
    '/api/stores/mine',
    { config: { permission: 'session' }, schema: { response: { 200: z.array(retailStoreSchema) } } },
    async (request) => storesICanSellAt(db, signedInUser(request).id),
  );

  app.post(
    '/api/stores',
    {
      config: { permission: 'shops.manage' },
      schema: { body: retailStoreCreateSchema, response: { 201: retailStoreSchema } },
    },
    async (request, reply) => reply.status(201).send(await createStore(db, request.body)),
  );

  app.patch(
    '/api/stores/:id',
    {
      config: { permission: 'shops.manage' },
      schema: { params: storeParams, body: retailStoreUpdateSchema, response: { 200: retailStoreSchema } },
    },
    async (request) => updateStore(db, request.params.id, request.body),
  );

  app.get(
    '/api/terminals/:id/store',
    {
      config: { permission: 'pos.sell' },
      schema: { params: terminalParams, response: { 200: terminalStoreSchema } },
    },
    async (request) => terminalStore(db, request.params.id),
  );

  app.put(
    '/api/terminals/:id/store',
    {
      config: { permission: 'shops.manage' },
      schema: { params: terminalParams, body: terminalStoreBodySchema, response: { 200: terminalStoreSchema } },
    },
    async (request) =>
      bindTerminal(db, {
        terminalId: request.params.id,
        storeId: request.body.storeId,
        userId: signedInUser(request).id,
        deviceId: request.server.devices.fromRequest(request)?.deviceId ?? null,
      }),
  );

  app.get(
    '/api/users/:id/stores',
    { config: { permission: 'shops.manage' }, schema: { params: userParams, response: { 200: userStoresSchema } } },
    async (request) => storesOfUser(db, request.params.id),
  );

  app.put(
    '/api/users/:id/stores',
    {
      config: { permission: 'shops.manage' },
      schema: { params: userParams, body: userStoresBodySchema, response: { 200: userStoresSchema } },
    },
    async (request) => setStoresOfUser(db, request.params.id, request.body.storeIds),
  );

  app.get(
    '/api/products/:id/stores',
    {
      config: { permission: 'catalog.read' },
      schema: { params: productParams, response: { 200: z.array(productStoreSchema) } },
    },
    async (request) => productStores(db, request.params.id),
  );

  app.put(
    '/api/products/:id/stores/:storeId',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: productStoreParams, body: productStoreBodySchema, response: { 200: productStoreSchema } },
    },
    async (request) => {
      const saved = await setProductStore(db, request.params.id, request.params.storeId, request.body);
      // Issue #32 item 2: the price is charged, so the sales' pricing caches and the tills reload it.
      await app.events.publish('product.changed', [request.params.id]);
      return saved;
    },
  );
};
