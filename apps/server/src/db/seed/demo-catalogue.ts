import { centsToDecimal } from '@retail-hub/shared';
import { postOpeningStock } from '../../modules/stock/index';
import type { DbOrTx } from '../client';
import {
  categories,
  categoryModifierGroups,
  modifierGroups,
  modifierOptions,
  products,
  productVariants,
} from '../schema/index';
import { DEMO_CATEGORIES, DEMO_MODIFIER_GROUPS, DEMO_PRODUCTS } from './demo-data';
import type { Random } from './random';
import { type Catalogue, type CatalogueProduct, DAY } from './seed-support';

export async function seedCatalogue(
  tx: DbOrTx,
  random: Random,
  departmentIds: Record<string, string>,
  now: Date,
): Promise<Catalogue> {
  const categoryIds: Record<string, string> = {};
  await tx.insert(categories).values(
    DEMO_CATEGORIES.map((category) => {
      const id = random.uuid();
      categoryIds[category.key] = id;
      return {
        id,
        name: category.name,
        description: category.description,
        department: category.department,
        isInstitutional: category.isInstitutional,
        createdAt: new Date(now.getTime() - 60 * DAY),
      };
    }),
  );

  const catalogue: CatalogueProduct[] = DEMO_PRODUCTS.map((data) => ({
    id: random.uuid(),
    data,
    variants: (data.sizes ?? []).map((size) => ({ id: random.uuid(), name: size.name, priceCents: size.priceCents })),
  }));

  await tx.insert(products).values(
    catalogue.map(({ id, data }) => {
      const categoryId = categoryIds[data.category];
      if (!categoryId) throw new Error(`demo product ${data.sku} has an unknown category ${data.category}`);
      return {
        id,
        name: data.name,
        description: data.description ?? null,
        price: centsToDecimal(data.priceCents),
        sku: data.sku,
        categoryId,
        lowStockThreshold: data.lowStockThreshold ?? 10,
        hasVariants: Boolean(data.sizes),
        assetType: data.assetType ?? 'regular',
        location: data.location ?? null,
        isCheckoutRequired: data.isCheckoutRequired ?? false,
        departmentId: data.department ? (departmentIds[data.department] ?? null) : null,
        createdAt: new Date(now.getTime() - 45 * DAY),
      };
    }),
  );

  const variantRows = catalogue.flatMap(({ id, data, variants }) =>
    variants.map((variant, index) => ({
      id: variant.id,
      productId: id,
      name: variant.name,
      price: centsToDecimal(variant.priceCents),
      sortOrder: data.sizes?.[index]?.sortOrder ?? 0,
    })),
  );
  if (variantRows.length > 0) await tx.insert(productVariants).values(variantRows);

  // Opening stock, the first rows of the one ledger at the default store (ADR 0025). A product with
  // size options holds the sum of its sizes' stock.
  await postOpeningStock(
    tx,
    catalogue.flatMap(({ id, data, variants }) => [
      { productId: id, quantity: data.sizeStock ? data.sizeStock.reduce((sum, n) => sum + n, 0) : data.stock },
      ...variants.map((variant, index) => ({ variantId: variant.id, quantity: data.sizeStock?.[index] ?? 0 })),
    ]),
  );

  await seedModifiers(tx, categoryIds);

  return { products: catalogue, bySku: new Map(catalogue.map((p) => [p.data.sku, p])) };
}

/**
 * Issue #35 item 1 (docs/adr/0035): the café's add-ons, Milk and Extras, on every Coffee. Their ids
 * are the database's (not the seed's random sequence), so the rest of the demo stays as it was.
 */
async function seedModifiers(tx: DbOrTx, categoryIds: Record<string, string>): Promise<void> {
  for (const [order, group] of DEMO_MODIFIER_GROUPS.entries()) {
    const [row] = await tx
      .insert(modifierGroups)
      .values({ name: group.name, minChoices: group.minChoices, maxChoices: group.maxChoices })
      .returning({ id: modifierGroups.id });
    const groupId = (row as { id: string }).id;
    await tx.insert(modifierOptions).values(
      group.options.map((o, sortOrder) => ({
        groupId,
        name: o.name,
        price: centsToDecimal(o.priceCents),
        sortOrder,
      })),
    );
    const categoryId = categoryIds[group.category];
    if (!categoryId) throw new Error(`demo modifier group ${group.name} has an unknown category ${group.category}`);
    await tx.insert(categoryModifierGroups).values({ categoryId, groupId, sortOrder: order });
  }
}
