import {
  idSchema,
  stockAdjustmentResultSchema,
  stockAdjustmentSchema,
  stockAuditSchema,
  stockMovementPageSchema,
  stockMovementsQuerySchema,
  stockValuationQuerySchema,
  stockValuationSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import { adjustStock, stockAudit, stockMovementPage, stockValuation, stockValuationCsv } from './stock.service';

/** issue #15 API: the stock ledger of a product, and stock adjustments and counts. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stock-movements',
    {
      config: { permission: 'inventory.manage' },
      schema: { querystring: stockMovementsQuerySchema, response: { 200: stockMovementPageSchema } },
    },
    async (request) => stockMovementPage(app.database.db, request.query),
  );

  // Issue #32 item 5: every quantity against its ledger, every ledger row against its document.
  app.get(
    '/api/stock-audit',
    { config: { permission: 'developer.view' }, schema: { response: { 200: stockAuditSchema } } },
    async () => stockAudit(app.database.db),
  );

  // Issue #37 item 2 (ADR 0036): what the stock was worth at a moment, from the ledger; `format=csv` downloads it.
  app.get(
    '/api/stock-valuation',
    {
      config: { permission: 'stock.valuation' },
      schema: {
        querystring: stockValuationQuerySchema,
        response: { 200: z.union([stockValuationSchema, csvResponseSchema]) },
      },
    },
    async (request, reply) => {
      const valuation = await stockValuation(app.database.db, request.query);
      return request.query.format === 'csv' ? sendCsv(reply, stockValuationCsv(valuation)) : valuation;
    },
  );

  app.post(
    '/api/products/:id/stock-adjustments',
    {
      config: { permission: 'inventory.manage' },
      schema: {
        params: z.object({ id: idSchema }),
        body: stockAdjustmentSchema,
        response: { 201: stockAdjustmentResultSchema },
      },
    },
    async (request, reply) => {
      const result = await adjustStock(request, signedInUser(request), request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );
};
