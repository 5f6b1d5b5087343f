import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  procCategories,
  procDepartments,
  procItems,
  procLocations,
  procStockLevels,
  procSubcategories,
  procSuppliers,
  products,
} from '../../db/schema/index';
import { escapeLike } from '../../lib/like';

/** Stores masters (issue #16 item 1): suppliers, locations, categories and subcategories, items. */

export type MasterStatusFilter = 'active' | 'archived' | 'all';

function statusCondition(column: AnyPgColumn, status: MasterStatusFilter): SQL | undefined {
  if (status === 'active') return eq(column, false);
  if (status === 'archived') return eq(column, true);
  return undefined;
}

const pattern = (term: string) => `%${escapeLike(term)}%`;

// ---- Suppliers ----

export type SupplierRow = typeof procSuppliers.$inferSelect;
export type SupplierWrite = Omit<typeof procSuppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listSuppliers(
  db: DbOrTx,
  filter: { search?: string | undefined; status: MasterStatusFilter },
): Promise<SupplierRow[]> {
  const term = filter.search?.trim();
  const conditions = [
    statusCondition(procSuppliers.isArchived, filter.status),
    term
      ? or(
          ilike(procSuppliers.name, pattern(term)),
          ilike(procSuppliers.contactName, pattern(term)),
          ilike(procSuppliers.email, pattern(term)),
        )
      : undefined,
  ].filter(Boolean) as SQL[];
  return db
    .select()
    .from(procSuppliers)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`lower(${procSuppliers.name})`, asc(procSuppliers.id))
    .limit(5000);
}

