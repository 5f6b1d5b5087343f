import {
  ALL_STORES,
  ASSET_TYPES,
  idSchema,
  lowStockProductSchema,
  PRODUCT_LIMITS,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  productCreateSchema,
  productDetailSchema,
  productSchema,
  productUpdateSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { checkStoreExists, readableStores, storeForCatalogue } from '../retail-stores/index';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  lowStockProducts,
  productSizeOptions,
  updateProduct,
} from './products.service';

/** 'all' or an empty value means "no filter" (the client may send the select's "all" choice). */
const noFilter = (value: string | undefined) => value === undefined || value === '' || value === 'all';

const optionalId = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (noFilter(v) ? undefined : v))
    .pipe(z.guid({ error: message }).optional());

const pageSize = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${PRODUCT_LIST_MAX_LIMIT}` })
  .int({ error: `limit must be a whole number from 1 to ${PRODUCT_LIST_MAX_LIMIT}` })
  .min(1, { error: `limit must be a whole number from 1 to ${PRODUCT_LIST_MAX_LIMIT}` })
  .max(PRODUCT_LIST_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${PRODUCT_LIST_MAX_LIMIT}` })
  .default(PRODUCT_LIST_DEFAULT_LIMIT);

/**
 * Issue #32 item 2: `storeId` names the store whose prices, availability and stock the answer
 * gives; 'all' asks for the catalogue's own prices, every product and every store's stock together
 * (the back office's inventory), and no value for the caller's store (the open shift's, else the
 * till's `terminalId`; with neither, as 'all').
 */
const storeIdQuery = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v))
  .pipe(z.union([z.literal('all'), z.guid({ error: 'Store not found' })], { error: 'Store not found' }).optional());

/** `?storeId=&terminalId=` of a product's reads (one product, its size options, its stored sizes). */
export const storeQuerySchema = z.object({
  storeId: storeIdQuery,
  terminalId: optionalId('terminalId must be a UUID'),
});

const listQuerySchema = z.object({
  search: z.string().max(200, { error: 'Search must be at most 200 characters' }).optional(),
  category: optionalId('Unknown category'),
  assetType: z
    .string()
    .optional()
    .transform((v) => (noFilter(v) ? undefined : v))
    .pipe(z.enum(ASSET_TYPES, { error: 'Unknown asset type' }).optional()),
  department: optionalId('Unknown department'),
  sku: z
    .string()
    .max(PRODUCT_LIMITS.sku, { error: `SKU must be at most ${PRODUCT_LIMITS.sku} characters` })
    .optional(),
  /** Issue #32 item 2: prices and availability at this store (else the caller's shift's or till's). */
  storeId: storeIdQuery,
  /** Issue #32 item 2: the till asking, whose store answers when its cashier has no open shift. */
  terminalId: optionalId('terminalId must be a UUID'),
  /**
   * Issue #32, the back office's inventory: the stock of this store ('all': every store together),
   * with the catalogue's own prices and every product (as `storeId=all`). A store's own price never
   * reaches the product form from here, so saving a product cannot copy it into the base price.
   */
  stockStoreId: storeIdQuery,
  limit: pageSize,
  offset: z.coerce
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int({ error: 'offset must be a whole number, 0 or more' })
    .min(0, { error: 'offset must be a whole number, 0 or more' })
    .default(0),
});

const sizeOptionSchema = z.object({
  variantId: z.string().nullable(),
  name: z.string(),
  priceCents: z.number(),
  price: z.string(),
  stock: z.number(),
  sortOrder: z.number(),
});

const idParams = z.object({ id: idSchema });

/** spec §7 Products: list, low stock, one product, size options, create, update, delete. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    {
      config: { permission: 'catalog.read' },
      schema: { querystring: listQuerySchema, response: { 200: z.array(productSchema) } },
    },
    async (request, reply) => {
      const q = request.query;
      const reader = signedInUser(request);
      const stockOnly = q.stockStoreId !== undefined;
      // Issue #32: the store the list is FOR (its prices, what it sells), and whose stock it shows.
      const at = stockOnly
        ? {
            storeId: null,
            stock: (await storeForCatalogue(app.database.db, reader, { storeId: q.stockStoreId })).stock,
          }
        : await storeForCatalogue(app.database.db, reader, q);
      const { products, total } = await listProducts(
        app,
        {
          search: q.search,
          categoryId: q.category,
          assetType: q.assetType,
          departmentId: q.department,
          sku: q.sku,
          storeId: at.storeId,
          stockAt: at.stock,
        },
        { limit: q.limit, offset: q.offset },
      );
      reply.header('X-Total-Count', String(total));
      return products;
    },
  );

  app.get(
    '/api/products/low-stock',
    {
      config: { permission: 'catalog.read' },
      schema: {
        querystring: z.object({ limit: pageSize, storeId: storeIdQuery }),
        response: { 200: z.array(lowStockProductSchema) },
      },
    },
    async (request, reply) => {
      // Issue #32: one store's list (`storeId`; 400 unknown, 403 not the reader's), else every
      // store the reader may see, per store. A spec §7 client on one store sees today's list.
      const asked = request.query.storeId === ALL_STORES ? undefined : request.query.storeId;
      const db = app.database.db;
      if (asked) await checkStoreExists(db, asked);
      const storeIds = await readableStores(db, signedInUser(request), asked);
      const { products, total } = await lowStockProducts(app, request.query.limit, storeIds);
      reply.header('X-Total-Count', String(total));
      return products;
    },
  );

  app.get(
    '/api/products/:id',
    {
      config: { permission: 'catalog.read' },
      schema: { params: idParams, querystring: storeQuerySchema, response: { 200: productDetailSchema } },
    },
    async (request) => {
      const at = await storeForCatalogue(app.database.db, signedInUser(request), request.query);
      return getProduct(app, request.params.id, at.storeId, at.stock, at.readable);
    },
  );

  app.get(
    '/api/products/:id/size-options',
    {
      config: { permission: 'catalog.read' },
      schema: { params: idParams, querystring: storeQuerySchema, response: { 200: z.array(sizeOptionSchema) } },
    },
    async (request) => {
      const at = await storeForCatalogue(app.database.db, signedInUser(request), request.query);
      return productSizeOptions(app, request.params.id, at.storeId, at.stock);
    },
  );

  app.post(
    '/api/products',
    {
      config: { permission: 'catalog.manage' },
      schema: { body: productCreateSchema, response: { 201: productDetailSchema } },
    },
    async (request, reply) => {
      const product = await createProduct(app, signedInUser(request), request.body);
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/api/products/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: { params: idParams, body: productUpdateSchema, response: { 200: productDetailSchema } },
    },
    async (request) => updateProduct(app, signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/products/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        params: idParams,
        response: { 200: z.object({ message: z.string(), deactivated: z.boolean() }) },
      },
    },
    async (request) => deleteProduct(app, request.params.id),
  );
};
