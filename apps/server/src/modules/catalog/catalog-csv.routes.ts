import { productImportResultSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName, exportProductsCsv } from './product-export.service';
import { importProductsCsv } from './product-import.service';

const MAX_CSV_CHARS = 5 * 1024 * 1024;

/** Catalogue import and export (issue #3: every POS user expects it); managers and super admins. */
export const catalogCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products/export.csv',
    // The body is a CSV stream, which Fastify sends as it is (no serializer runs for a stream).
    { config: { permission: 'catalog.manage' }, schema: { response: { 200: z.any().describe('text/csv') } } },
    async (_request, reply) => {
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(app.config.storeTimeZone)}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(exportProductsCsv(app));
    },
  );

  app.post(
    '/api/products/import',
    {
      config: { permission: 'catalog.manage' },
      // JSON-escaping can grow a 5 MB file somewhat; the text itself is capped by the schema.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        body: z.object({
          csv: z
            .string({ error: 'Choose a CSV file to import.' })
            .min(1, { error: 'Choose a CSV file to import.' })
            .max(MAX_CSV_CHARS, { error: 'The CSV file is larger than 5 MB; split it into smaller files.' }),
        }),
        response: { 200: productImportResultSchema },
      },
    },
    async (request) =>
      importProductsCsv(app, { id: request.auth!.user.id, role: request.auth!.user.role }, request.body.csv),
  );
};
