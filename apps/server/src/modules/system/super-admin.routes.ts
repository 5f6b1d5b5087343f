import { activityEntrySchema, developerStatsSchema, outboxEntrySchema, userSummarySchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { developerActivityStats, recentActivity } from '../activity/index';
import { mailServiceFor } from '../mail/index';
import { listUserSummaries, totalUsers } from '../users/index';
import { databaseStatus } from './database-status';
import { memoryFigures } from './memory';

const systemHealthSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  uptime: z.number(),
  /**
   * spec §7 memory (used, total) in MB: resident memory against the container's limit or the
   * machine's memory (issue #30 item 24); which of the two, and V8's heap as a detail.
   */
  memory: z.object({
    used: z.number(),
    total: z.number(),
    limit: z.enum(['container', 'machine']),
    heapUsed: z.number(),
    heapTotal: z.number(),
  }),
  environment: z.string(),
  timestamp: z.string(),
  /** Only when DATABASE_READ_URL is set (ADR 0016): whether reports read from it, and its lag. */
  replica: z
    .object({
      inUse: z.boolean(),
      state: z.enum(['ok', 'lagging', 'unreachable']),
      lagSeconds: z.number().nullable(),
      maxLagSeconds: z.number(),
      checkedAt: z.string(),
    })
    .optional(),
});

/** spec §7 Developer dashboard (developer.view: super_admin only). */
export const superAdminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = { permission: 'developer.view' as const };

  /** spec §7 GET /api/super-admin/stats (the screen polls it every 30 s). */
  app.get(
    '/api/super-admin/stats',
    { config: permission, schema: { response: { 200: developerStatsSchema } } },
    async () => {
      const db = app.database.db;
      const [users, activity] = await Promise.all([totalUsers(db), developerActivityStats(db)]);
      return { totalUsers: users, ...activity };
    },
  );

  /**
   * spec §7 GET /api/super-admin/activity: the latest 100 (every 15 s); `type` (issue #15 item 9)
   * keeps one activity type (refunds, voids, approvals…), on the (activity_type, timestamp) index.
   */
  app.get(
    '/api/super-admin/activity',
    {
      config: permission,
      schema: {
        querystring: z.object({
          type: z
            .string()
            .trim()
            .max(50, { error: 'Unknown activity type' })
            .regex(/^[a-z0-9_]*$/, { error: 'Unknown activity type' })
            .optional(),
        }),
        response: { 200: z.array(activityEntrySchema) },
      },
    },
    async (request) => recentActivity(app.database.db, request.query.type || undefined),
  );

  /** spec §7 GET /api/super-admin/users: read-only, no credential. */
  app.get(
    '/api/super-admin/users',
    { config: permission, schema: { response: { 200: z.array(userSummarySchema) } } },
    async () => listUserSummaries(app.database.db),
  );

  /** Staff e-mail that was not sent (no SMTP configured, or refused), newest first. */
  app.get(
    '/api/super-admin/outbox',
    {
      config: permission,
      schema: { response: { 200: z.object({ configured: z.boolean(), messages: z.array(outboxEntrySchema) }) } },
    },
    async () => {
      const mail = mailServiceFor(app.config);
      return { configured: mail.isConfigured, messages: await mail.outbox.latest() };
    },
  );

  /** spec §7 GET /api/super-admin/health (status, database, uptime, memory, timestamp; every 60 s). */
  app.get(
    '/api/super-admin/health',
    { config: { permission: 'developer.view' }, schema: { response: { 200: systemHealthSchema } } },
    async () => {
      const [database, replica] = await Promise.all([databaseStatus(app.database), app.reads.status()]);
      return {
        status: database === 'connected' ? ('healthy' as const) : ('degraded' as const),
        database,
        uptime: Math.round(process.uptime()),
        memory: memoryFigures(),
        environment: app.config.nodeEnv,
        timestamp: new Date().toISOString(),
        ...(replica ? { replica: { ...replica, maxLagSeconds: app.config.databaseReadMaxLagMs / 1000 } } : {}),
      };
    },
  );
};
