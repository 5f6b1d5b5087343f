import {
  bomBodySchema,
  bomPatchSchema,
  clientBodySchema,
  clientListQuerySchema,
  clientSchema,
  deliveryBodySchema,
  idSchema,
  jobAttachmentBodySchema,
  jobBodySchema,
  jobDetailSchema,
  jobListQuerySchema,
  jobLookupsSchema,
  jobSummarySchema,
  jobTransitionBodySchema,
  labourRateBodySchema,
  materialsBodySchema,
  quoteBodySchema,
  quoteDecisionSchema,
  stepBodySchema,
  stepPatchSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import {
  acceptQuote,
  addAttachment,
  addBomLine,
  addStep,
  attachmentDownload,
  contentDisposition,
  createClient,
  createJob,
  createQuote,
  deleteBomLine,
  deleteStep,
  deliverJob,
  getClient,
  getJob,
  issueMaterials,
  jobLookups,
  listClients,
  listJobs,
  rejectQuote,
  removeAttachment,
  returnMaterials,
  sendQuote,
  setClientArchived,
  setLabourRate,
  transitionJob,
  updateBomLine,
  updateClient,
  updateJob,
  updateStep,
} from './jobs.service';

const params = z.object({ id: idSchema });
const quoteParams = z.object({ id: idSchema, quoteId: idSchema });
const bomParams = z.object({ id: idSchema, lineId: idSchema });
const stepParams = z.object({ id: idSchema, stepId: idSchema });
const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });
/** A 5 MB file is about 6.7 MB of base64; the file's own limit is the schema's and the service's. */
const ATTACHMENT_BODY_LIMIT = 8 * 1024 * 1024;
const run = { permission: 'jobs.run' } as const;
const waive = { permission: 'jobs.waive' } as const;
const detail = { 200: jobDetailSchema };
const created = { 201: jobDetailSchema };

