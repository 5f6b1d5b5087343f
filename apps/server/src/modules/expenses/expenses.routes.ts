import {
  expenseDailyStatsSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseSchema,
  expenseStatsQuerySchema,
  idSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { readableStores } from '../retail-stores/index';
import {
  createExpense,
  deleteExpense,
  type ExpenseDeps,
  editExpense,
  expenseDailyStats,
  listExpenses,
} from './expenses.service';

const params = z.object({ id: idSchema });

/** spec §7 Expenses: the Expense Tracker's calls, for managers and super admins (spec §6). */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ExpenseDeps = { db: app.database.db, timeZone: app.config.storeTimeZone, events: app.events };
  const permission = 'expenses.manage' as const;

  app.get(
    '/api/expenses',
    {
      config: { permission },
      schema: { querystring: expenseListQuerySchema, response: { 200: z.array(expenseSchema) } },
    },
    async (request) => {
      const { storeId, ...query } = request.query;
      const storeIds = await readableStores(app.database.db, signedInUser(request), storeId);
      return listExpenses(deps, { ...query, storeIds });
    },
  );

  app.get(
    '/api/expenses/stats/daily',
    {
      config: { permission },
      schema: { querystring: expenseStatsQuerySchema, response: { 200: expenseDailyStatsSchema } },
    },
    async (request) => {
      const storeIds = await readableStores(app.database.db, signedInUser(request), request.query.storeId);
      return expenseDailyStats(deps, new Date(), storeIds);
    },
  );

  app.post(
    '/api/expenses',
    { config: { permission }, schema: { body: expenseInputSchema, response: { 201: expenseSchema } } },
    async (request, reply) => reply.status(201).send(await createExpense(deps, signedInUser(request).id, request.body)),
  );

  app.patch(
    '/api/expenses/:id',
    { config: { permission }, schema: { params, body: expenseInputSchema, response: { 200: expenseSchema } } },
    async (request) => editExpense(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/expenses/:id',
    { config: { permission }, schema: { params, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteExpense(deps, request.params.id),
  );
};
