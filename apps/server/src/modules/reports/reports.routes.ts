import { can, vtpdExportQuerySchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../types';
import { dailySalesCsv, shiftSalesCsv, vtpdSalesCsv } from './reports.service';

/**
 * spec §2 Shift status bar: the export CSV link of the terminal; issue #5: the shift summary's CSV;
 * spec §2 Sales Reports: Export VTPD.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/daily.csv', { config: { permission: 'pos.sell' } }, async (_request, reply) => {
    const { filename, stream } = dailySalesCsv({ db: app.database.db, timeZone: app.config.storeTimeZone });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });

  // The Sales Reports screen's permission; the range rule (cashiers: today only) is the reports' own.
  app.get(
    '/api/reports/vtpd.csv',
    { config: { permission: 'pos.dashboard' }, schema: { querystring: vtpdExportQuerySchema } },
    async (request, reply) => {
      const user = (request.auth as { user: AuthUser }).user;
      const { filename, stream } = vtpdSalesCsv(
        { db: app.database.db, timeZone: app.config.storeTimeZone },
        request.query,
        { canViewReports: can(user.role, 'reports.view') },
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/shifts/:id/transactions.csv',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: z.object({
          id: z.coerce.number({ error: 'Unknown shift' }).int().positive({ error: 'Unknown shift' }),
        }),
      },
    },
    async (request, reply) => {
      const user = (request.auth as { user: AuthUser }).user;
      const { filename, stream } = await shiftSalesCsv(
        { db: app.database.db, timeZone: app.config.storeTimeZone },
        request.params.id,
        { userId: user.id, canViewReports: can(user.role, 'reports.view') },
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};
