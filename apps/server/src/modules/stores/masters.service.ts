import {
  type Item,
  type ItemBody,
  type ItemPage,
  type Location,
  type LocationBody,
  milliToQuantity,
  type ProcCategory,
  type ProcCategoryBody,
  type ProcSubcategoryBody,
  type Supplier,
  type SupplierBody,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { EventBus } from '../events/index';
import {
  departmentExists,
  findCategory,
  findCategoryByName,
  findItem,
  findItemByPosProduct,
  findItemBySku,
  findLocation,
  findLocationByCode,
  findSubcategory,
  findSubcategoryByName,
  findSupplier,
  findSupplierByName,
  type ItemFilter,
  type ItemRow,
  type ItemWrite,
  insertCategory,
  insertItem,
  insertLocation,
  insertSubcategory,
  insertSupplier,
  type LocationRow,
  listCategories,
  listItems,
  listLocations,
  listSubcategories,
  listSuppliers,
  locationHoldsStock,
  type MasterStatusFilter,
  posProductActive,
  releaseDatabaseMadeItem,
  type SupplierRow,
  updateCategory,
  updateItem,
  updateLocation,
  updateSubcategory,
  updateSupplier,
} from './masters.repository';
import { storesErrors } from './stores.errors';

/** What the stores services need from the app. */
export type StoresDeps = { database: { db: Db }; events: EventBus };

const iso = (d: Date) => d.toISOString();

export function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    notes: row.notes,
    isArchived: row.isArchived,
    createdAt: iso(row.createdAt),
  };
}

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    building: row.building,
    floor: row.floor,
    room: row.room,
    isSelling: row.isSelling,
    isArchived: row.isArchived,
    createdAt: iso(row.createdAt),
  };
}

export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    subcategoryId: row.subcategoryId,
    subcategoryName: row.subcategoryName,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    isAsset: row.isAsset,
    uom: row.uom,
    barcode: row.barcode,
    minReorderQty: row.minReorderQty,
    reorderPoint: row.reorderPoint,
    warrantyMonths: row.warrantyMonths,
    serviceIntervalDays: row.serviceIntervalDays,
    expectedLifespanMonths: row.expectedLifespanMonths,
    posProductId: row.posProductId,
    posProductName: row.posProductName,
    posProductSku: row.posProductSku,
    onHandQty: row.onHandQty,
    isArchived: row.isArchived,
    createdAt: iso(row.createdAt),
  };
}

/** Runs a write; a unique violation that slipped past the check (a concurrent save) becomes `clash()`. */
async function uniqueGuard<T>(write: () => Promise<T>, clash: () => Promise<Error>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw await clash();
    throw error;
  }
}

// ---- Suppliers ----

export async function suppliers(
  deps: StoresDeps,
  filter: { search?: string | undefined; status: MasterStatusFilter },
): Promise<Supplier[]> {
  return (await listSuppliers(deps.database.db, filter)).map(toSupplier);
}

export async function supplierById(deps: StoresDeps, id: string): Promise<Supplier> {
  const row = await findSupplier(deps.database.db, id);
  if (!row) throw storesErrors.supplierNotFound();
  return toSupplier(row);
}

async function supplierClash(db: DbOrTx, body: SupplierBody, exceptId: string | null): Promise<Error | null> {
  const other = await findSupplierByName(db, body.name);
  return other && other.id !== exceptId ? storesErrors.supplierNameTaken(other.name) : null;
}

export async function saveSupplier(deps: StoresDeps, id: string | null, body: SupplierBody): Promise<Supplier> {
  const savedId = await writeSupplier(deps.database.db, id, body);
  await deps.events.publish('stores.masters.changed', [savedId]);
  return supplierById(deps, savedId);
}

/** Checks and writes a supplier (the form and the CSV import); its id. */
export async function writeSupplier(db: DbOrTx, id: string | null, body: SupplierBody): Promise<string> {
  if (id && !(await findSupplier(db, id))) throw storesErrors.supplierNotFound();
  const clash = await supplierClash(db, body, id);
  if (clash) throw clash;
  const savedId = await uniqueGuard(
    async () => {
      if (id) {
        await updateSupplier(db, id, body);
        return id;
      }
      return insertSupplier(db, body);
    },
    async () => (await supplierClash(db, body, id)) ?? storesErrors.supplierNameTaken(body.name),
  );
  return savedId;
}

