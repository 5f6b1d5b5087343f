import { institutionAnalyticsSchema, institutionExportSchema, institutionQuerySchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionAnalytics, institutionExport } from './institution.service';

/** spec §2 Institutional Analytics: the screen's figures and its Export Reports CSV. */
export const institutionAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Analytics tolerate the replica's bounded lag (ADR 0016): DATABASE_READ_URL when set.
  const deps = async () => ({ db: await app.reads.reports(), timeZone: app.config.storeTimeZone });

  app.get(
    '/api/analytics/institution',
    {
      config: { permission: 'analytics.view' },
      schema: { querystring: institutionQuerySchema, response: { 200: institutionAnalyticsSchema } },
    },
    async (request) => institutionAnalytics(await deps(), request.query.days),
  );

  app.get(
    '/api/analytics/institution/export',
    {
      config: { permission: 'analytics.view' },
      schema: { querystring: institutionQuerySchema, response: { 200: institutionExportSchema } },
    },
    async (request) => institutionExport(await deps(), request.query.days),
  );
};
