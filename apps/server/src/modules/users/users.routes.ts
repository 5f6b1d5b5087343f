import {
  roleChangeBodySchema,
  statusChangeBodySchema,
  userRemovalResultSchema,
  userSummarySchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContextOf } from './admin-context';
import { changeUserRole, changeUserStatus, listUserSummaries, removeUser } from './users.service';

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid user id' }) });

/**
 * spec §7 Users. All under users.manage (manager, super_admin): the role route serves both the
 * user management screen (PUT, managers) and role management (PATCH, super_admin), so what a
 * caller may do is decided by the rank rules in the service (docs/adr/0005), not by the route.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    { config: { permission: 'users.manage' }, schema: { response: { 200: z.array(userSummarySchema) } } },
    async () => listUserSummaries(app.database.db),
  );

  const roleRoute = {
    config: { permission: 'users.manage' as const },
    schema: { params: userIdParamsSchema, body: roleChangeBodySchema, response: { 200: userSummarySchema } },
  };
  app.patch('/api/users/:id/role', roleRoute, async (request) =>
    changeUserRole(adminContextOf(request), request.params.id, request.body.role),
  );
  app.put('/api/users/:id/role', roleRoute, async (request) =>
    changeUserRole(adminContextOf(request), request.params.id, request.body.role),
  );

  app.put(
    '/api/users/:id/status',
    {
      config: { permission: 'users.manage' },
      schema: { params: userIdParamsSchema, body: statusChangeBodySchema, response: { 200: userSummarySchema } },
    },
    async (request) => changeUserStatus(adminContextOf(request), request.params.id, request.body.isActive),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'users.manage' },
      schema: { params: userIdParamsSchema, response: { 200: userRemovalResultSchema } },
    },
    async (request) => removeUser(adminContextOf(request), request.params.id),
  );
};
