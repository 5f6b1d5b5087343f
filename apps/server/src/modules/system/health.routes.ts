import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseStatus } from './database-status';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  uptime: z.number(),
  timestamp: z.string(),
});

/** Process and database health for load balancers and the E2E runner; no data beyond that. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { config: { permission: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await databaseStatus(app.database);
      const body = {
        status: database === 'connected' ? ('ok' as const) : ('degraded' as const),
        database,
        uptime: Math.round(process.uptime()),
        timestamp: new Date().toISOString(),
      };
      return reply.status(database === 'connected' ? 200 : 503).send(body);
    },
  );
};