/**
 * Workshop jobs under /api/procurement/ (issue #18, docs/workshop-jobs.md). Permission `jobs.run`
 * (manager, department_manager for their department, procurement_admin, super_admin); the labour
 * rate and the materials waiver `jobs.waive` (manager, super_admin). ADR 0004 "Workshop jobs".
 */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ── Clients ──
  app.get(
    '/api/procurement/clients',
    { config: run, schema: { querystring: clientListQuerySchema, response: { 200: z.array(clientSchema) } } },
    async (request) => listClients(app, request.query),
  );
  app.get(
    '/api/procurement/clients/:id',
    { config: run, schema: { params, response: { 200: clientSchema } } },
    async (request) => getClient(app, request.params.id),
  );
  app.post(
    '/api/procurement/clients',
    { config: run, schema: { body: clientBodySchema, response: { 201: clientSchema } } },
    async (request, reply) => reply.status(201).send(await createClient(app, request.body)),
  );
  app.patch(
    '/api/procurement/clients/:id',
    { config: run, schema: { params, body: clientBodySchema, response: { 200: clientSchema } } },
    async (request) => updateClient(app, request.params.id, request.body),
  );
  app.post(
    '/api/procurement/clients/:id/archive',
    { config: run, schema: { params, response: { 200: clientSchema } } },
    async (request) => setClientArchived(app, request.params.id, true),
  );
  app.post(
    '/api/procurement/clients/:id/restore',
    { config: run, schema: { params, response: { 200: clientSchema } } },
    async (request) => setClientArchived(app, request.params.id, false),
  );

  // ── Jobs ──
  app.get(
    '/api/procurement/job-lookups',
    { config: run, schema: { response: { 200: jobLookupsSchema } } },
    async (request) => jobLookups(app, signedInUser(request)),
  );
  app.put(
    '/api/procurement/departments/:id/labour-rate',
    {
      config: waive,
      schema: { params, body: labourRateBodySchema, response: { 200: z.object({ labourRate: z.string() }) } },
    },
    async (request) => setLabourRate(app, request.params.id, request.body.labourRate),
  );
  app.get(
    '/api/procurement/jobs',
    { config: run, schema: { querystring: jobListQuerySchema, response: { 200: z.array(jobSummarySchema) } } },
    async (request) => listJobs(app, signedInUser(request), request.query),
  );
  app.get('/api/procurement/jobs/:id', { config: run, schema: { params, response: detail } }, async (request) =>
    getJob(app, signedInUser(request), request.params.id),
  );
  app.post(
    '/api/procurement/jobs',
    { config: run, schema: { body: jobBodySchema, response: created } },
    async (request, reply) => reply.status(201).send(await createJob(app, signedInUser(request), request.body)),
  );
  app.patch(
    '/api/procurement/jobs/:id',
    { config: run, schema: { params, body: jobBodySchema, response: detail } },
    async (request) => updateJob(app, signedInUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/procurement/jobs/:id/transition',
    { config: run, schema: { params, body: jobTransitionBodySchema, response: detail } },
    async (request) => transitionJob(app, signedInUser(request), request.params.id, request.body),
  );

  // ── Bill of materials ──
  app.post(
    '/api/procurement/jobs/:id/bom',
    { config: run, schema: { params, body: bomBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await addBomLine(app, signedInUser(request), request.params.id, request.body)),
  );
  app.patch(
    '/api/procurement/jobs/:id/bom/:lineId',
    { config: run, schema: { params: bomParams, body: bomPatchSchema, response: detail } },
    async (request) =>
      updateBomLine(app, signedInUser(request), request.params.id, request.params.lineId, request.body),
  );
  app.delete(
    '/api/procurement/jobs/:id/bom/:lineId',
    { config: run, schema: { params: bomParams, response: detail } },
    async (request) => deleteBomLine(app, signedInUser(request), request.params.id, request.params.lineId),
  );

  // ── Steps ──
  app.post(
    '/api/procurement/jobs/:id/steps',
    { config: run, schema: { params, body: stepBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await addStep(app, signedInUser(request), request.params.id, request.body)),
  );
  app.patch(
    '/api/procurement/jobs/:id/steps/:stepId',
    { config: run, schema: { params: stepParams, body: stepPatchSchema, response: detail } },
    async (request) => updateStep(app, signedInUser(request), request.params.id, request.params.stepId, request.body),
  );
  app.delete(
    '/api/procurement/jobs/:id/steps/:stepId',
    { config: run, schema: { params: stepParams, response: detail } },
    async (request) => deleteStep(app, signedInUser(request), request.params.id, request.params.stepId),
  );

  // ── Quotes ──
  app.post(
    '/api/procurement/jobs/:id/quotes',
    { config: run, schema: { params, body: quoteBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await createQuote(app, signedInUser(request), request.params.id, request.body)),
  );
  app.post(
    '/api/procurement/jobs/:id/quotes/:quoteId/send',
    { config: run, schema: { params: quoteParams, response: detail } },
    async (request) => sendQuote(app, signedInUser(request), request.params.id, request.params.quoteId),
  );
  app.post(
    '/api/procurement/jobs/:id/quotes/:quoteId/accept',
    { config: run, schema: { params: quoteParams, response: detail } },
    async (request) => acceptQuote(app, signedInUser(request), request.params.id, request.params.quoteId),
  );
  app.post(
    '/api/procurement/jobs/:id/quotes/:quoteId/reject',
    { config: run, schema: { params: quoteParams, body: quoteDecisionSchema.optional(), response: detail } },
    async (request) =>
      rejectQuote(app, signedInUser(request), request.params.id, request.params.quoteId, request.body?.note ?? null),
  );

  // ── Materials ──
  app.post(
    '/api/procurement/jobs/:id/materials/issue',
    { config: run, schema: { params, body: materialsBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await issueMaterials(app, signedInUser(request), request.params.id, request.body)),
  );
  app.post(
    '/api/procurement/jobs/:id/materials/return',
    { config: run, schema: { params, body: materialsBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await returnMaterials(app, signedInUser(request), request.params.id, request.body)),
  );

  // ── Attachments (ADR 0020) ──
  app.post(
    '/api/procurement/jobs/:id/attachments',
    {
      config: run,
      bodyLimit: ATTACHMENT_BODY_LIMIT,
      schema: { params, body: jobAttachmentBodySchema, response: created },
    },
    async (request, reply) =>
      reply.status(201).send(await addAttachment(app, signedInUser(request), request.params.id, request.body)),
  );
  app.get(
    '/api/procurement/jobs/:id/attachments/:attachmentId',
    { config: run, schema: { params: attachmentParams, response: { 200: z.any().describe('the file') } } },
    async (request, reply) => {
      const file = await attachmentDownload(app, signedInUser(request), request.params.id, request.params.attachmentId);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  );
  app.delete(
    '/api/procurement/jobs/:id/attachments/:attachmentId',
    { config: run, schema: { params: attachmentParams, response: detail } },
    async (request) => removeAttachment(app, signedInUser(request), request.params.id, request.params.attachmentId),
  );

  // ── Delivery ──
  app.post(
    '/api/procurement/jobs/:id/delivery',
    { config: run, schema: { params, body: deliveryBodySchema, response: created } },
    async (request, reply) =>
      reply.status(201).send(await deliverJob(app, signedInUser(request), request.params.id, request.body)),
  );
};
