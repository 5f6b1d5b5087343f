import { heldSaleSchema, holdSaleBodySchema } from '@retail-hub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { signedInUser } from '../../lib/signed-in-user';
import type { EventBus } from '../events/index';
import { heldSaleErrors, holdSale, listHeldSales, resumeHeldSale } from './held-sales.service';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales, open tickets, at `/api/held-sales` (pos.sell).
 * GET lists the caller's store's waiting held sales, POST holds a cart, DELETE resumes (takes) one.
 */
export function registerHeldSaleRoutes(parent: FastifyInstance, deps: { db: Db; events: EventBus }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/held-sales',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: z.array(heldSaleSchema) } } },
    async (request) => listHeldSales(deps, signedInUser(request)),
  );

  app.post(
    '/api/held-sales',
    {
      config: { permission: 'pos.sell' },
      schema: { body: holdSaleBodySchema, response: { 200: heldSaleSchema, 201: heldSaleSchema } },
    },
    async (request, reply) => {
      const { replayed, held } = await holdSale(deps, signedInUser(request), request.body);
      return reply.status(replayed ? 200 : 201).send(held);
    },
  );

  app.delete(
    '/api/held-sales/:id',
    {
      config: { permission: 'pos.sell' },
      schema: {
        // A malformed id is no held sale: the same 404 as one another till took.
        params: z.object({ id: z.string() }),
        response: { 200: heldSaleSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!z.uuid().safeParse(id).success) throw heldSaleErrors.notFound();
      return resumeHeldSale(deps, signedInUser(request), id);
    },
  );
}
