import {
  idSchema,
  modifierGroupCreateSchema,
  modifierGroupIdsSchema,
  modifierGroupPatchSchema,
  modifierGroupSchema,
} from '@retail-hub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createModifierGroup,
  modifierGroups,
  patchModifierGroup,
  productModifierGroupList,
  setCategoryModifierGroups,
  setProductModifierGroups,
} from './modifier-groups.service';

/**
 * Issue #35 item 1 (docs/adr/0035): modifier groups. Reading them is a catalogue read (the till
 * needs them); editing them and attaching them is a catalogue write (manager, super_admin; ADR 0004).
 */
export const modifierGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/modifier-groups',
    { config: { permission: 'catalog.read' }, schema: { response: { 200: z.array(modifierGroupSchema) } } },
    async () => modifierGroups(app),
  );

  app.post(
    '/api/modifier-groups',
    {
      config: { permission: 'catalog.manage' },
      schema: { body: modifierGroupCreateSchema, response: { 201: modifierGroupSchema } },
    },
    async (request, reply) => reply.status(201).send(await createModifierGroup(app, request.body)),
  );

  app.patch(
    '/api/modifier-groups/:id',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        params: z.object({ id: idSchema }),
        body: modifierGroupPatchSchema,
        response: { 200: modifierGroupSchema },
      },
    },
    async (request) => patchModifierGroup(app, request.params.id, request.body),
  );

  app.get(
    '/api/products/:id/modifier-groups',
    {
      config: { permission: 'catalog.read' },
      schema: { params: z.object({ id: idSchema }), response: { 200: z.array(modifierGroupSchema) } },
    },
    async (request) => productModifierGroupList(app, request.params.id),
  );

  app.put(
    '/api/products/:id/modifier-groups',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        params: z.object({ id: idSchema }),
        body: modifierGroupIdsSchema,
        response: { 200: z.array(modifierGroupSchema) },
      },
    },
    async (request) => setProductModifierGroups(app, request.params.id, request.body.groupIds),
  );

  app.put(
    '/api/categories/:id/modifier-groups',
    {
      config: { permission: 'catalog.manage' },
      schema: {
        params: z.object({ id: idSchema }),
        body: modifierGroupIdsSchema,
        response: { 200: z.object({ groupIds: z.array(z.string()) }) },
      },
    },
    async (request) => setCategoryModifierGroups(app, request.params.id, request.body.groupIds),
  );
};
