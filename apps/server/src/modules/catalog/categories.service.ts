import type { Category } from '@retail-hub/shared';
import { pgErrorCode } from '../../lib/db-errors';
import { checkTaxRateExists } from '../tax/index';
import { type CatalogDeps, FK_VIOLATION, UNIQUE_VIOLATION } from './catalog.context';
import { catalogErrors } from './catalog.errors';
import {
  deleteCategoryRow,
  findCategoryById,
  findCategoryByNameIgnoringCase,
  insertCategory,
  listCategories,
  updateCategoryTaxRate,
} from './categories.repository';

export async function categories(deps: CatalogDeps): Promise<Category[]> {
  return listCategories(deps.database.db);
}

/**
 * POST /api/categories (spec §2 inline category creation). Names are unique ignoring letter case:
 * "coffee" and "Coffee" would both be the size-option category of spec §9.
 */
export async function createCategory(
  deps: CatalogDeps,
  input: { name: string; description?: string | null | undefined; taxRateId?: string | null | undefined },
): Promise<Category> {
  const { db } = deps.database;
  if (input.taxRateId) await checkTaxRateExists(db, input.taxRateId);
  const existing = await findCategoryByNameIgnoringCase(db, input.name);
  if (existing) throw catalogErrors.categoryNameTaken(existing.name);
  let id: string;
  try {
    id = await insertCategory(db, {
      name: input.name,
      description: input.description ?? null,
      taxRateId: input.taxRateId ?? null,
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw catalogErrors.categoryNameTaken(input.name);
    throw error;
  }
  await deps.events.publish('product.changed');
  const created = await findCategoryById(db, id);
  if (!created) throw catalogErrors.categoryNotFound();
  return created;
}

/**
 * DELETE /api/categories/:id. spec §5: a category with products (active or deactivated) cannot be
 * deleted; the RESTRICT foreign key backs the check when a product is added meanwhile.
 */
export async function deleteCategory(deps: CatalogDeps, id: string): Promise<{ message: string }> {
  const { db } = deps.database;
  const category = await findCategoryById(db, id);
  if (!category) throw catalogErrors.categoryNotFound();
  if (category.productCount > 0) throw catalogErrors.categoryInUse(category.name, category.productCount);
  try {
    await deleteCategoryRow(db, id);
  } catch (error) {
    const code = pgErrorCode(error);
    if (!code || !FK_VIOLATION.has(code)) throw error;
    const now = await findCategoryById(db, id);
    throw catalogErrors.categoryInUse(category.name, Math.max(1, now?.productCount ?? 1));
  }
  await deps.events.publish('product.changed');
  return { message: `Category "${category.name}" was deleted.` };
}

/**
 * PATCH /api/categories/:id (issue #34 item 2): the category's tax rate (null = 0%). Sales from now
 * on use it; sales already made keep the rate stored on their lines.
 */
export async function setCategoryTaxRate(deps: CatalogDeps, id: string, taxRateId: string | null): Promise<Category> {
  const { db } = deps.database;
  if (taxRateId) await checkTaxRateExists(db, taxRateId);
  if (!(await updateCategoryTaxRate(db, id, taxRateId))) throw catalogErrors.categoryNotFound();
  await deps.events.publish('product.changed');
  const updated = await findCategoryById(db, id);
  if (!updated) throw catalogErrors.categoryNotFound();
  return updated;
}
