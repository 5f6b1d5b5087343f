import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema/index';

export type CategoryRow = {
  id: string;
  name: string;
  description: string | null;
  department: string | null;
  isInstitutional: boolean;
  taxRateId: string | null;
  productCount: number;
};

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  department: categories.department,
  isInstitutional: categories.isInstitutional,
  taxRateId: categories.taxRateId,
} as const;

/**
 * Products per category, active and inactive (the FK counts both). Written with qualified names:
 * Drizzle renders columns unqualified inside sql``, which the subquery would resolve to products.
 */
const productCount = sql<number>`(select count(*) from "products" as p where p."category_id" = "categories"."id")`
  .mapWith(Number)
  .as('product_count');

export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({ ...categoryColumns, productCount })
    .from(categories)
    .orderBy(sql`lower(${categories.name}) collate "C"`, asc(categories.id));
}

export async function findCategoryById(db: DbOrTx, id: string): Promise<CategoryRow | null> {
  const rows = await db
    .select({ ...categoryColumns, productCount })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The category whose name equals `name` ignoring letter case, if any. */
export async function findCategoryByNameIgnoringCase(
  db: DbOrTx,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Every category's id and name (the import resolves categories by name). */
export async function allCategoryNames(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: categories.id, name: categories.name }).from(categories);
}

export async function insertCategory(
  db: DbOrTx,
  values: { name: string; description: string | null; taxRateId: string | null },
): Promise<string> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return (row as { id: string }).id;
}

export async function deleteCategoryRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Issue #34 item 2: sets a category's tax rate; false when there is no such category. */
export async function updateCategoryTaxRate(db: DbOrTx, id: string, taxRateId: string | null): Promise<boolean> {
  const rows = await db
    .update(categories)
    .set({ taxRateId, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}
