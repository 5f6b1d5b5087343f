import {
  ASSET_STATES,
  assetBodySchema,
  assetDetailSchema,
  assetPageSchema,
  assetPatchSchema,
  idSchema,
  MAINTENANCE_STATUSES,
  maintenanceBodySchema,
  maintenanceCompleteSchema,
  maintenanceSchema,
  SAFETY_CHECK_STATUSES,
  safetyCheckBodySchema,
  safetyCheckSchema,
  safetyResultSchema,
  WRITEOFF_STATUSES,
  writeoffBodySchema,
  writeoffDecisionSchema,
  writeoffDisposeSchema,
  writeoffSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_IMPORT_BODY_LIMIT, csvImportBodySchema, csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import {
  assetHistoryCsv,
  createAsset,
  getAsset,
  importAssetsCsv,
  listAssets,
  patchAsset,
  type RegisterDeps,
} from './asset-register.service';
import {
  listMaintenance,
  listSafetyChecks,
  moveMaintenance,
  recordSafetyResult,
  safetyChecksDueThisWeek,
  scheduleMaintenance,
  scheduleSafetyCheck,
} from './upkeep.service';
import { decideWriteoff, disposeWriteoff, draftWriteoff, getWriteoff, listWriteoffs } from './writeoffs.service';

const view = { permission: 'assets.register' } as const;
const manage = { permission: 'assets.manage' } as const;
const decide = { permission: 'assets.oversee' } as const;
const params = z.object({ id: idSchema });
const optionalId = z
  .union([idSchema, z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const importResultSchema = z.object({
  created: z.number(),
  refused: z.number(),
  rows: z.array(
    z.object({
      row: z.number(),
      assetTag: z.string(),
      status: z.enum(['created', 'refused']),
      reason: z.string().optional(),
    }),
  ),
});

export type AssetRegisterRoutesOptions = { now?: () => Date };

/**
 * The asset lifecycle (issue #17, ADR 0018) under /api/procurement/: the register (`assets`),
 * `maintenance`, `safety-checks` and `writeoffs`. Reading is 'assets.register' (a department
 * manager: their department's units), changing is 'assets.manage' (ADR 0004 "Asset register").
 */
export const assetRegisterRoutes: FastifyPluginAsyncZod<AssetRegisterRoutesOptions> = async (app, options) => {
  const deps: RegisterDeps = {
    database: app.database,
    events: app.events,
    config: app.config,
    ...(options.now ? { now: options.now } : {}),
  };

  // ---- Assets ----
  app.get(
    '/api/procurement/assets',
    {
      config: view,
      schema: {
        querystring: z.object({
          search: z.string().max(255, { error: 'Search must be at most 255 characters' }).optional(),
          /** Comma-separated unit ids (the labels page), at most 200. */
          ids: z.preprocess(
            (v) => (typeof v === 'string' && v !== '' ? v.split(',') : undefined),
            z.array(idSchema).max(200, { error: 'At most 200 units at a time' }).optional(),
          ),
          itemId: optionalId,
          state: z.preprocess(
            emptyAsUndefined,
            z.enum([...ASSET_STATES, 'active'], { error: 'Unknown state' }).optional(),
          ),
          page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .min(1, { error: 'Page size must be between 1 and 200' })
            .max(200, { error: 'Page size must be between 1 and 200' })
            .default(50),
        }),
        response: { 200: assetPageSchema },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return listAssets(deps, signedInUser(request), filter, { page, pageSize });
    },
  );
  app.post(
    '/api/procurement/assets/import',
    {
      config: manage,
      bodyLimit: CSV_IMPORT_BODY_LIMIT,
      schema: { body: csvImportBodySchema, response: { 200: importResultSchema } },
    },
    async (request) => importAssetsCsv(deps, signedInUser(request), request.body.csv),
  );
  app.get(
    '/api/procurement/assets/:id',
    { config: view, schema: { params, response: { 200: assetDetailSchema } } },
    async (request) => getAsset(deps, signedInUser(request), request.params.id),
  );
  app.get(
    '/api/procurement/assets/:id/history.csv',
    { config: view, schema: { params, response: { 200: csvResponseSchema } } },
    async (request, reply) => sendCsv(reply, await assetHistoryCsv(deps, signedInUser(request), request.params.id)),
  );
  app.post(
    '/api/procurement/assets',
    { config: manage, schema: { body: assetBodySchema, response: { 201: assetDetailSchema } } },
    async (request, reply) => reply.status(201).send(await createAsset(deps, signedInUser(request), request.body)),
  );
  app.patch(
    '/api/procurement/assets/:id',
    { config: manage, schema: { params, body: assetPatchSchema, response: { 200: assetDetailSchema } } },
    async (request) => patchAsset(deps, signedInUser(request), request.params.id, request.body),
  );

  // ---- Maintenance ----
  app.get(
    '/api/procurement/maintenance',
    {
      config: view,
      schema: {
        querystring: z.object({
          assetId: optionalId,
          status: z.preprocess(
            emptyAsUndefined,
            z.enum([...MAINTENANCE_STATUSES, 'open'], { error: 'Unknown status' }).optional(),
          ),
          overdue: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
        }),
        response: { 200: z.array(maintenanceSchema) },
      },
    },
    async (request) =>
      listMaintenance(deps, signedInUser(request), {
        assetId: request.query.assetId,
        status: request.query.status,
        overdue: request.query.overdue === 'true',
      }),
  );
  app.post(
    '/api/procurement/maintenance',
    { config: manage, schema: { body: maintenanceBodySchema, response: { 201: maintenanceSchema } } },
    async (request, reply) =>
      reply.status(201).send(await scheduleMaintenance(deps, signedInUser(request), request.body)),
  );
  app.post(
    '/api/procurement/maintenance/:id/start',
    {
      config: manage,
      schema: {
        params,
        body: z.object({ technician: z.string().trim().max(255).optional() }).optional(),
        response: { 200: maintenanceSchema },
      },
    },
    async (request) =>
      moveMaintenance(deps, signedInUser(request), request.params.id, 'start', {
        technician: request.body?.technician || null,
      }),
  );
  app.post(
    '/api/procurement/maintenance/:id/complete',
    { config: manage, schema: { params, body: maintenanceCompleteSchema, response: { 200: maintenanceSchema } } },
    async (request) => moveMaintenance(deps, signedInUser(request), request.params.id, 'complete', request.body),
  );
  app.post(
    '/api/procurement/maintenance/:id/cancel',
    {
      config: manage,
      schema: { params, body: writeoffDecisionSchema.optional(), response: { 200: maintenanceSchema } },
    },
    async (request) =>
      moveMaintenance(deps, signedInUser(request), request.params.id, 'cancel', { notes: request.body?.note ?? null }),
  );

  // ---- Safety checks ----
  app.get(
    '/api/procurement/safety-checks',
    {
      config: view,
      schema: {
        querystring: z.object({
          targetId: optionalId,
          status: z.preprocess(emptyAsUndefined, z.enum(SAFETY_CHECK_STATUSES, { error: 'Unknown status' }).optional()),
        }),
        response: { 200: z.array(safetyCheckSchema) },
      },
    },
    async (request) => listSafetyChecks(deps, signedInUser(request), request.query),
  );
  app.get(
    '/api/procurement/safety-checks/due-this-week',
    {
      config: view,
      schema: {
        response: {
          200: z.object({ weekStart: z.string(), weekEnd: z.string(), checks: z.array(safetyCheckSchema) }),
        },
      },
    },
    async (request) => safetyChecksDueThisWeek(deps, signedInUser(request)),
  );
  app.post(
    '/api/procurement/safety-checks',
    { config: manage, schema: { body: safetyCheckBodySchema, response: { 201: safetyCheckSchema } } },
    async (request, reply) =>
      reply.status(201).send(await scheduleSafetyCheck(deps, signedInUser(request), request.body)),
  );
  app.post(
    '/api/procurement/safety-checks/:id/result',
    { config: manage, schema: { params, body: safetyResultSchema, response: { 200: safetyCheckSchema } } },
    async (request) => recordSafetyResult(deps, signedInUser(request), request.params.id, request.body),
  );

  // ---- Write-offs ----
  app.get(
    '/api/procurement/writeoffs',
    {
      config: view,
      schema: {
        querystring: z.object({
          assetId: optionalId,
          status: z.preprocess(emptyAsUndefined, z.enum(WRITEOFF_STATUSES, { error: 'Unknown status' }).optional()),
        }),
        response: { 200: z.array(writeoffSchema) },
      },
    },
    async (request) => listWriteoffs(deps, signedInUser(request), request.query),
  );
  app.get(
    '/api/procurement/writeoffs/:id',
    { config: view, schema: { params, response: { 200: writeoffSchema } } },
    async (request) => getWriteoff(deps, signedInUser(request), request.params.id),
  );
  app.post(
    '/api/procurement/writeoffs',
    { config: manage, schema: { body: writeoffBodySchema, response: { 201: writeoffSchema } } },
    async (request, reply) => reply.status(201).send(await draftWriteoff(deps, signedInUser(request), request.body)),
  );
  for (const step of ['submit', 'approve', 'reject'] as const) {
    app.post(
      `/api/procurement/writeoffs/:id/${step}`,
      {
        // Submitting is managing (a department manager's too); deciding is the institution's.
        config: { permission: step === 'submit' ? 'assets.manage' : 'assets.oversee' },
        schema: { params, body: writeoffDecisionSchema.optional(), response: { 200: writeoffSchema } },
      },
      async (request) =>
        decideWriteoff(deps, signedInUser(request), request.params.id, step, request.body?.note ?? null),
    );
  }
  app.post(
    '/api/procurement/writeoffs/:id/dispose',
    { config: decide, schema: { params, body: writeoffDisposeSchema, response: { 200: writeoffSchema } } },
    async (request) => disposeWriteoff(deps, signedInUser(request), request.params.id, request.body),
  );
};
