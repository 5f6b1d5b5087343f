import { can, vtpdExportQuerySchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import { saleReaderOf } from '../pos/transactions.service';
import { dailySalesCsv, shiftSalesCsv, vtpdSalesCsv } from './reports.service';

/**
 * spec §2 Shift status bar: the export CSV link of the terminal; issue #5: the shift summary's CSV;
 * spec §2 Sales Reports: Export VTPD.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, timeZone: app.config.storeTimeZone };

  app.get('/api/reports/daily.csv', { config: { permission: 'pos.sell' } }, async (request, reply) =>
    sendCsv(reply, dailySalesCsv(deps, saleReaderOf(signedInUser(request)))),
  );

  // The Sales Reports screen's permission; the range rule (cashiers: today only) is the reports' own.
  app.get(
    '/api/reports/vtpd.csv',
    { config: { permission: 'pos.dashboard' }, schema: { querystring: vtpdExportQuerySchema } },
    async (request, reply) => {
      const user = signedInUser(request);
      const finalDb = (until: Date) => app.reads.final(until);
      return sendCsv(reply, vtpdSalesCsv({ ...deps, finalDb }, request.query, saleReaderOf(user)));
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
      const user = signedInUser(request);
      const file = await shiftSalesCsv(deps, request.params.id, {
        userId: user.id,
        canViewReports: can(user.role, 'reports.view'),
      });
      return sendCsv(reply, file);
    },
  );
};
