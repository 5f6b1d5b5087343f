import { Readable } from 'node:stream';
import {
  accountCreateSchema,
  accountPaymentSchema,
  accountSchema,
  accountStatementSchema,
  accountUpdateSchema,
  customerCreateSchema,
  customerSaleSchema,
  customerSchema,
  customerUpdateSchema,
  statementQuerySchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '../../lib/csv';
import { csvResponseSchema, sendCsv } from '../../lib/csv-routes';
import { signedInUser } from '../../lib/signed-in-user';
import {
  accountStatement,
  approveAccountCharge,
  createAccount,
  createCustomer,
  customerHistory,
  getCustomer,
  listAccounts,
  listCustomers,
  takePayment,
  updateAccountLimit,
  updateCustomer,
} from './accounts.service';

const customerParams = z.object({ id: z.uuid({ error: 'Customer not found' }) });
const accountParams = z.object({ id: z.uuid({ error: 'Account not found' }) });
const entryParams = z.object({
  id: z.uuid({ error: 'Account not found' }),
  entryId: z.uuid({ error: 'Charge not found' }),
});
const searchQuery = z.object({ search: z.string().max(100, { error: 'Search is at most 100 characters' }).optional() });

/**
 * Issue #34 item 3 (docs/adr/0034): customers (every seller finds and adds them at the till),
 * accounts (managers open them and take payments; the till lists them to charge), statements
 * (managers; a department manager only their own department's) and department charge approval.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/api/customers',
    {
      config: { permission: 'customers.manage' },
      schema: { querystring: searchQuery, response: { 200: z.array(customerSchema) } },
    },
    async (request) => listCustomers(db(), request.query.search),
  );

  app.post(
    '/api/customers',
    {
      config: { permission: 'customers.manage' },
      schema: { body: customerCreateSchema, response: { 201: customerSchema } },
    },
    async (request, reply) => reply.status(201).send(await createCustomer(db(), request.body)),
  );

  app.get(
    '/api/customers/:id',
    {
      config: { permission: 'customers.manage' },
      schema: { params: customerParams, response: { 200: customerSchema } },
    },
    async (request) => getCustomer(db(), request.params.id),
  );

  app.patch(
    '/api/customers/:id',
    {
      config: { permission: 'customers.manage' },
      schema: { params: customerParams, body: customerUpdateSchema, response: { 200: customerSchema } },
    },
    async (request) => updateCustomer(db(), request.params.id, request.body),
  );

  app.get(
    '/api/customers/:id/sales',
    {
      config: { permission: 'customers.manage' },
      schema: { params: customerParams, response: { 200: z.array(customerSaleSchema) } },
    },
    async (request) => customerHistory(db(), request.params.id),
  );

  app.get(
    '/api/accounts',
    { config: { permission: 'pos.sell' }, schema: { response: { 200: z.array(accountSchema) } } },
    async (request) => listAccounts(db(), signedInUser(request)),
  );

  app.post(
    '/api/accounts',
    {
      config: { permission: 'accounts.manage' },
      schema: { body: accountCreateSchema, response: { 201: accountSchema } },
    },
    async (request, reply) => reply.status(201).send(await createAccount(db(), request.body)),
  );

  app.patch(
    '/api/accounts/:id',
    {
      config: { permission: 'accounts.manage' },
      schema: { params: accountParams, body: accountUpdateSchema, response: { 200: accountSchema } },
    },
    async (request) => updateAccountLimit(db(), request.params.id, request.body.creditLimit),
  );

  app.post(
    '/api/accounts/:id/payments',
    {
      config: { permission: 'accounts.manage' },
      schema: { params: accountParams, body: accountPaymentSchema, response: { 201: accountSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await takePayment(db(), signedInUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/accounts/:id/statement',
    {
      config: { permission: 'accounts.statements' },
      schema: {
        params: accountParams,
        querystring: statementQuerySchema,
        response: { 200: z.union([accountStatementSchema, csvResponseSchema]) },
      },
    },
    async (request, reply) => {
      const statement = await accountStatement(db(), signedInUser(request), request.params.id, request.query.month);
      if (request.query.format !== 'csv') return statement;
      const csv = toCsv<(typeof statement.entries)[number] | { kind: 'opening' | 'closing'; amount: string }>(
        [
          { header: 'Date', value: (r) => ('createdAt' in r ? r.createdAt.slice(0, 10) : '') },
          { header: 'Entry', value: (r) => r.kind },
          { header: 'Sale', value: (r) => ('saleNumber' in r ? r.saleNumber : '') },
          { header: 'Method', value: (r) => ('method' in r ? r.method : '') },
          { header: 'Reference', value: (r) => ('referenceCode' in r ? r.referenceCode : '') },
          { header: 'Approval', value: (r) => ('approval' in r ? r.approval : '') },
          { header: 'Amount', value: (r) => r.amount },
        ],
        [
          { kind: 'opening', amount: statement.openingBalance },
          ...statement.entries,
          { kind: 'closing', amount: statement.closingBalance },
        ],
      );
      const name = statement.account.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
      return sendCsv(reply, { filename: `statement-${name}-${statement.month}.csv`, stream: Readable.from([csv]) });
    },
  );

  app.post(
    '/api/accounts/:id/charges/:entryId/approve',
    { config: { permission: 'accounts.statements' }, schema: { params: entryParams } },
    async (request, reply) => {
      await approveAccountCharge(db(), signedInUser(request), request.params.id, request.params.entryId);
      return reply.status(204).send();
    },
  );
};
