import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailySalesCsv } from './reports.service';

/** spec §2 Shift status bar: the export CSV link of the terminal. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reports/daily.csv', { config: { permission: 'pos.sell' } }, async (_request, reply) => {
    const { filename, stream } = dailySalesCsv({ db: app.database.db, timeZone: app.config.storeTimeZone });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
};
