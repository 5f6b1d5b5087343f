import { can, dailyCsvQuerySchema, vtpdExportQuerySchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import type { AuthUser } from '../../types';
import { saleReaderOf } from '../pos/index';
import { readableStores, storeFileTag } from '../retail-stores/index';
import { dailySalesCsv, shiftSalesCsv, vtpdSalesCsv } from './reports.service';

/**
 * spec §2 Shift status bar: the export CSV link of the terminal; issue #5: the shift summary's CSV;
 * spec §2 Sales Reports: Export VTPD.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, timeZone: app.config.storeTimeZone };

  // Issue #32: `?storeId=` (one store; absent: every store the reader may read), named in the file.
  const storesOf = async (user: AuthUser, storeId: string | undefined) => {
    const storeIds = await readableStores(app.database.db, user, storeId);
    return { storeIds, fileTag: await storeFileTag(app.database.db, storeIds) };
  };

  app.get(
    '/api/reports/daily.csv',
    { config: { permission: 'pos.sell' }, schema: { querystring: dailyCsvQuerySchema } },
    async (request, reply) => {
      const user = signedInUser(request);
      return sendCsv(reply, dailySalesCsv(deps, saleReaderOf(user), await storesOf(user, request.query.storeId)));
    },
  );

  // The Sales Reports screen's permission; the range rule (cashiers: today only) is the reports' own.
  app.get(
    '/api/reports/vtpd.csv',
    { config: { permission: 'pos.dashboard' }, schema: { querystring: vtpdExportQuerySchema } },
    async (request, reply) => {
      const user = signedInUser(request);
      const finalDb = (until: Date) => app.reads.final(until);
      const stores = await storesOf(user, request.query.storeId);
      return sendCsv(reply, vtpdSalesCsv({ ...deps, finalDb }, request.query, saleReaderOf(user), stores));
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
