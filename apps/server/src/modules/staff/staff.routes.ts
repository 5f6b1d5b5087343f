import {
  messageResultSchema,
  pinResultSchema,
  sendEmailBodySchema,
  sendEmailResultSchema,
  staffCreateBodySchema,
  staffPinBodySchema,
  staffUpdateBodySchema,
  USER_MESSAGES,
  userSummarySchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestFacts } from '../activity/index';
import {
  adminContextOf,
  changeUserStatus,
  createStaffUser,
  listUserSummaries,
  setUserPin,
  updateStaffProfile,
  userIdParamsSchema,
} from '../users/index';
import { sendStaffEmail } from './staff.service';

/**
 * spec §7 Staff administration, behind staff.manage (manager and super_admin: ADR 0004). The
 * rank rules of docs/adr/0005 apply to every change, as on /api/users.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = { permission: 'staff.manage' as const };

  app.get('/admin/users', { config: permission, schema: { response: { 200: z.array(userSummarySchema) } } }, async () =>
    listUserSummaries(app.database.db),
  );

  app.post(
    '/admin/users',
    { config: permission, schema: { body: staffCreateBodySchema, response: { 201: userSummarySchema } } },
    async (request, reply) => reply.status(201).send(await createStaffUser(adminContextOf(request), request.body)),
  );

  app.patch(
    '/admin/users/:id',
    {
      config: permission,
      schema: { params: userIdParamsSchema, body: staffUpdateBodySchema, response: { 200: userSummarySchema } },
    },
    async (request) => {
      const ctx = adminContextOf(request);
      const { isActive, ...profile } = request.body;
      // spec §7: `isActive` travels alone (Disable/Enable); the body schema refuses it mixed with other fields.
      if (isActive !== undefined) return changeUserStatus(ctx, request.params.id, isActive);
      return updateStaffProfile(ctx, request.params.id, profile);
    },
  );

  app.post(
    '/admin/users/:id/pin',
    {
      config: permission,
      schema: { params: userIdParamsSchema, body: staffPinBodySchema, response: { 200: pinResultSchema } },
    },
    async (request, reply) => {
      const ctx = adminContextOf(request);
      const change = await setUserPin(ctx, request.params.id, request.body);
      if (change.isOwnPin) {
        // Every session of the user ended, this one too: carry on under a fresh session id.
        const facts = requestFacts(request);
        const { token } = await app.sessions.create(ctx.actor.id, { ip: facts.ipAddress, userAgent: facts.userAgent });
        app.sessions.setCookie(reply, token);
      }
      return change.generatedPin
        ? { message: USER_MESSAGES.pinUpdated, pin: change.generatedPin }
        : { message: USER_MESSAGES.pinUpdated };
    },
  );

  app.delete(
    '/admin/users/:id',
    { config: permission, schema: { params: userIdParamsSchema, response: { 200: messageResultSchema } } },
    async (request) => {
      // spec §4: 'Delete' on the staff screen means deactivate; history is kept and Enable reverses it.
      await changeUserStatus(adminContextOf(request), request.params.id, false);
      return { message: USER_MESSAGES.deactivated };
    },
  );

  app.post(
    '/admin/send-email',
    { config: permission, schema: { body: sendEmailBodySchema, response: { 200: sendEmailResultSchema } } },
    async (request) => sendStaffEmail(adminContextOf(request), request.body),
  );
};