export async function setSupplierArchived(deps: StoresDeps, id: string, archived: boolean): Promise<Supplier> {
  const { db } = deps.database;
  const row = await findSupplier(db, id);
  if (!row) throw storesErrors.supplierNotFound();
  if (row.isArchived === archived) {
    throw archived
      ? storesErrors.alreadyArchived(`Supplier "${row.name}"`)
      : storesErrors.notArchived(`Supplier "${row.name}"`);
  }
  await updateSupplier(db, id, { isArchived: archived });
  await deps.events.publish('stores.masters.changed', [id]);
  return supplierById(deps, id);
}

// ---- Locations ----

export async function locations(
  deps: StoresDeps,
  filter: { search?: string | undefined; status: MasterStatusFilter; departmentId?: string | undefined },
): Promise<Location[]> {
  return (await listLocations(deps.database.db, filter)).map(toLocation);
}

export async function locationById(deps: StoresDeps, id: string): Promise<Location> {
  const row = await findLocation(deps.database.db, id);
  if (!row) throw storesErrors.locationNotFound();
  return toLocation(row);
}

async function locationClash(db: DbOrTx, code: string, exceptId: string | null): Promise<Error | null> {
  const other = await findLocationByCode(db, code);
  return other && other.id !== exceptId ? storesErrors.locationCodeTaken(other.code) : null;
}

export async function checkDepartment(db: DbOrTx, departmentId: string | null, field = 'departmentId') {
  if (departmentId && !(await departmentExists(db, departmentId))) {
    throw storesErrors.unknownReference(field, 'Department not found');
  }
}

export async function saveLocation(deps: StoresDeps, id: string | null, body: LocationBody): Promise<Location> {
  const savedId = await writeLocation(deps.database.db, id, body);
  await deps.events.publish('stores.masters.changed', [savedId]);
  return locationById(deps, savedId);
}

/** Checks and writes a location (the form and the CSV import); its id. */
export async function writeLocation(db: DbOrTx, id: string | null, body: LocationBody): Promise<string> {
  if (id && !(await findLocation(db, id))) throw storesErrors.locationNotFound();
  await checkDepartment(db, body.departmentId);
  const clash = await locationClash(db, body.code, id);
  if (clash) throw clash;
  const savedId = await uniqueGuard(
    async () => {
      if (id) {
        await updateLocation(db, id, body);
        return id;
      }
      return insertLocation(db, body);
    },
    async () => (await locationClash(db, body.code, id)) ?? storesErrors.locationCodeTaken(body.code),
  );
  return savedId;
}

export async function setLocationArchived(deps: StoresDeps, id: string, archived: boolean): Promise<Location> {
  const { db } = deps.database;
  const row = await findLocation(db, id);
  if (!row) throw storesErrors.locationNotFound();
  if (row.isArchived === archived) {
    throw archived
      ? storesErrors.alreadyArchived(`Location ${row.code}`)
      : storesErrors.notArchived(`Location ${row.code}`);
  }
  if (archived && (await locationHoldsStock(db, id))) throw storesErrors.locationHoldsStock(row.code);
  await updateLocation(db, id, { isArchived: archived });
  await deps.events.publish('stores.masters.changed', [id]);
  return locationById(deps, id);
}

// ---- Categories ----

/**
 * Categories with their subcategories; `search` keeps those whose name or a subcategory's name
 * contains it, ignoring case (a few hundred rows: filtered here).
 */
export async function categories(
  deps: StoresDeps,
  status: MasterStatusFilter,
  search?: string | undefined,
): Promise<ProcCategory[]> {
  const { db } = deps.database;
  const [cats, subs] = await Promise.all([listCategories(db, status), listSubcategories(db, status)]);
  const term = search?.trim().toLowerCase();
  const all = cats.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    isArchived: c.isArchived,
    subcategories: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        id: s.id,
        categoryId: s.categoryId,
        name: s.name,
        description: s.description,
        departmentId: s.departmentId,
        isArchived: s.isArchived,
      })),
  }));
  if (!term) return all;
  return all.filter(
    (c) => c.name.toLowerCase().includes(term) || c.subcategories.some((s) => s.name.toLowerCase().includes(term)),
  );
}

async function categoryOut(deps: StoresDeps, id: string): Promise<ProcCategory> {
  const found = (await categories(deps, 'all')).find((c) => c.id === id);
  if (!found) throw storesErrors.categoryNotFound();
  return found;
}

export async function saveCategory(deps: StoresDeps, id: string | null, body: ProcCategoryBody): Promise<ProcCategory> {
  const savedId = await writeCategory(deps.database.db, id, body);
  await deps.events.publish('stores.masters.changed', [savedId]);
  return categoryOut(deps, savedId);
}

