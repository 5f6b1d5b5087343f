import {
  centsToDecimal,
  MODIFIER_MESSAGES,
  type ModifierGroup,
  type ModifierGroupCreate,
  type ModifierGroupPatch,
  parseCents,
} from '@retail-hub/shared';
import { pgErrorCode } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type CatalogDeps, UNIQUE_VIOLATION } from './catalog.context';
import { catalogErrors } from './catalog.errors';
import {
  categoryExists,
  existingGroupIds,
  findModifierGroup,
  groupIdByName,
  groupOptionIds,
  insertGroup,
  listModifierGroups,
  productModifierGroups,
  replaceOptions,
  setAttachedGroups,
  updateGroup,
} from './modifier-groups.repository';

/**
 * Issue #35 item 1 (docs/adr/0035): modifier groups and their options, attached to products and
 * categories. Writes publish 'product.changed' so every instance's pricing cache (and the tills'
 * catalogue) reload; a sale priced meanwhile answers 'repriced' on its fingerprint anyway.
 */
const errors = {
  groupNotFound: () => notFound('Modifier group', 'catalog.modifier_group_not_found'),
  nameTaken: () => conflict('catalog.modifier_group_name_taken', MODIFIER_MESSAGES.nameTaken),
  minAboveMax: () =>
    badRequest('validation', MODIFIER_MESSAGES.minAboveMax, { minChoices: MODIFIER_MESSAGES.minAboveMax }),
  unknownOption: (index: number) =>
    badRequest('validation', MODIFIER_MESSAGES.unknownOption, {
      [`options.${index}.id`]: MODIFIER_MESSAGES.unknownOption,
    }),
  unknownGroup: () => badRequest('validation', 'Unknown modifier group', { groupIds: 'Unknown modifier group' }),
};

export async function modifierGroups(deps: CatalogDeps): Promise<ModifierGroup[]> {
  return listModifierGroups(deps.database.db);
}

export async function createModifierGroup(deps: CatalogDeps, input: ModifierGroupCreate): Promise<ModifierGroup> {
  const { db } = deps.database;
  if (await groupIdByName(db, input.name, null)) throw errors.nameTaken();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const created = await insertGroup(tx, input);
      await replaceOptions(
        tx,
        created,
        input.options.map((o) => ({ name: o.name, price: money(o.price) })),
      );
      return created;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw errors.nameTaken();
    throw error;
  }
  await deps.events.publish('product.changed');
  return (await findModifierGroup(db, id)) as ModifierGroup;
}

export async function patchModifierGroup(
  deps: CatalogDeps,
  id: string,
  patch: ModifierGroupPatch,
): Promise<ModifierGroup> {
  const { db } = deps.database;
  const current = await findModifierGroup(db, id);
  if (!current) throw errors.groupNotFound();
  const min = patch.minChoices ?? current.minChoices;
  const max = patch.maxChoices ?? current.maxChoices;
  if (min > max) throw errors.minAboveMax();
  if (patch.name !== undefined && (await groupIdByName(db, patch.name, id))) throw errors.nameTaken();
  try {
    await db.transaction(async (tx) => {
      await updateGroup(tx, id, { name: patch.name, minChoices: patch.minChoices, maxChoices: patch.maxChoices });
      if (patch.options) {
        const known = await groupOptionIds(tx, id);
        const unknown = patch.options.findIndex((o) => o.id && !known.has(o.id.toLowerCase()));
        if (unknown >= 0) throw errors.unknownOption(unknown);
        await replaceOptions(
          tx,
          id,
          patch.options.map((o) => ({ id: o.id, name: o.name, price: money(o.price) })),
        );
      }
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw errors.nameTaken();
    throw error;
  }
  await deps.events.publish('product.changed');
  return (await findModifierGroup(db, id)) as ModifierGroup;
}

/** PUT /api/products/:id/modifier-groups: the product's own groups (none: its category's). */
export async function setProductModifierGroups(
  deps: CatalogDeps,
  productId: string,
  groupIds: readonly string[],
): Promise<ModifierGroup[]> {
  const { db } = deps.database;
  if ((await productModifierGroups(db, productId)) === null) throw catalogErrors.productNotFound();
  if ((await existingGroupIds(db, groupIds)) !== groupIds.length) throw errors.unknownGroup();
  await db.transaction((tx) => setAttachedGroups(tx, { table: 'product', id: productId }, groupIds));
  await deps.events.publish('product.changed', [productId]);
  return (await productModifierGroups(db, productId)) ?? [];
}

/** PUT /api/categories/:id/modifier-groups: the groups of the category's products without their own. */
export async function setCategoryModifierGroups(
  deps: CatalogDeps,
  categoryId: string,
  groupIds: readonly string[],
): Promise<{ groupIds: string[] }> {
  const { db } = deps.database;
  if (!(await categoryExists(db, categoryId))) throw catalogErrors.categoryNotFound();
  if ((await existingGroupIds(db, groupIds)) !== groupIds.length) throw errors.unknownGroup();
  await db.transaction((tx) => setAttachedGroups(tx, { table: 'category', id: categoryId }, groupIds));
  await deps.events.publish('product.changed');
  return { groupIds: [...groupIds] };
}

export async function productModifierGroupList(deps: CatalogDeps, productId: string): Promise<ModifierGroup[]> {
  const groups = await productModifierGroups(deps.database.db, productId);
  if (groups === null) throw catalogErrors.productNotFound();
  return groups;
}

/** '0.6' as stored, '0.60' (the schema already refused anything parseCents does not read). */
const money = (value: string) => centsToDecimal(parseCents(value) ?? 0);
