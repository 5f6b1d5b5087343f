import {
  assetCheckoutCreateSchema,
  assetCheckoutSchema,
  assetReturnSchema,
  borrowerSchema,
  CHECKOUT_FILTERS,
  CHECKOUT_LIST_DEFAULT_LIMIT,
  CHECKOUT_LIST_MAX_LIMIT,
  CHECKOUT_NEXT_CURSOR_HEADER,
  CHECKOUT_SORTS,
  CHECKOUT_TOTAL_HEADER,
  idSchema,
  lendableAssetSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { CURSOR_MESSAGE } from './assets.errors';
import {
  type AssetDeps,
  checkOut,
  clearServiceFlag,
  listBorrowers,
  listCheckouts,
  listLendableAssets,
  returnAsset,
} from './assets.service';

const idParams = z.object({ id: idSchema });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${CHECKOUT_LIST_MAX_LIMIT}`;

const listQuery = z.object({
  // spec §7: the status filter is part of the query key; 'all' (or nothing) means no filter.
  status: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 'all' : v))
    .pipe(z.enum(CHECKOUT_FILTERS, { error: 'Status must be all, checked_out, returned or overdue' })),
  sort: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 'newest' : v))
    .pipe(z.enum(CHECKOUT_SORTS, { error: 'Sort must be newest or due' })),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(CHECKOUT_LIST_MAX_LIMIT, { error: LIMIT_MESSAGE })
    .default(CHECKOUT_LIST_DEFAULT_LIMIT),
  cursor: z.guid({ error: CURSOR_MESSAGE }).optional(),
});

export type AssetRoutesOptions = { now?: () => Date };

/**
 * Asset checkout (spec §2 Asset checkout, §7 GET /api/asset-checkouts, issue #7). Everyone signed
 * in reads ('assets.view': lenders see every loan, others their own), a page at a time: `limit`
 * (default 60, at most 5000) and `cursor` (the previous answer's X-Next-Cursor), with the whole
 * list's count in X-Total-Count. Lending, taking back and clearing a service flag need
 * 'assets.lend'. Static paths (/borrowers, /assets) win over /:id.
 */
export const assetRoutes: FastifyPluginAsyncZod<AssetRoutesOptions> = async (app, options) => {
  const deps: AssetDeps = {
    database: app.database,
    events: app.events,
    config: app.config,
    ...(options.now ? { now: options.now } : {}),
  };

  app.get(
    '/api/asset-checkouts',
    {
      config: { permission: 'assets.view' },
      schema: { querystring: listQuery, response: { 200: z.array(assetCheckoutSchema) } },
    },
    async (request, reply) => {
      const { status, sort, limit, cursor } = request.query;
      const page = await listCheckouts(deps, signedInUser(request), { filter: status, sort, limit, cursor });
      reply.header(CHECKOUT_TOTAL_HEADER, String(page.total));
      if (page.nextCursor) reply.header(CHECKOUT_NEXT_CURSOR_HEADER, page.nextCursor);
      return page.checkouts;
    },
  );

  app.get(
    '/api/asset-checkouts/borrowers',
    { config: { permission: 'assets.lend' }, schema: { response: { 200: z.array(borrowerSchema) } } },
    async () => listBorrowers(deps),
  );

  app.get(
    '/api/asset-checkouts/assets',
    { config: { permission: 'assets.lend' }, schema: { response: { 200: z.array(lendableAssetSchema) } } },
    async () => listLendableAssets(deps),
  );

  app.post(
    '/api/asset-checkouts',
    {
      config: { permission: 'assets.lend' },
      schema: { body: assetCheckoutCreateSchema, response: { 201: assetCheckoutSchema } },
    },
    async (request, reply) => {
      const checkout = await checkOut(deps, signedInUser(request), request.body);
      return reply.status(201).send(checkout);
    },
  );

  app.post(
    '/api/asset-checkouts/:id/return',
    {
      config: { permission: 'assets.lend' },
      schema: { params: idParams, body: assetReturnSchema, response: { 200: assetCheckoutSchema } },
    },
    async (request) => returnAsset(deps, signedInUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/products/:id/service-flag/clear',
    {
      config: { permission: 'assets.lend' },
      schema: {
        params: idParams,
        response: {
          200: z.object({ id: z.string(), name: z.string(), serviceFlag: z.null(), message: z.string() }),
        },
      },
    },
    async (request) => clearServiceFlag(deps, request.params.id),
  );
};
