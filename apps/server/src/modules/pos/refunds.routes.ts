import {
  can,
  idSchema,
  refundRequestSchema,
  refundSchema,
  transactionDetailSchema,
  voidRequestSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { signedInUser } from '../../lib/signed-in-user';
import { getRefund, recordRefund } from './refunds.service';
import { voidSale } from './voids.service';

const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.uuid({ error: 'The Idempotency-Key header must be a UUID' }),
});

/** issue #15 items 5 and 6: refunds against a sale, one refund (its REFUND receipt), and voiding a sale. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/transactions/:id/refunds',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Unknown transaction' }) }),
        headers: idempotencyHeadersSchema,
        body: refundRequestSchema,
        response: { 200: refundSchema, 201: refundSchema },
      },
    },
    async (request, reply) => {
      const { replayed, refund } = await recordRefund(
        request,
        signedInUser(request),
        request.params.id,
        request.headers['idempotency-key'],
        request.body,
      );
      return reply.status(replayed ? 200 : 201).send(refund);
    },
  );

  app.get(
    '/api/refunds/:id',
    {
      config: { permission: 'pos.sell' },
      schema: { params: z.object({ id: idSchema }), response: { 200: refundSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      const refund = await getRefund(request, request.params.id);
      // The user who gave it and anyone who reads reports; to others it does not exist.
      if (!refund || (refund.cashier.id !== user.id && !can(user.role, 'reports.view'))) {
        throw notFound('Refund', 'pos.refund_not_found');
      }
      return refund;
    },
  );

  app.post(
    '/api/transactions/:id/void',
    {
      config: { permission: 'pos.sell' },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Unknown transaction' }) }),
        body: voidRequestSchema,
        response: { 200: transactionDetailSchema },
      },
    },
    async (request) => (await voidSale(request, signedInUser(request), request.params.id, request.body)).sale,
  );
};
