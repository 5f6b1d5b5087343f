import {
  approvalThresholdBodySchema,
  approvalThresholdSchema,
  cancelBodySchema,
  decisionBodySchema,
  departmentManagerBodySchema,
  departmentManagerSchema,
  goodsReceiptBodySchema,
  idSchema,
  itemSearchQuerySchema,
  poEmailResultSchema,
  purchaseOrderBodySchema,
  purchaseOrderListQuerySchema,
  purchaseOrderSchema,
  purchaseOrderSummarySchema,
  purchasingItemOptionSchema,
  purchasingLookupsSchema,
  purchasingSettingsBodySchema,
  purchasingSettingsSchema,
  purchasingSummarySchema,
  requisitionBodySchema,
  requisitionListQuerySchema,
  requisitionSchema,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { requestFacts } from '../activity/index';
import { mailServiceFor } from '../mail/index';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  confirmPurchaseOrder,
  createPurchaseOrder,
  emailPurchaseOrder,
  getPurchaseOrder,
  itemsToReorderCount,
  listPurchaseOrders,
  purchasingSettings,
  purchasingSummary,
  receiveGoods,
  sendPurchaseOrder,
  updatePurchaseOrder,
  updatePurchasingSettings,
} from './purchase-orders.service';
import { assignDepartmentManager, listDepartmentManagers, setApprovalThreshold } from './purchasing-settings.service';
import {
  type Actor,
  createRequisition,
  decideRequisition,
  deleteRequisition,
  getRequisition,
  listRequisitions,
  purchasingItemOptions,
  purchasingLookups,
  submitRequisition,
  updateRequisition,
  withdrawRequisition,
} from './requisitions.service';

const params = z.object({ id: idSchema });
const requisitions = { permission: 'purchasing.requisitions' } as const;
const approve = { permission: 'purchasing.approve' } as const;
const manage = { permission: 'purchasing.manage' } as const;
const settings = { permission: 'purchasing.settings' } as const;

export function actorOf(request: FastifyRequest): Actor {
  const facts = requestFacts(request);
  return { user: signedInUser(request), ipAddress: facts.ipAddress, userAgent: facts.userAgent };
}

/**
 * Issue #16 items 3–5 under /api/procurement/ (ADR 0013): requisitions, purchase orders, goods
 * receipts. Permissions: purchasing.requisitions, purchasing.approve, purchasing.manage (ADR 0004).
 */
