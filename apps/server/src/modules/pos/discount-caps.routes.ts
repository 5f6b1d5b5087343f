import { discountApprovalCheckSchema, discountApprovalSchema, discountCapsSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { checkDiscountApprover, discountCaps, setDiscountCaps } from './discount-caps.service';

const capsResponse = z.object({ caps: discountCapsSchema });

/** Issue #15 item 7: each role's discount cap. Every seller reads them (the cart asks for a PIN above its own). */
export const discountCapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/discount-caps',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: capsResponse } } },
    async () => ({ caps: await discountCaps(app.database.db) }),
  );

  app.put(
    '/api/settings/discount-caps',
    {
      config: { permission: 'discounts.configure' },
      schema: { body: z.object({ caps: discountCapsSchema }), response: { 200: capsResponse } },
    },
    async (request) => ({ caps: await setDiscountCaps(request, signedInUser(request), request.body.caps) }),
  );

  // Issue #30 item 16: the manager's PIN for a discount above the cap, checked as it is typed.
  app.post(
    '/api/discounts/approval-check',
    {
      config: { permission: 'pos.sell' },
      schema: { body: discountApprovalCheckSchema, response: { 200: discountApprovalSchema } },
    },
    async (request) => checkDiscountApprover(request, signedInUser(request), request.body.approverPin),
  );
};