/** Checks and writes a category (the form and the CSV import); its id. */
export async function writeCategory(db: DbOrTx, id: string | null, body: ProcCategoryBody): Promise<string> {
  if (id && !(await findCategory(db, id))) throw storesErrors.categoryNotFound();
  const clash = async () => {
    const other = await findCategoryByName(db, body.name);
    return other && other.id !== id ? storesErrors.categoryNameTaken(other.name) : null;
  };
  const found = await clash();
  if (found) throw found;
  return uniqueGuard(
    async () => {
      if (id) {
        await updateCategory(db, id, body);
        return id;
      }
      return insertCategory(db, body);
    },
    async () => (await clash()) ?? storesErrors.categoryNameTaken(body.name),
  );
}

export async function setCategoryArchived(deps: StoresDeps, id: string, archived: boolean): Promise<ProcCategory> {
  const { db } = deps.database;
  const row = await findCategory(db, id);
  if (!row) throw storesErrors.categoryNotFound();
  if (row.isArchived === archived) {
    throw archived
      ? storesErrors.alreadyArchived(`Category "${row.name}"`)
      : storesErrors.notArchived(`Category "${row.name}"`);
  }
  await updateCategory(db, id, { isArchived: archived });
  await deps.events.publish('stores.masters.changed', [id]);
  return categoryOut(deps, id);
}

export async function saveSubcategory(
  deps: StoresDeps,
  target: { categoryId: string } | { id: string },
  body: ProcSubcategoryBody,
): Promise<ProcCategory> {
  const { categoryId } = await writeSubcategory(deps.database.db, target, body);
  await deps.events.publish('stores.masters.changed', [categoryId]);
  return categoryOut(deps, categoryId);
}

/**
 * Checks and writes a subcategory (the form and the CSV import): a new one under `categoryId`, or
 * the one with `id`. Its id and its category's.
 */
export async function writeSubcategory(
  db: DbOrTx,
  target: { categoryId: string } | { id: string },
  body: ProcSubcategoryBody,
): Promise<{ id: string; categoryId: string }> {
  let categoryId: string;
  let id: string | null = null;
  if ('id' in target) {
    const existing = await findSubcategory(db, target.id);
    if (!existing) throw storesErrors.subcategoryNotFound();
    categoryId = existing.categoryId;
    id = existing.id;
  } else {
    if (!(await findCategory(db, target.categoryId))) throw storesErrors.categoryNotFound();
    categoryId = target.categoryId;
  }
  await checkDepartment(db, body.departmentId);
  const clash = async () => {
    const other = await findSubcategoryByName(db, categoryId, body.name);
    return other && other.id !== id ? storesErrors.subcategoryNameTaken(other.name) : null;
  };
  const found = await clash();
  if (found) throw found;
  const savedId = await uniqueGuard(
    async () => {
      if (id) {
        await updateSubcategory(db, id, body);
        return id;
      }
      return insertSubcategory(db, { ...body, categoryId });
    },
    async () => (await clash()) ?? storesErrors.subcategoryNameTaken(body.name),
  );
  return { id: savedId, categoryId };
}

export async function setSubcategoryArchived(deps: StoresDeps, id: string, archived: boolean): Promise<ProcCategory> {
  const { db } = deps.database;
  const row = await findSubcategory(db, id);
  if (!row) throw storesErrors.subcategoryNotFound();
  if (row.isArchived === archived) {
    throw archived
      ? storesErrors.alreadyArchived(`Subcategory "${row.name}"`)
      : storesErrors.notArchived(`Subcategory "${row.name}"`);
  }
  await updateSubcategory(db, id, { isArchived: archived });
  await deps.events.publish('stores.masters.changed', [row.categoryId]);
  return categoryOut(deps, row.categoryId);
}

// ---- Items ----

