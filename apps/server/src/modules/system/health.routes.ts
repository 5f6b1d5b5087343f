import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationState } from './database-status';

const livenessSchema = z.object({
  status: z.literal('ok'),
  uptime: z.number(),
  timestamp: z.string(),
});

const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['connected', 'disconnected']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  timestamp: z.string(),
});

/**
 * Issue #20 item 2. For load balancers, supervisors and the E2E runner; no data beyond this.
 * - GET /api/health: liveness. The process answers requests; the database is not asked, so a
 *   database outage does not make a supervisor restart every app instance (it would not help).
 * - GET /api/health/ready: readiness. 503 while the database is unreachable, a migration is
 *   pending (an instance of an older version must not serve a newer schema, and the reverse) or
 *   the instance is shutting down (Fastify answers every request 503 from app.close() on).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { config: { permission: 'public' }, schema: { response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const, uptime: Math.round(process.uptime()), timestamp: new Date().toISOString() }),
  );

  app.get(
    '/api/health/ready',
    { config: { permission: 'public' }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const state = await migrationState(app.database);
      const ready = state.database === 'connected' && state.migrations === 'current';
      reply.header('Cache-Control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        ...state,
        timestamp: new Date().toISOString(),
      });
    },
  );
};
