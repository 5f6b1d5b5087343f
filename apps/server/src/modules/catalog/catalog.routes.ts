import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogCsvRoutes } from './catalog-csv.routes';
import { categoryRoutes } from './categories.routes';
import { modifierGroupRoutes } from './modifier-groups.routes';
import { productRoutes } from './products.routes';
import { variantRoutes } from './variants.routes';

/**
 * The catalogue (spec §7 Products, categories, variants): reads need 'catalog.read' (every
 * signed-in user), writes 'catalog.manage' (manager, super_admin). Static paths such as
 * /api/products/low-stock and /api/products/export.csv win over /api/products/:id in the router.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productRoutes);
  await app.register(categoryRoutes);
  await app.register(variantRoutes);
  await app.register(catalogCsvRoutes);
  await app.register(modifierGroupRoutes);
};
