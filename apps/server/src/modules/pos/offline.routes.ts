import {
  approvalKeySchema,
  discrepanciesQuerySchema,
  heldOfflineSaleSchema,
  offlineSaleRequestSchema,
  offlineSaleResponseSchema,
  resolveDiscrepancyBodySchema,
  resolveHeldSaleBodySchema,
  stockDiscrepancySchema,
  terminalHeartbeatSchema,
  terminalStatusSchema,
} from '@retail-hub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { requestFacts } from '../activity/index';
import { verifyApproverPin } from '../auth/index';
import { ApprovalSealing } from './approval-sealing.service';
import { discrepancies, resolveStockDiscrepancy } from './discrepancies.service';
import { heldOfflineSales, resolveHeldOfflineSale } from './held-offline-sales.service';
import { recordOfflineSale } from './offline-sales.service';
import type { SalesDeps } from './sales.service';
import { recordHeartbeat, terminalStatuses } from './terminals.service';

const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.uuid({ error: 'The Idempotency-Key header must be a UUID' }),
});

/**
 * Issue #19 (ADR 0014): offline selling. The outbox's sales, the terminals' heartbeats for the
 * manager's dashboard, and the stock discrepancies offline sales can open.
 */
export function registerOfflineRoutes(parent: FastifyInstance, salesDeps: SalesDeps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const sealing = new ApprovalSealing(salesDeps.database.db, parent.config.pinPepper);

  app.post(
    '/api/transactions/offline',
    {
      config: { permission: 'pos.sell' },
      schema: {
        headers: idempotencyHeadersSchema,
        body: offlineSaleRequestSchema,
        response: { 200: offlineSaleResponseSchema, 201: offlineSaleResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { replayed, sale } = await recordOfflineSale(
        salesDeps,
        // Issue #30 item 2: the sale goes into the sender's own shift, whoever they are.
        user,
        request.headers['idempotency-key'],
        request.body,
        // A manager's PIN typed on the terminal for a discount above the cap (never a refusal here).
        {
          approve: (pin, actor, context) => verifyApproverPin(request, actor, pin, context),
          // The PIN sealed on the terminal (ADR 0014); what it opens is never logged.
          unseal: (sealed) => sealing.unseal(sealed),
          ...requestFacts(request),
          maxAgeHours: parent.config.offlineOutboxMaxAgeHours,
        },
      );
      return reply.status(replayed ? 200 : 201).send(sale);
    },
  );

  // The public key a signed-in terminal seals a manager's PIN with while offline (ADR 0014).
  app.get(
    '/api/terminals/approval-key',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: approvalKeySchema } } },
    async () => sealing.publicKey(),
  );

  app.post(
    '/api/terminals/heartbeat',
    { config: { permission: 'pos.sell' }, schema: { body: terminalHeartbeatSchema } },
    async (request, reply) => {
      await recordHeartbeat(
        salesDeps.database.db,
        signedInUser(request).id,
        request.body,
        request.headers['user-agent'] ?? null,
        request.server.devices.fromRequest(request)?.deviceId ?? null,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/terminals',
    {
      config: { permission: 'reports.view' },
      schema: {
        response: {
          200: z.object({ staleAfterMinutes: z.number(), terminals: z.array(terminalStatusSchema) }),
        },
      },
    },
    async () => ({
      staleAfterMinutes: parent.config.terminalStaleMinutes,
      terminals: await terminalStatuses(salesDeps.database.db, parent.config.terminalStaleMinutes),
    }),
  );

  app.get(
    '/api/stock-discrepancies',
    {
      config: { permission: 'inventory.manage' },
      schema: { querystring: discrepanciesQuerySchema, response: { 200: z.array(stockDiscrepancySchema) } },
    },
    async (request) => discrepancies(salesDeps.database.db, request.query.status ?? 'open'),
  );

  app.post(
    '/api/stock-discrepancies/:id/resolve',
    {
      config: { permission: 'inventory.manage' },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Unknown stock discrepancy' }) }),
        body: resolveDiscrepancyBodySchema,
        response: { 200: stockDiscrepancySchema },
      },
    },
    async (request) => resolveStockDiscrepancy(salesDeps, signedInUser(request).id, request.params.id, request.body),
  );

  // Issue #30 items 1 and 3: offline sales refused and held, resolved on the same screen.
  app.get(
    '/api/stock-discrepancies/held-sales',
    {
      config: { permission: 'inventory.manage' },
      schema: { querystring: discrepanciesQuerySchema, response: { 200: z.array(heldOfflineSaleSchema) } },
    },
    async (request) => heldOfflineSales(salesDeps, request.query.status ?? 'open'),
  );

  app.post(
    '/api/stock-discrepancies/held-sales/:id/resolve',
    {
      config: { permission: 'inventory.manage' },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Unknown held sale' }) }),
        body: resolveHeldSaleBodySchema,
        response: { 200: heldOfflineSaleSchema },
      },
    },
    async (request) =>
      resolveHeldOfflineSale(salesDeps, signedInUser(request), request.params.id, request.body, requestFacts(request)),
  );
}
