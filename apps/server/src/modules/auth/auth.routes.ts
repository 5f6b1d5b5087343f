import { pinGuessingAlertSchema, pinLoginBodySchema, sessionResponseSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { signInWithPin, signOut } from './auth.service';

/** spec §7 Authentication. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/session',
    { config: { permission: 'session' }, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({ user: signedInUser(request), storeTimeZone: app.config.storeTimeZone }),
  );

  app.post(
    '/auth/pin',
    {
      config: { permission: 'public' },
      schema: { body: pinLoginBodySchema, response: { 200: sessionResponseSchema } },
    },
    async (request, reply) => {
      const user = await signInWithPin(request, reply, request.body.pin, request.body.terminalId ?? null);
      // The same answer as GET /auth/session, so a fresh sign-in needs no second read for the zone.
      return { user, storeTimeZone: app.config.storeTimeZone };
    },
  );

  // Issue #30 item 4: managers see on their dashboard when the store's PIN breakers have tripped.
  app.get(
    '/api/auth/pin-guessing',
    { config: { permission: 'reports.view' }, schema: { response: { 200: pinGuessingAlertSchema } } },
    async () => app.loginThrottle.alert(),
  );

  app.post(
    '/auth/logout',
    { config: { permission: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      await signOut(request, reply);
      return { ok: true as const };
    },
  );
};