export async function items(
  deps: StoresDeps,
  filter: ItemFilter,
  page: { page: number; pageSize: number },
): Promise<ItemPage> {
  const { rows, total } = await listItems(deps.database.db, filter, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return { items: rows.map(toItem), total, page: page.page, pageSize: page.pageSize };
}

export async function itemById(deps: StoresDeps, id: string): Promise<Item> {
  const row = await findItem(deps.database.db, id);
  if (!row) throw storesErrors.itemNotFound();
  return toItem(row);
}

/**
 * The references an item names exist, its subcategory belongs to its category, its POS product
 * exists, is sold (or was already linked) and is linked to no other item.
 */
export async function checkItemReferences(db: DbOrTx, body: ItemBody, exceptId: string | null): Promise<void> {
  if (body.categoryId && !(await findCategory(db, body.categoryId))) {
    throw storesErrors.unknownReference('categoryId', 'Category not found');
  }
  if (body.subcategoryId) {
    const sub = await findSubcategory(db, body.subcategoryId);
    if (!sub) throw storesErrors.unknownReference('subcategoryId', 'Subcategory not found');
    if (sub.categoryId !== body.categoryId) {
      throw storesErrors.unknownReference('subcategoryId', 'The subcategory belongs to another category');
    }
  }
  await checkDepartment(db, body.departmentId);
  if (body.posProductId) {
    const active = await posProductActive(db, body.posProductId);
    if (active === null) throw storesErrors.unknownReference('posProductId', 'POS product not found');
    // A product taken off sale keeps the items already linked to it, but takes no new link.
    if (!active && (exceptId === null || (await findItem(db, exceptId))?.posProductId !== body.posProductId)) {
      throw storesErrors.unknownReference('posProductId', 'That POS product is no longer sold');
    }
    const linked = await findItemByPosProduct(db, body.posProductId);
    if (linked && linked.id !== exceptId) throw storesErrors.posProductTaken(linked.sku);
  }
}

export function itemWrite(body: ItemBody): ItemWrite {
  return {
    ...body,
    minReorderQty: milliToQuantity(body.minReorderQty),
    reorderPoint: milliToQuantity(body.reorderPoint),
  };
}

async function itemClash(db: DbOrTx, body: ItemBody, exceptId: string | null): Promise<Error | null> {
  const other = await findItemBySku(db, body.sku);
  if (other && other.id !== exceptId) return storesErrors.skuTaken(other.sku);
  if (body.posProductId) {
    const linked = await findItemByPosProduct(db, body.posProductId);
    if (linked && linked.id !== exceptId) return storesErrors.posProductTaken(linked.sku);
  }
  return null;
}

export async function saveItem(deps: StoresDeps, id: string | null, body: ItemBody): Promise<Item> {
  const savedId = await writeItem(deps.database.db, id, body);
  await deps.events.publish('stores.masters.changed', [savedId]);
  return itemById(deps, savedId);
}

/** Checks and writes an item (the form and the CSV import); its id. */
export async function writeItem(outer: DbOrTx, id: string | null, body: ItemBody): Promise<string> {
  // One transaction: the product's database-made item gives way only when this item takes the link.
  return outer.transaction(async (db) => {
    if (id && !(await findItem(db, id))) throw storesErrors.itemNotFound();
    if (body.posProductId) await releasePosItem(db, body.posProductId, id);
    return writeItemChecked(db, id, body);
  });
}

async function writeItemChecked(db: DbOrTx, id: string | null, body: ItemBody): Promise<string> {
  await checkItemReferences(db, body, id);
  const clash = await itemClash(db, body, id);
  if (clash) throw clash;
  const values = itemWrite(body);
  const savedId = await uniqueGuard(
    // A savepoint: after a unique violation the clash is still read in this transaction.
    () =>
      db.transaction(async (sp) => {
        if (id) {
          await updateItem(sp, id, values);
          return id;
        }
        return insertItem(sp, values);
      }),
    async () => (await itemClash(db, body, id)) ?? storesErrors.skuTaken(body.sku),
  );
  return savedId;
}

/**
 * ADR 0025: a product's item made by the database gives way when a stores user links another item
 * to the product, as long as nothing references it yet (no stock, history or documents); otherwise
 * it stays and the link is refused as taken.
 */
async function releasePosItem(db: DbOrTx, productId: string, exceptId: string | null): Promise<void> {
  const linked = await findItemByPosProduct(db, productId);
  if (!linked || linked.id === exceptId) return;
  await releaseDatabaseMadeItem(db, linked.id);
}

export async function setItemArchived(deps: StoresDeps, id: string, archived: boolean): Promise<Item> {
  const { db } = deps.database;
  const row = await findItem(db, id);
  if (!row) throw storesErrors.itemNotFound();
  if (row.isArchived === archived) {
    throw archived ? storesErrors.alreadyArchived(`Item ${row.sku}`) : storesErrors.notArchived(`Item ${row.sku}`);
  }
  await updateItem(db, id, { isArchived: archived });
  await deps.events.publish('stores.masters.changed', [id]);
  return itemById(deps, id);
}
