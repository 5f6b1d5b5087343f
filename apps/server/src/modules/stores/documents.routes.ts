import {
  batchBalanceSchema,
  ISSUE_STATUSES,
  idSchema,
  issueBodySchema,
  issueSchema,
  movementPageSchema,
  reorderRowSchema,
  stockCountBodySchema,
  stockCountSchema,
  stockPageSchema,
  TRANSFER_STATUSES,
  transferBodySchema,
  transferReceiveBodySchema,
  transferSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import {
  approveIssue,
  approveTransfer,
  batches,
  cancelIssue,
  cancelTransfer,
  completeIssue,
  createIssue,
  createTransfer,
  dispatchTransfer,
  issueList,
  movementPage,
  receiveTransfer,
  recordStockCount,
  reorderList,
  stock,
  stockCounts,
  transferList,
} from './documents.service';

const view = { permission: 'stores.view' } as const;
const manage = { permission: 'stores.manage' } as const;
const params = z.object({ id: idSchema });
const optionalId = z
  .union([idSchema, z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const pageQuery = {
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: 'Page size must be between 1 and 200' })
    .max(200, { error: 'Page size must be between 1 and 200' })
    .default(50),
};

/**
 * Stock per location, the ledger, counts, issues, transfers and the reorder list (issue #16 items 2,
 * 6, 7) under /api/procurement/. A department manager reads their department's only and may ask for
 * an issue to it; every other write is `stores.manage` (ADR 0004 Stores).
 */
export const storesDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/procurement/stock',
    {
      config: view,
      schema: {
        querystring: z.object({
          locationId: optionalId,
          itemId: optionalId,
          search: z.string().max(255, { error: 'Search must be at most 255 characters' }).optional(),
          held: z.enum(['all', 'held']).default('all'),
          ...pageQuery,
        }),
        response: { 200: stockPageSchema },
      },
    },
    async (request) => {
      const { page, pageSize, held, ...filter } = request.query;
      return stock(app, signedInUser(request), { ...filter, onlyHeld: held === 'held' }, { page, pageSize });
    },
  );

  app.get(
    '/api/procurement/movements',
    {
      config: view,
      schema: {
        querystring: z.object({
          itemId: optionalId,
          locationId: optionalId,
          before: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: movementPageSchema },
      },
    },
    async (request) => {
      const { before, limit, ...filter } = request.query;
      return movementPage(app, signedInUser(request), filter, { before, limit });
    },
  );

  app.get(
    '/api/procurement/items/:id/batches',
    { config: view, schema: { params, response: { 200: z.array(batchBalanceSchema) } } },
    async (request) => batches(app, signedInUser(request), request.params.id),
  );

  // ---- Counts ----
  app.get(
    '/api/procurement/stock-counts',
    {
      config: view,
      schema: { querystring: z.object({ locationId: optionalId }), response: { 200: z.array(stockCountSchema) } },
    },
    async (request) => stockCounts(app, signedInUser(request), request.query),
  );
  app.post(
    '/api/procurement/stock-counts',
    { config: manage, schema: { body: stockCountBodySchema, response: { 201: stockCountSchema } } },
    async (request, reply) => reply.status(201).send(await recordStockCount(app, signedInUser(request), request.body)),
  );

  // ---- Issues ----
  app.get(
    '/api/procurement/issues',
    {
      config: view,
      schema: {
        querystring: z.object({ status: z.enum(ISSUE_STATUSES).optional(), departmentId: optionalId }),
        response: { 200: z.array(issueSchema) },
      },
    },
    async (request) => issueList(app, signedInUser(request), request.query),
  );
  app.post(
    '/api/procurement/issues',
    { config: view, schema: { body: issueBodySchema, response: { 201: issueSchema } } },
    async (request, reply) => reply.status(201).send(await createIssue(app, signedInUser(request), request.body)),
  );
  app.post(
    '/api/procurement/issues/:id/approve',
    { config: manage, schema: { params, response: { 200: issueSchema } } },
    async (request) => approveIssue(app, signedInUser(request), request.params.id),
  );
  app.post(
    '/api/procurement/issues/:id/complete',
    { config: manage, schema: { params, response: { 200: issueSchema } } },
    async (request) => completeIssue(app, signedInUser(request), request.params.id),
  );
  app.post(
    '/api/procurement/issues/:id/cancel',
    { config: view, schema: { params, response: { 200: issueSchema } } },
    async (request) => cancelIssue(app, signedInUser(request), request.params.id),
  );

  // ---- Transfers ----
  app.get(
    '/api/procurement/transfers',
    {
      config: view,
      schema: {
        querystring: z.object({ status: z.enum(TRANSFER_STATUSES).optional(), locationId: optionalId }),
        response: { 200: z.array(transferSchema) },
      },
    },
    async (request) => transferList(app, signedInUser(request), request.query),
  );
  app.post(
    '/api/procurement/transfers',
    { config: manage, schema: { body: transferBodySchema, response: { 201: transferSchema } } },
    async (request, reply) => reply.status(201).send(await createTransfer(app, signedInUser(request), request.body)),
  );
  for (const [action, run] of [
    ['approve', approveTransfer],
    ['dispatch', dispatchTransfer],
    ['cancel', cancelTransfer],
  ] as const) {
    app.post(
      `/api/procurement/transfers/:id/${action}`,
      { config: manage, schema: { params, response: { 200: transferSchema } } },
      async (request) => run(app, signedInUser(request), request.params.id),
    );
  }
  app.post(
    '/api/procurement/transfers/:id/receive',
    { config: manage, schema: { params, body: transferReceiveBodySchema, response: { 200: transferSchema } } },
    async (request) => receiveTransfer(app, signedInUser(request), request.params.id, request.body),
  );

  // ---- Reorder ----
  app.get(
    '/api/procurement/reorder',
    {
      config: view,
      schema: { querystring: z.object({ locationId: optionalId }), response: { 200: z.array(reorderRowSchema) } },
    },
    async (request) => reorderList(app, signedInUser(request), request.query),
  );
};
