import {
  ALL_STORES,
  centsToDecimal,
  mayBeLimitedToStores,
  type ProductStore,
  parseCents,
  RETAIL_STORE_MESSAGES,
  type RetailStore,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import {
  bindTerminalRow,
  catalogueStoreFacts,
  existingStoreIds,
  findStoreRow,
  insertStore,
  listStoreRows,
  locationExists,
  productExists,
  productStoreRows,
  replaceUserStores,
  type StoreRow,
  sellableStoreIds,
  shiftStoreFacts,
  storePricesIncludeTaxRow,
  storesByIds,
  terminalStoreId,
  tillStoreRefusingUser,
  updateStorePricesIncludeTax,
  updateStoreRow,
  upsertProductStore,
  userExists,
  userStoreIds,
} from './retail-stores.repository';

export const retailStoreErrors = {
  notFound: () => notFound('Store', 'stores.store_not_found'),
  codeTaken: (code: string) => conflict('stores.code_taken', RETAIL_STORE_MESSAGES.codeTaken(code)),
  locationUnknown: () =>
    badRequest('validation', RETAIL_STORE_MESSAGES.locationUnknown, {
      sellingLocationId: RETAIL_STORE_MESSAGES.locationUnknown,
    }),
  locationRequired: () =>
    badRequest('validation', RETAIL_STORE_MESSAGES.locationRequired, {
      sellingLocationId: RETAIL_STORE_MESSAGES.locationRequired,
    }),
  storeArchived: () =>
    badRequest('validation', RETAIL_STORE_MESSAGES.storeArchived, { storeId: RETAIL_STORE_MESSAGES.storeArchived }),
  storeUnknown: (field = 'storeId') =>
    badRequest('validation', RETAIL_STORE_MESSAGES.storeUnknown, { [field]: RETAIL_STORE_MESSAGES.storeUnknown }),
  chooseStore: () =>
    badRequest('pos.store_required', RETAIL_STORE_MESSAGES.chooseStore, { storeId: RETAIL_STORE_MESSAGES.chooseStore }),
  notYourStore: () => new AppError(403, 'pos.store_not_allowed', RETAIL_STORE_MESSAGES.notYourStore),
  notYourStoreFigures: () => new AppError(403, 'stores.store_not_allowed', RETAIL_STORE_MESSAGES.notYourStoreFigures),
  notOnThisTill: (store: string) =>
    new AppError(403, 'auth.store_not_allowed', RETAIL_STORE_MESSAGES.notOnThisTill(store)),
};

/**
 * Issue #32: a store something is done at (an expense, a shift, a stock change) must exist and be
 * open: 400 on `storeId` otherwise.
 */
export async function checkOpenStore(db: DbOrTx, storeId: string): Promise<void> {
  const [store] = await storesByIds(db, [storeId]);
  if (!store) throw retailStoreErrors.storeUnknown();
  if (store.isArchived) throw retailStoreErrors.storeArchived();
}

/** Issue #32: a store a read names must exist (400 on `storeId`); a closed one is readable. */
export async function checkStoreExists(db: DbOrTx, storeId: string): Promise<void> {
  if ((await existingStoreIds(db, [storeId])).length === 0) throw retailStoreErrors.storeUnknown();
}

/**
 * Issue #32: the stores whose figures (dashboard, reports, exports) a reader may read. `undefined`
 * is every store; a list is only those. Managers and super admins are never limited; a user with
 * no `user_stores` rows neither. A store asked for (`?storeId=`) outside the reader's stores: 403.
 */
export async function readableStores(
  db: DbOrTx,
  reader: { id: string; role: string },
  requested: string | undefined,
): Promise<string[] | undefined> {
  const allowed = mayBeLimitedToStores(reader.role) ? await sellableStoreIds(db, reader.id) : [];
  if (requested) {
    if (allowed.length > 0 && !allowed.includes(requested)) throw retailStoreErrors.notYourStoreFigures();
    return [requested];
  }
  return allowed.length > 0 ? allowed : undefined;
}

/**
 * Issue #32: what an export's file name says of its stores: '' for every store (and on a
 * one-store installation), else `-CODE` (several codes joined by '-'), e.g. sales-2026-11-29-LIB.csv.
 */
export async function storeFileTag(db: DbOrTx, storeIds: readonly string[] | undefined): Promise<string> {
  if (!storeIds || storeIds.length === 0) return '';
  const rows = await listStoreRows(db);
  if (rows.filter((r) => !r.isArchived).length <= 1) return '';
  const codes = rows.filter((r) => storeIds.includes(r.id)).map((r) => r.code.replace(/[^A-Za-z0-9_-]/g, ''));
  return codes.length > 0 ? `-${codes.join('-')}` : '';
}

/**
 * Issue #32: the store of the till a sign-in happens at, when the user may not sell there (else
 * null). The till is the `terminalId` the browser sends, else a till bound on this device cookie.
 */
export async function tillRefusingUser(
  db: DbOrTx,
  userId: string,
  till: { terminalId: string | null; deviceId: string | null },
): Promise<string | null> {
  return tillStoreRefusingUser(db, userId, till.terminalId, till.deviceId);
}

function toStore(row: StoreRow): RetailStore {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    sellingLocationId: row.sellingLocationId,
    sellingLocationName: row.sellingLocationName,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/stores: every store, the installation's first (default) store first, then by name. */
export async function listStores(db: Db): Promise<RetailStore[]> {
  return (await listStoreRows(db)).map(toStore);
}

async function checkLocation(db: DbOrTx, id: string | null | undefined): Promise<void> {
  if (id && !(await locationExists(db, id))) throw retailStoreErrors.locationUnknown();
}

/**
 * GET /api/stores/mine (issue #32 item 2): the open stores the caller may start a shift at, for the
 * Start Shift picker: their stores when limited, else every open store.
 */
export async function storesICanSellAt(db: Db, userId: string): Promise<RetailStore[]> {
  const allowed = await sellableStoreIds(db, userId);
  const open = (await listStoreRows(db)).filter((s) => !s.isArchived);
  return (allowed.length === 0 ? open : open.filter((s) => allowed.includes(s.id))).map(toStore);
}

/** POST /api/stores: codes are unique (409, also when two saves race: the unique index decides). */
export async function createStore(
  db: Db,
  body: { name: string; code: string; sellingLocationId?: string | null },
): Promise<RetailStore> {
  await checkLocation(db, body.sellingLocationId);
  try {
    const id = await insertStore(db, {
      name: body.name,
      code: body.code,
      sellingLocationId: body.sellingLocationId ?? null,
    });
    return toStore((await findStoreRow(db, id)) as StoreRow);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw retailStoreErrors.codeTaken(body.code);
    throw error;
  }
}

/** PATCH /api/stores/:id: rename, recode, change the selling location. */
export async function updateStore(
  db: Db,
  id: string,
  body: { name?: string; code?: string; sellingLocationId?: string | null; isArchived?: boolean },
): Promise<RetailStore> {
  await checkLocation(db, body.sellingLocationId);
  if (body.sellingLocationId === null) throw retailStoreErrors.locationRequired();
  const values: { name?: string; code?: string; sellingLocationId?: string; isArchived?: boolean } = {};
  if (body.isArchived !== undefined) values.isArchived = body.isArchived;
  if (body.name !== undefined) values.name = body.name;
  if (body.code !== undefined) values.code = body.code;
  if (body.sellingLocationId !== undefined) values.sellingLocationId = body.sellingLocationId;
  try {
    if (!(await updateStoreRow(db, id, values))) throw retailStoreErrors.notFound();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw retailStoreErrors.codeTaken(body.code ?? '');
    throw error;
  }
  return toStore((await findStoreRow(db, id)) as StoreRow);
}

/**
 * Issue #32 item 2: the store a new shift sells at. The store asked for, else the terminal's, else
 * the user's only store, else the installation's only store; a user limited to some stores may
 * start a shift only at one of them (403). With several possible stores and none chosen: 400.
 */
export async function storeForNewShift(
  db: DbOrTx,
  userId: string,
  requested: string | null | undefined,
  terminalId: string | null | undefined,
): Promise<string> {
  const facts = await shiftStoreFacts(db, userId, terminalId ?? null);
  const mayUse = (storeId: string) => facts.allowed.length === 0 || facts.allowed.includes(storeId);
  if (requested) {
    await checkOpenStore(db, requested);
    if (!mayUse(requested)) throw retailStoreErrors.notYourStore();
    return requested;
  }
  if (facts.terminalStoreId) {
    if (!mayUse(facts.terminalStoreId)) throw retailStoreErrors.notYourStore();
    return facts.terminalStoreId;
  }
  if (facts.allowed.length === 1) return facts.allowed[0] as string;
  if (facts.storeCount <= 1) return facts.defaultStoreId;
  throw retailStoreErrors.chooseStore();
}

/**
 * Issue #32: the store a back-office stock change (the product form, an adjustment or count, the
 * CSV import) acts at: the one named, if it exists (400), is open (400) and the caller may act
 * there (403: a user limited to some stores; managers and super admins may act at any), else null
 * (the default store's; single-store installs and spec §7 clients send none).
 */
export async function storeForStockChange(
  db: DbOrTx,
  userId: string,
  requested: string | null | undefined,
): Promise<string | null> {
  if (!requested) return null;
  await checkOpenStore(db, requested);
  const allowed = await sellableStoreIds(db, userId);
  if (allowed.length > 0 && !allowed.includes(requested)) throw retailStoreErrors.notYourStore();
  return requested;
}

/** PUT /api/terminals/:id/store: a manager binds this till (by its terminal id) to a store, or unbinds it. */
export async function bindTerminal(
  db: Db,
  values: { terminalId: string; storeId: string | null; userId: string; deviceId: string | null },
): Promise<{ terminalId: string; storeId: string | null }> {
  if (values.storeId && (await existingStoreIds(db, [values.storeId])).length === 0) {
    throw retailStoreErrors.storeUnknown();
  }
  const terminalId = values.terminalId.toLowerCase();
  await bindTerminalRow(db, { ...values, terminalId });
  return { terminalId, storeId: values.storeId };
}

export async function terminalStore(db: Db, terminalId: string) {
  const id = terminalId.toLowerCase();
  return { terminalId: id, storeId: await terminalStoreId(db, id) };
}

export async function storesOfUser(db: Db, userId: string) {
  if (!(await userExists(db, userId))) throw notFound('User', 'users.not_found');
  return { userId, storeIds: await userStoreIds(db, userId) };
}

/** PUT /api/users/:id/stores: the stores the user may sell at ([] every store). */
export async function setStoresOfUser(db: Db, userId: string, storeIds: string[]) {
  if (!(await userExists(db, userId))) throw notFound('User', 'users.not_found');
  const unique = [...new Set(storeIds.map((id) => id.toLowerCase()))];
  const known = await existingStoreIds(db, unique);
  if (known.length !== unique.length) throw retailStoreErrors.storeUnknown('storeIds');
  await db.transaction(async (tx) => replaceUserStores(tx, userId, unique));
  return storesOfUser(db, userId);
}

/** PUT /api/products/:id/stores/:storeId: the product's price and availability at one store. */
export async function setProductStore(
  db: Db,
  productId: string,
  storeId: string,
  body: { price?: string | null; isAvailable?: boolean },
): Promise<ProductStore> {
  if (!(await productExists(db, productId))) throw notFound('Product', 'catalog.product_not_found');
  if (!(await findStoreRow(db, storeId))) throw retailStoreErrors.notFound();
  const price =
    body.price === undefined || body.price === null ? body.price : centsToDecimal(parseCents(body.price) ?? 0);
  return upsertProductStore(db, { productId, storeId, price, isAvailable: body.isAvailable });
}

export async function productStores(db: Db, productId: string): Promise<ProductStore[]> {
  if (!(await productExists(db, productId))) throw notFound('Product', 'catalog.product_not_found');
  return productStoreRows(db, productId);
}

/** Whose stock a catalogue read shows: the stock module's StockScope without SQL (so this module needs no import of stock). */
type CatalogueStockScope = string | readonly string[] | null;

/** Where a catalogue read (GET /api/products, one product, its size options) answers at. */
export type CatalogueStore = {
  /** The store whose prices and availability the answer gives; null: the catalogue's own, every product. */
  storeId: string | null;
  /** Whose stock `stock` is: that store's, else the reader's stores together (every store's, unlimited). */
  stock: CatalogueStockScope;
  /** The stores whose figures the reader may see; undefined: every store (issue #32 item 3). */
  readable: string[] | undefined;
};

/**
 * Issue #32 item 2: the store GET /api/products (and a product's size options) answers prices,
 * availability and stock at: the store asked for (`?storeId=`, 400 when unknown), else the caller's
 * open shift's store, else the terminal's store (`?terminalId=`, a till not yet in a shift), else the
 * one store a user limited to a single store sells at, else none (the products' own prices, every
 * product, every store's stock together: a spec §7 client without a shift). `storeId=all` asks
 * for that whatever the caller's shift (the back office's inventory and product form).
 *
 * Issue #32 item 3 (ADR 0024): a reader limited to some stores (`user_stores`; never managers or
 * super admins) sees only their stores' figures, as the figures routes do: another store asked
 * for is 403 "You can't see this store's figures.", "every store together" is their stores
 * together, and a till bound to another store does not make its store theirs.
 */
export async function storeForCatalogue(
  db: DbOrTx,
  reader: { id: string; role: string },
  query: { storeId?: string | undefined; terminalId?: string | undefined },
): Promise<CatalogueStore> {
  const facts = await catalogueStoreFacts(db, {
    askedStoreId: query.storeId === ALL_STORES ? null : (query.storeId ?? null),
    userId: reader.id,
    terminalId: query.terminalId?.toLowerCase() ?? null,
  });
  const allowed = mayBeLimitedToStores(reader.role) ? facts.allowed : [];
  const readable = allowed.length > 0 ? allowed : undefined;
  const mayRead = (storeId: string) => readable === undefined || readable.includes(storeId);
  const together: CatalogueStockScope = readable ?? ALL_STORES;
  if (query.storeId === ALL_STORES) return { storeId: null, stock: together, readable };
  if (query.storeId) {
    if (!facts.asked) throw retailStoreErrors.storeUnknown();
    if (!mayRead(facts.asked)) throw retailStoreErrors.notYourStoreFigures();
    return { storeId: facts.asked, stock: facts.asked, readable };
  }
  // A cashier limited to one store is at that store even before a shift starts (issue #32: the
  // caller's store); anyone else with no shift or till store sees every store (theirs) together.
  const terminalStore = facts.terminalStore && mayRead(facts.terminalStore) ? facts.terminalStore : null;
  const storeId = facts.shiftStore ?? terminalStore ?? (allowed.length === 1 ? (allowed[0] as string) : null);
  return { storeId, stock: storeId ?? together, readable };
}

/**
 * Issue #34 item 2 (ADR 0030): a store's own 'prices include tax', null when it follows the
 * installation's default. An unknown store is 400 on `storeId`.
 */
export async function storePricesIncludeTax(db: DbOrTx, storeId: string): Promise<boolean | null> {
  const value = await storePricesIncludeTaxRow(db, storeId);
  if (value === undefined) throw retailStoreErrors.storeUnknown();
  return value;
}

/** Sets a store's own 'prices include tax' (400 on `storeId` for an unknown store). */
export async function setStorePricesIncludeTax(db: DbOrTx, storeId: string, value: boolean): Promise<void> {
  if (!(await updateStorePricesIncludeTax(db, storeId, value))) throw retailStoreErrors.storeUnknown();
}
