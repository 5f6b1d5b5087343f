import { createHash } from 'node:crypto';
import {
  claimedJobSchema,
  drawerRequestSchema,
  onPrinterSchema,
  printerInputSchema,
  printerPatchSchema,
  printerSchema,
  printJobSchema,
  printRequestSchema,
  refundPrintRequestSchema,
  retryJobSchema,
  terminalPrinterSchema,
  terminalResultSchema,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { openDrawerForFloat, printRefund, printXReport, printZReport } from './documents.service';
import { createPrintQueue, type PrintQueueOptions } from './print-queue';
import {
  addPrinter,
  bindTerminalPrinter,
  editPrinter,
  listPrinters,
  openDrawer,
  type PrinterDeps,
  printJob,
  printSaleReceipt,
  printTestPage,
  type RequestKey,
  terminalPrinter,
} from './printers.service';
import { retryJob } from './retry.service';
import { claimJob, reportJobResult } from './terminal-jobs.service';

const params = z.object({ id: z.uuid({ error: 'Unknown id' }) });
/**
 * A shift's id is a number; anything else names no shift (404 in the service), so the body's own
 * field messages are what a bad request gets (the fuzz tests name the field).
 */
const shiftParams = z.object({ id: z.string().max(64) });
/** Optional: the same key again answers the job the first request made (one job per request). */
const headers = z.object({
  'idempotency-key': z.uuid({ error: 'The Idempotency-Key header must be a UUID' }).optional(),
});

/** JSON with its keys sorted, so `{a,b}` and `{b,a}` are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key and what the request asked: the route, its id and its body, without a PIN (a
 * 4-digit PIN in a stored hash would be read back by trying them all).
 */
export function requestKey(request: FastifyRequest): RequestKey {
  const idempotencyKey = (request.headers as { 'idempotency-key'?: string })['idempotency-key'] ?? null;
  if (!idempotencyKey) return { idempotencyKey: null, requestHash: null };
  const { approverPin: _pin, ...body } = (request.body ?? {}) as Record<string, unknown>;
  const asked = `${request.method} ${request.routeOptions.url}\n${canonical(request.params)}\n${canonical(body)}`;
  return { idempotencyKey, requestHash: createHash('sha256').update(asked).digest('hex') };
}

/**
 * Issue #36 items 1–3 (docs/adr/0031): printers, print jobs and the cash drawer. The print queue's
 * worker starts with the routes and stops when the app closes.
 */
export function printerRoutes(queueOptions: PrintQueueOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const policy = { allowLoopback: app.config.printersAllowLoopback };
    const queue = createPrintQueue(app.database.db, { log: app.log, policy, ...queueOptions });
    app.addHook('onClose', async () => queue.stop());
    const deps: PrinterDeps = {
      db: app.database.db,
      timeZone: app.config.storeTimeZone,
      queue,
      policy,
      events: app.events,
    };
    const manage = 'printers.manage' as const;

    app.get(
      '/api/printers',
      { config: { permission: 'pos.sell' }, schema: { response: { 200: z.array(printerSchema) } } },
      async () => listPrinters(deps),
    );

    app.post(
      '/api/printers',
      { config: { permission: manage }, schema: { body: printerInputSchema, response: { 201: printerSchema } } },
      async (request, reply) => reply.status(201).send(await addPrinter(deps, request.body)),
    );

    app.patch(
      '/api/printers/:id',
      {
        config: { permission: manage },
        schema: { params, body: printerPatchSchema, response: { 200: printerSchema } },
      },
      async (request) => editPrinter(deps, request.params.id, request.body),
    );

    app.post(
      '/api/printers/:id/test',
      { config: { permission: manage }, schema: { params, headers, response: { 202: printJobSchema } } },
      async (request, reply) =>
        reply.status(202).send(
          await printTestPage(deps, request.params.id, {
            userId: signedInUser(request).id,
            ...requestKey(request),
          }),
        ),
    );

    app.post(
      '/api/printers/:id/drawer',
      {
        config: { permission: 'pos.sell' },
        schema: { params, headers, body: drawerRequestSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await openDrawer(deps, request, request.params.id, request.body, requestKey(request))),
    );

    app.post(
      '/api/transactions/:id/print',
      {
        config: { permission: 'pos.sell' },
        schema: { params, headers, body: printRequestSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await printSaleReceipt(deps, request, request.params.id, request.body, requestKey(request))),
    );

    app.post(
      '/api/refunds/:id/print',
      {
        config: { permission: 'pos.sell' },
        schema: { params, headers, body: refundPrintRequestSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await printRefund(deps, request, request.params.id, request.body, requestKey(request))),
    );

    app.post(
      '/api/shifts/current/x-report/print',
      {
        config: { permission: 'pos.sell' },
        schema: { headers, body: onPrinterSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await printXReport(deps, request, request.body, requestKey(request))),
    );

    app.post(
      '/api/shifts/:id/z-report/print',
      {
        config: { permission: 'pos.sell' },
        schema: { params: shiftParams, headers, body: onPrinterSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await printZReport(deps, request, request.params.id, request.body, requestKey(request))),
    );

    app.post(
      '/api/shifts/current/drawer',
      {
        config: { permission: 'pos.sell' },
        schema: { headers, body: onPrinterSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await openDrawerForFloat(deps, request, request.body, requestKey(request))),
    );

    app.get(
      '/api/print-jobs/:id',
      { config: { permission: 'pos.sell' }, schema: { params, response: { 200: printJobSchema } } },
      async (request) => printJob(deps, signedInUser(request), request.params.id),
    );

    app.post(
      '/api/print-jobs/:id/retry',
      {
        config: { permission: 'pos.sell' },
        schema: { params, headers, body: retryJobSchema, response: { 202: printJobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await retryJob(deps, request, request.params.id, request.body, requestKey(request))),
    );

    // A usb/serial printer's job, sent by the till it is plugged into (docs/adr/0031 §10).
    app.post(
      '/api/print-jobs/:id/claim',
      { config: { permission: 'pos.sell' }, schema: { params, response: { 200: claimedJobSchema } } },
      async (request) => claimJob(deps, signedInUser(request), request.params.id),
    );

    app.post(
      '/api/print-jobs/:id/result',
      {
        config: { permission: 'pos.sell' },
        schema: { params, body: terminalResultSchema, response: { 200: printJobSchema } },
      },
      async (request) => reportJobResult(deps, signedInUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/terminals/:id/printer',
      { config: { permission: 'pos.sell' }, schema: { params, response: { 200: terminalPrinterSchema } } },
      async (request) => terminalPrinter(deps, request.params.id),
    );

    app.put(
      '/api/terminals/:id/printer',
      {
        config: { permission: manage },
        schema: { params, body: terminalPrinterSchema, response: { 200: terminalPrinterSchema } },
      },
      async (request) => bindTerminalPrinter(deps, request.params.id, request.body.printerId),
    );
  };
}
