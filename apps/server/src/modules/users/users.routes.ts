import { ROLES } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listUsers } from './users.repository';

export const userListItemSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  department: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.date(),
});

/** spec §7 Users: GET /api/users (id, firstName, lastName, email, role, isActive). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    { config: { permission: 'users.manage' }, schema: { response: { 200: z.array(userListItemSchema) } } },
    async () => listUsers(app.database.db),
  );
};
