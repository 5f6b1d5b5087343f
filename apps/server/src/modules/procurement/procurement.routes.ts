import { optimizationSuggestionsSchema } from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optimizationSuggestionsFor } from './optimization.service';

const permission = { permission: 'departments.manage' } as const;

/**
 * spec §7 GET /api/procurement/departments/ai-suggestions: the optimization suggestions card of
 * /procurement-departments (the departments themselves are modules/departments). Managers and
 * super admins (spec §6).
 */
export const procurementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/procurement/departments/ai-suggestions',
    {
      config: permission,
      schema: { response: { 200: optimizationSuggestionsSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return optimizationSuggestionsFor(app);
    },
  );
};
