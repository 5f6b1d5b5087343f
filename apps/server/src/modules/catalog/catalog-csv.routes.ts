import { productImportResultSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_BODY_LIMIT, csvImportBodySchema, csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import { checkStoreExists, readableStores, storeFileTag } from '../retail-stores/index';
import { exportFileName, exportProductsCsv } from './product-export.service';
import { importProductsCsv } from './product-import.service';

/** Issue #32: `storeId` names the store whose stock the file's stock columns set (default: the default store). */
const importBodySchema = csvImportBodySchema.extend({ storeId: z.guid({ error: 'Store not found' }).optional() });

/** Issue #32: `storeId` names the store whose stock the file's stock columns hold (default: the default store). */
const exportQuerySchema = z.object({
  storeId: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.guid({ error: 'Store not found' }).optional()),
});

/** Catalogue import and export (issue #3: every POS user expects it); managers and super admins. */
export const catalogCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products/export.csv',
    {
      config: { permission: 'catalog.manage' },
      schema: { querystring: exportQuerySchema, response: { 200: csvResponseSchema } },
    },
    async (request, reply) => {
      // Issue #32: the stock of the store named (400 unknown; 403 not the reader's), else the default store's.
      const db = app.database.db;
      const storeId = request.query.storeId ?? null;
      if (storeId) {
        await checkStoreExists(db, storeId);
        await readableStores(db, signedInUser(request), storeId);
      }
      const filename = exportFileName(
        app.config.storeTimeZone,
        new Date(),
        await storeFileTag(db, storeId ? [storeId] : undefined),
      );
      return sendCsv(reply, { filename, stream: exportProductsCsv(app, storeId) });
    },
  );

  app.post(
    '/api/products/import',
    {
      config: { permission: 'catalog.manage' },
      bodyLimit: CSV_IMPORT_BODY_LIMIT,
      schema: { body: importBodySchema, response: { 200: productImportResultSchema } },
    },
    async (request) => importProductsCsv(app, signedInUser(request), request.body.csv, request.body.storeId),
  );
};