export const purchasingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/procurement/requisitions',
    {
      config: requisitions,
      schema: { querystring: requisitionListQuerySchema, response: { 200: z.array(requisitionSchema) } },
    },
    async (request) => listRequisitions(app, signedInUser(request), request.query),
  );

  app.get(
    '/api/procurement/requisitions/:id',
    { config: requisitions, schema: { params, response: { 200: requisitionSchema } } },
    async (request) => getRequisition(app, signedInUser(request), request.params.id),
  );

  app.post(
    '/api/procurement/requisitions',
    { config: requisitions, schema: { body: requisitionBodySchema, response: { 201: requisitionSchema } } },
    async (request, reply) => reply.status(201).send(await createRequisition(app, actorOf(request), request.body)),
  );

  app.patch(
    '/api/procurement/requisitions/:id',
    { config: requisitions, schema: { params, body: requisitionBodySchema, response: { 200: requisitionSchema } } },
    async (request) => updateRequisition(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/procurement/requisitions/:id',
    { config: requisitions, schema: { params } },
    async (request, reply) => {
      await deleteRequisition(app, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/procurement/requisitions/:id/submit',
    { config: requisitions, schema: { params, response: { 200: requisitionSchema } } },
    async (request) => submitRequisition(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/requisitions/:id/withdraw',
    { config: requisitions, schema: { params, response: { 200: requisitionSchema } } },
    async (request) => withdrawRequisition(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/requisitions/:id/approve',
    { config: approve, schema: { params, body: decisionBodySchema.optional(), response: { 200: requisitionSchema } } },
    async (request) =>
      decideRequisition(app, actorOf(request), request.params.id, 'approved', request.body?.note ?? null),
  );

  app.post(
    '/api/procurement/requisitions/:id/reject',
    { config: approve, schema: { params, body: decisionBodySchema.optional(), response: { 200: requisitionSchema } } },
    async (request) =>
      decideRequisition(app, actorOf(request), request.params.id, 'rejected', request.body?.note ?? null),
  );

  app.get(
    '/api/procurement/purchase-orders',
    {
      config: manage,
      schema: { querystring: purchaseOrderListQuerySchema, response: { 200: z.array(purchaseOrderSummarySchema) } },
    },
    async (request) => listPurchaseOrders(app, request.query),
  );

  app.get(
    '/api/procurement/purchase-orders/:id',
    { config: manage, schema: { params, response: { 200: purchaseOrderSchema } } },
    async (request) => getPurchaseOrder(app, request.params.id),
  );

  app.post(
    '/api/procurement/purchase-orders',
    { config: manage, schema: { body: purchaseOrderBodySchema, response: { 201: purchaseOrderSchema } } },
    async (request, reply) => reply.status(201).send(await createPurchaseOrder(app, actorOf(request), request.body)),
  );

  app.patch(
    '/api/procurement/purchase-orders/:id',
    { config: manage, schema: { params, body: purchaseOrderBodySchema, response: { 200: purchaseOrderSchema } } },
    async (request) => updatePurchaseOrder(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/send',
    { config: manage, schema: { params, response: { 200: purchaseOrderSchema } } },
    async (request) => sendPurchaseOrder(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/approve',
    {
      config: { permission: 'purchasing.approve_above_threshold' },
      schema: { params, response: { 200: purchaseOrderSchema } },
    },
    async (request) => approvePurchaseOrder(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/confirm',
    { config: manage, schema: { params, response: { 200: purchaseOrderSchema } } },
    async (request) => confirmPurchaseOrder(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/cancel',
    { config: manage, schema: { params, body: cancelBodySchema.optional(), response: { 200: purchaseOrderSchema } } },
    async (request) => cancelPurchaseOrder(app, actorOf(request), request.params.id, request.body?.reason ?? null),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/email',
    { config: manage, schema: { params, response: { 200: poEmailResultSchema } } },
    async (request) => emailPurchaseOrder(app, mailServiceFor(app.config), actorOf(request), request.params.id),
  );

  app.post(
    '/api/procurement/purchase-orders/:id/receipts',
    { config: manage, schema: { params, body: goodsReceiptBodySchema, response: { 201: purchaseOrderSchema } } },
    async (request, reply) =>
      reply.status(201).send(await receiveGoods(app, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/procurement/purchasing-settings',
    { config: manage, schema: { response: { 200: purchasingSettingsSchema } } },
    async () => purchasingSettings(app),
  );

  app.put(
    '/api/procurement/purchasing-settings',
    { config: manage, schema: { body: purchasingSettingsBodySchema, response: { 200: purchasingSettingsSchema } } },
    async (request) => updatePurchasingSettings(app, actorOf(request), request.body),
  );

  app.put(
    '/api/procurement/departments/:id/approval-threshold',
    {
      config: settings,
      schema: { params, body: approvalThresholdBodySchema, response: { 200: approvalThresholdSchema } },
    },
    async (request) => setApprovalThreshold(app, actorOf(request), request.params.id, request.body.approvalThreshold),
  );

  app.get(
    '/api/procurement/department-managers',
    { config: manage, schema: { response: { 200: z.array(departmentManagerSchema) } } },
    async () => listDepartmentManagers(app),
  );

  app.put(
    '/api/procurement/department-managers/:id',
    {
      config: settings,
      schema: { params, body: departmentManagerBodySchema, response: { 200: departmentManagerSchema } },
    },
    async (request) => assignDepartmentManager(app, actorOf(request), request.params.id, request.body.departmentId),
  );

  app.get(
    '/api/procurement/purchasing-summary',
    { config: manage, schema: { response: { 200: purchasingSummarySchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return purchasingSummary(app, () => itemsToReorderCount(app));
    },
  );

  app.get(
    '/api/procurement/purchasing-lookups',
    { config: requisitions, schema: { response: { 200: purchasingLookupsSchema } } },
    async (request) => purchasingLookups(app, signedInUser(request)),
  );

  app.get(
    '/api/procurement/purchasing-lookups/items',
    {
      config: requisitions,
      schema: { querystring: itemSearchQuerySchema, response: { 200: z.array(purchasingItemOptionSchema) } },
    },
    async (request) => purchasingItemOptions(app, request.query.search),
  );
};
