import {
  can,
  dailyStatsQuerySchema,
  dailyStatsSchema,
  reportRangeQuerySchema,
  salesSummarySchema,
  topProductSchema,
  topProductsQuerySchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { readableStores } from '../retail-stores/index';
import { salesRevision } from './analytics.repository';
import { bestSellers, dailyStats, salesSummary } from './analytics.service';
import { SalesRollup } from './sales-rollup';

/** spec §7 Analytics and transactions: the POS dashboard's figures and the Sales Reports summary. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Closed days read from the replica when one is configured (ADR 0016); today's live part never.
  const rollup = new SalesRollup(
    app.database.db,
    app.config.storeTimeZone,
    Date.now,
    (until) => app.reads.final(until),
    () => salesRevision(app.database.db),
  );
  // A void changes a recorded sale (issue #15 item 6): the day figures summed so far may hold it.
  // Every instance hears the event (NOTIFY on PostgreSQL) and sums again from the database; one
  // that misses it sees the void's sales revision on its next read (ADR 0007).
  const unsubscribe = app.events.subscribe((event) => {
    if (event.type === 'sale.voided') rollup.forget();
  });
  app.addHook('onClose', async () => unsubscribe());
  const deps = { db: app.database.db, timeZone: app.config.storeTimeZone, rollup };
  app.get(
    '/api/analytics/daily-stats',
    {
      config: { permission: 'pos.dashboard' },
      schema: { querystring: dailyStatsQuerySchema, response: { 200: dailyStatsSchema } },
    },
    async (request) =>
      dailyStats(deps, await readableStores(app.database.db, signedInUser(request), request.query.storeId)),
  );
  app.get(
    '/api/analytics/top-products',
    {
      config: { permission: 'pos.dashboard' },
      schema: { querystring: topProductsQuerySchema, response: { 200: z.array(topProductSchema) } },
    },
    async (request) => {
      const user = signedInUser(request);
      const storeId = await readableStores(app.database.db, user, request.query.storeId);
      return bestSellers(deps, user, { ...request.query, storeId });
    },
  );
  app.get(
    '/api/analytics/summary',
    {
      // The Sales Reports screen's permission; cashiers get today only (the range rule of the service).
      config: { permission: 'pos.dashboard' },
      schema: { querystring: reportRangeQuerySchema, response: { 200: salesSummarySchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const storeId = await readableStores(app.database.db, user, request.query.storeId);
      return salesSummary(
        deps,
        { ...request.query, storeId },
        { canViewReports: can(user.role, 'reports.ranges'), canViewMargin: can(user.role, 'reports.view') },
      );
    },
  );
};
