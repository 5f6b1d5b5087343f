import { dailyStatsSchema, salesRangeQuerySchema, topProductSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../types';
import { bestSellers, dailyStats } from './analytics.service';

/** spec §7 Analytics and transactions: the POS dashboard's figures. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, timeZone: app.config.storeTimeZone };

  app.get(
    '/api/analytics/daily-stats',
    { config: { permission: 'pos.dashboard' }, schema: { response: { 200: dailyStatsSchema } } },
    async () => dailyStats(deps),
  );

  app.get(
    '/api/analytics/top-products',
    {
      config: { permission: 'pos.dashboard' },
      schema: { querystring: salesRangeQuerySchema, response: { 200: z.array(topProductSchema) } },
    },
    async (request) => bestSellers(deps, (request.auth as { user: AuthUser }).user, request.query),
  );
};
