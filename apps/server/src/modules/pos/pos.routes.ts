import {
  can,
  endShiftBodySchema,
  receiptSchema,
  saleRequestSchema,
  saleResponseSchema,
  shiftReportSchema,
  shiftSchema,
  shiftSummarySchema,
  startShiftBodySchema,
  transactionListItemSchema,
  transactionsQuerySchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { signedInUser } from '../../lib/signed-in-user';
import type { AuthContext } from '../../types';
import { requestFacts } from '../activity/index';
import { checkApproverPin } from '../auth/index';
import { readableStores } from '../retail-stores/index';
import { registerHeldSaleRoutes } from './held-sales.routes';
import { type HeldSalesDecision, waitingHeldSalesOfOpenShift } from './held-sales.service';
import { coalescingPublisher } from './live-updates';
import { registerOfflineRoutes } from './offline.routes';
import { PricingCache } from './pricing-cache';
import { saleReceipt } from './receipts.service';
import { recordSale } from './sales.service';
import { closeShift, currentShift, openShift, shiftSummary } from './shifts.service';
import { listTransactions } from './transactions.service';

const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.uuid({ error: 'The Idempotency-Key header must be a UUID' }),
});

/** spec §7 Shifts, Analytics and transactions (the POS side): shifts, sales, receipts. */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = coalescingPublisher(app.events);
  const pricing = new PricingCache(app.database);
  const stopListening = pricing.listen(app.events);
  app.addHook('onClose', async () => {
    stopListening();
    live.close();
  });
  const deps = { db: app.database.db, events: app.events };
  const salesDeps = { database: app.database, pricing, live };
  registerOfflineRoutes(app, salesDeps);
  registerHeldSaleRoutes(app, deps);

  app.get(
    '/api/shifts/current',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: z.object({ shift: shiftSchema.nullable() }) } } },
    async (request) => ({ shift: await currentShift(deps, signedInUser(request).id) }),
  );

  app.post(
    '/api/shifts/start',
    {
      config: { permission: 'pos.sell' },
      schema: { body: startShiftBodySchema.nullish(), response: { 201: z.object({ shift: shiftSchema }) } },
    },
    async (request, reply) => {
      const shift = await openShift(
        deps,
        signedInUser(request).id,
        request.body?.openingFloat,
        request.body?.terminalId,
        request.body?.storeId,
      );
      return reply.status(201).send({ shift });
    },
  );

  app.post(
    '/api/shifts/end',
    {
      config: { permission: 'pos.sell' },
      schema: {
        body: endShiftBodySchema.nullish(),
        response: {
          200: z.object({ shift: shiftSchema, summary: shiftSummarySchema, zReport: shiftReportSchema.optional() }),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const choice = request.body?.heldSales;
      // Issue #35 item 3: a manager's choice on the shift's waiting held sales (a cashier brings a
      // manager's PIN), asked only when some are waiting; none waiting, the choice is ignored.
      let decision: HeldSalesDecision | null = null;
      if (choice && (await waitingHeldSalesOfOpenShift(deps.db, user.id)) > 0) {
        // The PIN is checked here (a refusal is recorded and counted at once); the approval's row is
        // written by the close's transaction, with the choice it approved.
        const approval = can(user.role, 'pos.approve')
          ? { approver: null, granted: null }
          : await checkApproverPin(request, user, request.body?.approverPin, {
              action: `held_sales_${choice.action}`,
              details: { reason: choice.reason ?? null },
            });
        decision = { choice, actor: user, ...approval, facts: requestFacts(request) };
      }
      return closeShift(deps, user.id, request.body?.countedCash, decision);
    },
  );

  app.get(
    '/api/shifts/:id/summary',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: z.object({
          id: z.coerce.number({ error: 'Unknown shift' }).int().positive({ error: 'Unknown shift' }),
        }),
        response: { 200: shiftSummarySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return shiftSummary(deps, request.params.id, {
        userId: user.id,
        canViewReports: can(user.role, 'reports.view'),
      });
    },
  );

  app.post(
    '/api/transactions',
    {
      config: { permission: 'pos.sell', sessionInStatement: true },
      schema: {
        headers: idempotencyHeadersSchema,
        body: saleRequestSchema,
        response: { 200: saleResponseSchema, 201: saleResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Issue #38 item 5 (ADR 0028): the sale's statement checks the session (no lookup of its
      // own); anything else it answers is given only after `verify` found the session live.
      const session = {
        id: (request.auth as AuthContext).sessionId,
        verify: async () => {
          const auth = await app.sessions.verify(request, request.auth as AuthContext);
          if (!auth) throw unauthorized();
          request.auth = auth;
        },
        // The statement found the session ended: this instance stops serving it from its recent
        // lookups, so a retry is refused at once instead of being priced first.
        forget: () => app.sessions.forget((request.auth as AuthContext).sessionId),
      };
      const { replayed, sale } = await recordSale(
        salesDeps,
        user,
        session,
        request.headers['idempotency-key'],
        request.body,
        async (pin, context) => {
          await session.verify();
          return checkApproverPin(request, user, pin, context);
        },
      );
      return reply.status(replayed ? 200 : 201).send(sale);
    },
  );

  app.get(
    '/api/transactions/:id/receipt',
    {
      config: { permission: 'pos.sell' },
      schema: { params: z.object({ id: z.uuid({ error: 'Unknown transaction' }) }), response: { 200: receiptSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      return saleReceipt(deps, request.params.id, { userId: user.id, canViewReports: can(user.role, 'reports.view') });
    },
  );

  app.get(
    '/api/transactions',
    {
      config: { permission: 'pos.dashboard' },
      schema: { querystring: transactionsQuerySchema, response: { 200: z.array(transactionListItemSchema) } },
    },
    async (request) => {
      const user = signedInUser(request);
      const { storeId, ...query } = request.query;
      const storeIds = await readableStores(app.database.db, user, storeId);
      return listTransactions({ db: app.database.db, timeZone: app.config.storeTimeZone }, user, {
        ...query,
        storeIds,
      });
    },
  );
};