export async function findSupplier(db: DbOrTx, id: string): Promise<SupplierRow | null> {
  const rows = await db.select().from(procSuppliers).where(eq(procSuppliers.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findSupplierByName(db: DbOrTx, name: string): Promise<SupplierRow | null> {
  const rows = await db.select().from(procSuppliers).where(sql`lower(${procSuppliers.name}) = lower(${name})`).limit(1);
  return rows[0] ?? null;
}

export async function insertSupplier(db: DbOrTx, values: SupplierWrite): Promise<string> {
  const [row] = await db.insert(procSuppliers).values(values).returning({ id: procSuppliers.id });
  return (row as { id: string }).id;
}

export async function updateSupplier(db: DbOrTx, id: string, values: Partial<SupplierWrite>): Promise<boolean> {
  const rows = await db
    .update(procSuppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procSuppliers.id, id))
    .returning({ id: procSuppliers.id });
  return rows.length > 0;
}

export async function suppliersAfter(db: DbOrTx, afterName: string | null, limit: number): Promise<SupplierRow[]> {
  return db
    .select()
    .from(procSuppliers)
    .where(afterName === null ? undefined : sql`lower(${procSuppliers.name}) > lower(${afterName})`)
    .orderBy(sql`lower(${procSuppliers.name})`)
    .limit(limit);
}

// ---- Locations ----

const locationColumns = {
  id: procLocations.id,
  code: procLocations.code,
  name: procLocations.name,
  departmentId: procLocations.departmentId,
  departmentName: procDepartments.name,
  departmentCode: procDepartments.code,
  building: procLocations.building,
  floor: procLocations.floor,
  room: procLocations.room,
  isSelling: procLocations.isSelling,
  isArchived: procLocations.isArchived,
  createdAt: procLocations.createdAt,
};

export type LocationRow = {
  id: string;
  code: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  departmentCode: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  isSelling: boolean;
  isArchived: boolean;
  createdAt: Date;
};
export type LocationWrite = Omit<typeof procLocations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listLocations(
  db: DbOrTx,
  filter: {
    search?: string | undefined;
    status: MasterStatusFilter;
    departmentId?: string | undefined;
  },
): Promise<LocationRow[]> {
  const term = filter.search?.trim();
  const conditions = [
    statusCondition(procLocations.isArchived, filter.status),
    filter.departmentId ? eq(procLocations.departmentId, filter.departmentId) : undefined,
    term ? or(ilike(procLocations.code, pattern(term)), ilike(procLocations.name, pattern(term))) : undefined,
  ].filter(Boolean) as SQL[];
  return db
    .select(locationColumns)
    .from(procLocations)
    .leftJoin(procDepartments, eq(procDepartments.id, procLocations.departmentId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`upper(${procLocations.code})`, asc(procLocations.id))
    .limit(5000);
}

export async function findLocation(db: DbOrTx, id: string): Promise<LocationRow | null> {
  const rows = await db
    .select(locationColumns)
    .from(procLocations)
    .leftJoin(procDepartments, eq(procDepartments.id, procLocations.departmentId))
    .where(eq(procLocations.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findLocationByCode(db: DbOrTx, code: string): Promise<LocationRow | null> {
  const rows = await db
    .select(locationColumns)
    .from(procLocations)
    .leftJoin(procDepartments, eq(procDepartments.id, procLocations.departmentId))
    .where(sql`upper(${procLocations.code}) = upper(${code})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLocation(db: DbOrTx, values: LocationWrite): Promise<string> {
  const [row] = await db.insert(procLocations).values(values).returning({ id: procLocations.id });
  return (row as { id: string }).id;
}

export async function updateLocation(db: DbOrTx, id: string, values: Partial<LocationWrite>): Promise<boolean> {
  const rows = await db
    .update(procLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procLocations.id, id))
    .returning({ id: procLocations.id });
  return rows.length > 0;
}

export async function locationsAfter(db: DbOrTx, afterCode: string | null, limit: number): Promise<LocationRow[]> {
  return db
    .select(locationColumns)
    .from(procLocations)
    .leftJoin(procDepartments, eq(procDepartments.id, procLocations.departmentId))
    .where(afterCode === null ? undefined : sql`upper(${procLocations.code}) > upper(${afterCode})`)
    .orderBy(sql`upper(${procLocations.code})`)
    .limit(limit);
}

/** On hand at a location over every item (archiving a location that still holds stock is refused). */
export async function locationHoldsStock(db: DbOrTx, locationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: procStockLevels.id })
    .from(procStockLevels)
    .where(and(eq(procStockLevels.locationId, locationId), sql`${procStockLevels.onHandQty} > 0`))
    .limit(1);
  return rows.length > 0;
}

// ---- Departments (read only here) ----

export async function departmentExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: procDepartments.id })
    .from(procDepartments)
    .where(eq(procDepartments.id, id))
    .limit(1);
  return rows.length > 0;
}

export async function findDepartmentsByCodes(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: procDepartments.id, code: procDepartments.code })
    .from(procDepartments)
    .where(inArray(sql`upper(${procDepartments.code})`, [...new Set(codes.map((c) => c.toUpperCase()))]));
  return new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
}

// ---- Categories ----

export type CategoryRow = typeof procCategories.$inferSelect;
export type SubcategoryRow = typeof procSubcategories.$inferSelect;

export async function listCategories(db: DbOrTx, status: MasterStatusFilter): Promise<CategoryRow[]> {
  return db
    .select()
    .from(procCategories)
    .where(statusCondition(procCategories.isArchived, status))
    .orderBy(sql`lower(${procCategories.name})`);
}

export async function listSubcategories(db: DbOrTx, status: MasterStatusFilter): Promise<SubcategoryRow[]> {
  return db
    .select()
    .from(procSubcategories)
    .where(statusCondition(procSubcategories.isArchived, status))
    .orderBy(sql`lower(${procSubcategories.name})`);
}

export async function findCategory(db: DbOrTx, id: string): Promise<CategoryRow | null> {
  const rows = await db.select().from(procCategories).where(eq(procCategories.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findCategoryByName(db: DbOrTx, name: string): Promise<CategoryRow | null> {
  const rows = await db
    .select()
    .from(procCategories)
    .where(sql`lower(${procCategories.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findSubcategory(db: DbOrTx, id: string): Promise<SubcategoryRow | null> {
  const rows = await db.select().from(procSubcategories).where(eq(procSubcategories.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findSubcategoryByName(
  db: DbOrTx,
  categoryId: string,
  name: string,
): Promise<SubcategoryRow | null> {
  const rows = await db
    .select()
    .from(procSubcategories)
    .where(and(eq(procSubcategories.categoryId, categoryId), sql`lower(${procSubcategories.name}) = lower(${name})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCategory(
  db: DbOrTx,
  values: { name: string; description: string | null },
): Promise<string> {
  const [row] = await db.insert(procCategories).values(values).returning({ id: procCategories.id });
  return (row as { id: string }).id;
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  values: Partial<{ name: string; description: string | null; isArchived: boolean }>,
): Promise<void> {
  await db
    .update(procCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procCategories.id, id));
}

export async function insertSubcategory(
  db: DbOrTx,
  values: { categoryId: string; name: string; description: string | null; departmentId: string | null },
): Promise<string> {
  const [row] = await db.insert(procSubcategories).values(values).returning({ id: procSubcategories.id });
  return (row as { id: string }).id;
}

export async function updateSubcategory(
  db: DbOrTx,
  id: string,
  values: Partial<{ name: string; description: string | null; departmentId: string | null; isArchived: boolean }>,
): Promise<void> {
  await db
    .update(procSubcategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procSubcategories.id, id));
}

/** A category or one of its subcategories, as a row of the categories CSV. */
export type CategoryCsvRow = {
  category: string;
  subcategory: string | null;
  description: string | null;
  departmentCode: string | null;
  isArchived: boolean;
};

/** Every category (A–Z, ignoring case), each followed by its subcategories (A–Z): the export's order. */
export async function categoryCsvRows(db: DbOrTx): Promise<CategoryCsvRow[]> {
  const [cats, subs] = await Promise.all([
    listCategories(db, 'all'),
    db
      .select({
        categoryId: procSubcategories.categoryId,
        name: procSubcategories.name,
        description: procSubcategories.description,
        departmentCode: procDepartments.code,
        isArchived: procSubcategories.isArchived,
      })
      .from(procSubcategories)
      .leftJoin(procDepartments, eq(procDepartments.id, procSubcategories.departmentId))
      .orderBy(sql`lower(${procSubcategories.name})`),
  ]);
  return cats.flatMap((c) => [
    { category: c.name, subcategory: null, description: c.description, departmentCode: null, isArchived: c.isArchived },
    ...subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        category: c.name,
        subcategory: s.name,
        description: s.description,
        departmentCode: s.departmentCode,
        isArchived: s.isArchived,
      })),
  ]);
}

// ---- Items ----

const onHandOfItem = sql<string>`coalesce((select sum(l.on_hand_qty) from proc_stock_levels l where l.item_id = ${procItems.id}), 0)::numeric(14,3)::text`;

const itemColumns = {
  id: procItems.id,
  sku: procItems.sku,
  name: procItems.name,
  description: procItems.description,
  categoryId: procItems.categoryId,
  categoryName: procCategories.name,
  subcategoryId: procItems.subcategoryId,
  subcategoryName: procSubcategories.name,
  departmentId: procItems.departmentId,
  departmentName: procDepartments.name,
  departmentCode: procDepartments.code,
  isAsset: procItems.isAsset,
  uom: procItems.uom,
  barcode: procItems.barcode,
  minReorderQty: procItems.minReorderQty,
  reorderPoint: procItems.reorderPoint,
  warrantyMonths: procItems.warrantyMonths,
  serviceIntervalDays: procItems.serviceIntervalDays,
  expectedLifespanMonths: procItems.expectedLifespanMonths,
  posProductId: procItems.posProductId,
  posProductName: products.name,
  posProductSku: products.sku,
  onHandQty: onHandOfItem,
  isArchived: procItems.isArchived,
  createdAt: procItems.createdAt,
};

export type ItemRow = {
  id: string;
  sku: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  categoryName: string | null;
  subcategoryId: string | null;
  subcategoryName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  departmentCode: string | null;
  isAsset: boolean;
  uom: string;
  barcode: string | null;
  minReorderQty: string;
  reorderPoint: string;
  warrantyMonths: number | null;
  serviceIntervalDays: number | null;
  expectedLifespanMonths: number | null;
  posProductId: string | null;
  posProductName: string | null;
  posProductSku: string | null;
  onHandQty: string;
  isArchived: boolean;
  createdAt: Date;
};
export type ItemWrite = Omit<typeof procItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export type ItemFilter = {
  search?: string | undefined;
  status: MasterStatusFilter;
  categoryId?: string | undefined;
  departmentId?: string | undefined;
};

function itemWhere(filter: ItemFilter): SQL | undefined {
  const term = filter.search?.trim();
  const conditions = [
    statusCondition(procItems.isArchived, filter.status),
    filter.categoryId ? eq(procItems.categoryId, filter.categoryId) : undefined,
    filter.departmentId ? eq(procItems.departmentId, filter.departmentId) : undefined,
    term
      ? or(
          ilike(procItems.sku, pattern(term)),
          ilike(procItems.name, pattern(term)),
          ilike(procItems.barcode, pattern(term)),
        )
      : undefined,
  ].filter(Boolean) as SQL[];
  return conditions.length ? and(...conditions) : undefined;
}

function itemsFrom(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(procItems)
    .leftJoin(procCategories, eq(procCategories.id, procItems.categoryId))
    .leftJoin(procSubcategories, eq(procSubcategories.id, procItems.subcategoryId))
    .leftJoin(procDepartments, eq(procDepartments.id, procItems.departmentId))
    .leftJoin(products, eq(products.id, procItems.posProductId));
}

export async function listItems(
  db: DbOrTx,
  filter: ItemFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const where = itemWhere(filter);
  const rows = await itemsFrom(db)
    .where(where)
    .orderBy(sql`upper(${procItems.sku})`, asc(procItems.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(procItems).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findItem(db: DbOrTx, id: string): Promise<ItemRow | null> {
  const rows = await itemsFrom(db).where(eq(procItems.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findItemBySku(db: DbOrTx, sku: string): Promise<ItemRow | null> {
  const rows = await itemsFrom(db).where(sql`upper(${procItems.sku}) = upper(${sku})`).limit(1);
  return rows[0] ?? null;
}

export async function findItemByPosProduct(db: DbOrTx, productId: string): Promise<{ id: string; sku: string } | null> {
  const rows = await db
    .select({ id: procItems.id, sku: procItems.sku })
    .from(procItems)
    .where(eq(procItems.posProductId, productId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * ADR 0025: deletes an item the database made for a product or size option, unless something
 * references it (then it stays; `release_pos_item`, migration 0025). Whether it went.
 */
export async function releaseDatabaseMadeItem(db: DbOrTx, itemId: string): Promise<boolean> {
  const result = (await db.execute(sql`select release_pos_item(${itemId}::uuid) as released`)) as unknown as {
    rows: Array<{ released: boolean }>;
  };
  return result.rows[0]?.released === true;
}

/** Whether a POS product exists and is still sold (`isActive`); null when there is none. */
export async function posProductActive(db: DbOrTx, id: string): Promise<boolean | null> {
  const rows = await db.select({ isActive: products.isActive }).from(products).where(eq(products.id, id)).limit(1);
  return rows[0]?.isActive ?? null;
}

export async function findPosProductBySku(db: DbOrTx, sku: string): Promise<string | null> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertItem(db: DbOrTx, values: ItemWrite): Promise<string> {
  const [row] = await db.insert(procItems).values(values).returning({ id: procItems.id });
  return (row as { id: string }).id;
}

export async function updateItem(db: DbOrTx, id: string, values: Partial<ItemWrite>): Promise<boolean> {
  const rows = await db
    .update(procItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procItems.id, id))
    .returning({ id: procItems.id });
  return rows.length > 0;
}

export async function itemsAfter(db: DbOrTx, afterSku: string | null, limit: number): Promise<ItemRow[]> {
  return itemsFrom(db)
    .where(afterSku === null ? undefined : sql`upper(${procItems.sku}) > upper(${afterSku})`)
    .orderBy(sql`upper(${procItems.sku})`)
    .limit(limit);
}

export async function findCategoryIdsByName(db: DbOrTx, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: procCategories.id, name: procCategories.name })
    .from(procCategories)
    .where(inArray(sql`lower(${procCategories.name})`, [...new Set(names.map((n) => n.toLowerCase()))]));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
