import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseStatus } from './database-status';

const systemHealthSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  uptime: z.number(),
  memory: z.object({ used: z.number(), total: z.number() }),
  environment: z.string(),
  timestamp: z.string(),
});

/** spec §7 Developer dashboard: GET /api/super-admin/health (status, database, uptime, memory, timestamp). */
export const superAdminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/health',
    { config: { permission: 'developer.view' }, schema: { response: { 200: systemHealthSchema } } },
    async () => {
      const database = await databaseStatus(app.database);
      const memory = process.memoryUsage();
      return {
        status: database === 'connected' ? ('healthy' as const) : ('degraded' as const),
        database,
        uptime: Math.round(process.uptime()),
        // Megabytes of V8 heap in use and reserved.
        memory: { used: Math.round(memory.heapUsed / 1048576), total: Math.round(memory.heapTotal / 1048576) },
        environment: app.config.nodeEnv,
        timestamp: new Date().toISOString(),
      };
    },
  );
};
