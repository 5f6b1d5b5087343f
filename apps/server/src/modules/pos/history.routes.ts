import {
  emailReceiptBodySchema,
  receiptEmailStatusSchema,
  receiptSchema,
  salesHistoryPageSchema,
  salesHistoryQuerySchema,
  shiftReportSchema,
  transactionDetailSchema,
  zReportListQuerySchema,
  zReportListSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { emailReceipt, receiptCopy, receiptEmailAvailable, salesHistory, transactionDetail } from './history.service';
import { zReportList, zReportOfShift } from './shift-reports.service';
import { xReport } from './shifts.service';

const saleParams = z.object({ id: z.uuid({ error: 'Unknown transaction' }) });

/**
 * Issue #15 items 3, 4 and 8: the sales history, one sale in full, a receipt copy, an e-mailed
 * receipt, and the X and Z reports. Every seller may use them; what each one sees is decided in history.service
 * (a cashier: their own shift's sales and their own receipts; a manager: everything).
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/sales-history',
    {
      config: { permission: 'pos.sell' },
      schema: { querystring: salesHistoryQuerySchema, response: { 200: salesHistoryPageSchema } },
    },
    async (request) => salesHistory({ db, timeZone: app.config.storeTimeZone }, signedInUser(request), request.query),
  );

  app.get(
    '/api/transactions/:id',
    {
      config: { permission: 'pos.sell' },
      schema: { params: saleParams, response: { 200: transactionDetailSchema } },
    },
    async (request) => transactionDetail({ db }, request.params.id, signedInUser(request)),
  );

  app.post(
    '/api/transactions/:id/receipt/copy',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: saleParams,
        response: { 200: z.object({ number: z.string(), copy: z.literal(true), receipt: receiptSchema }) },
      },
    },
    async (request) => receiptCopy({ db }, request.params.id, signedInUser(request), request),
  );

  // Issue #15 item 8: X report (figures so far), Z report (stored when the shift ended), the list.
  app.get(
    '/api/shifts/current/x-report',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: shiftReportSchema } } },
    async (request) => xReport({ db, events: app.events }, signedInUser(request).id),
  );

  app.get(
    '/api/shifts/:id/z-report',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: z.object({
          id: z.coerce.number({ error: 'Unknown shift' }).int().positive({ error: 'Unknown shift' }),
        }),
        response: { 200: shiftReportSchema },
      },
    },
    async (request) => zReportOfShift(db, request.params.id, signedInUser(request)),
  );

  app.get(
    '/api/z-reports',
    {
      config: { permission: 'reports.view' },
      schema: { querystring: zReportListQuerySchema, response: { 200: zReportListSchema } },
    },
    async (request) => zReportList(db, request.query),
  );

  app.get(
    '/api/receipts/email-status',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: receiptEmailStatusSchema } } },
    async () => ({ available: receiptEmailAvailable(app.config) }),
  );

  app.post(
    '/api/transactions/:id/receipt/email',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: saleParams,
        body: emailReceiptBodySchema,
        response: { 200: z.object({ sent: z.literal(true), to: z.string() }) },
      },
    },
    async (request) =>
      emailReceipt(
        { db, config: app.config, log: request.log },
        request.params.id,
        request.body.email,
        signedInUser(request),
        request,
      ),
  );
};
