import {
  createTaxRateSchema,
  taxRateSchema,
  taxSettingsSchema,
  updateTaxRateSchema,
  updateTaxSettingsSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import { createTaxRate, listTaxRates, setTaxSettings, taxSettings, updateTaxRate } from './tax.service';

const idParams = z.object({ id: z.uuid({ error: 'Tax rate not found' }) });
const storeQuery = z.object({ storeId: z.uuid({ error: 'Unknown store' }).optional() });

/**
 * Issue #34 item 2 (ADR 0030): the tax rates and 'prices include tax'. Everyone who reads the
 * catalogue reads them (the product form's select, the till); managers and super admins change
 * them (`tax.manage`, ADR 0004).
 */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tax-rates',
    { config: { permission: 'catalog.read' }, schema: { response: { 200: z.array(taxRateSchema) } } },
    async () => listTaxRates(app.database.db),
  );

  app.post(
    '/api/tax-rates',
    {
      config: { permission: 'tax.manage' },
      schema: { body: createTaxRateSchema, response: { 201: taxRateSchema } },
    },
    async (request, reply) => reply.status(201).send(await createTaxRate(app.database.db, request.body)),
  );

  app.patch(
    '/api/tax-rates/:id',
    {
      config: { permission: 'tax.manage' },
      schema: { params: idParams, body: updateTaxRateSchema, response: { 200: taxRateSchema } },
    },
    async (request) => {
      const rate = await updateTaxRate(app.database.db, request.params.id, request.body);
      // The sale path's pricing cache holds each product's rate: drop it everywhere (a stale entry
      // would only cost a 'repriced' retry, as the write's fingerprints cover the rate).
      await app.events.publish('product.changed');
      return rate;
    },
  );

  app.get(
    '/api/settings/tax',
    {
      config: { permission: 'catalog.read' },
      schema: { querystring: storeQuery, response: { 200: taxSettingsSchema } },
    },
    async (request) => taxSettings(app.database.db, request.query.storeId),
  );

  app.put(
    '/api/settings/tax',
    {
      config: { permission: 'tax.manage' },
      schema: { body: updateTaxSettingsSchema, response: { 200: taxSettingsSchema } },
    },
    async (request) => {
      const settings = await setTaxSettings(app.database.db, signedInUser(request).id, request.body);
      await app.events.publish('product.changed');
      return settings;
    },
  );
};
