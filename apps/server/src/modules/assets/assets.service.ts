import { randomUUID } from 'node:crypto';
import {
  type AssetCheckout,
  type Borrower,
  type CheckoutFilter,
  type CheckoutSort,
  can,
  type LendableAsset,
  type ReturnCondition,
  type Role,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { actorName, claimUnit, lockUnitInScope, manageScope, releaseUnit } from '../asset-register/index';
import type { EventBus } from '../events/index';
import { assetErrors } from './assets.errors';
import {
  activeVariantsOf,
  type CheckoutRow,
  checkoutExists,
  checkoutListedFor,
  checkoutUnitId,
  countCheckoutRows,
  findAsset,
  findUserFacts,
  findVariant,
  insertCheckout,
  listBorrowerRows,
  listCheckoutRows,
  listLendableRows,
  markReturned,
  restoreProductUnit,
  restoreVariantUnit,
  setServiceFlag,
  takeProductUnit,
  takeVariantUnit,
} from './assets.repository';

/** What the asset services need: the database, the live-update bus and a clock (tests fix it). */
export type AssetDeps = {
  database: { db: Db };
  events: EventBus;
  /** The store's time zone: a unit's safety check is due on a store date (issue #17). */
  config: { storeTimeZone: string };
  /** Defaults to the system clock; `vi.setSystemTime` moves it too. */
  now?: () => Date;
};

/** Who is asking (the signed-in staff member). */
export type Actor = { id: string; role: Role };

const clock = (deps: AssetDeps) => (deps.now ? deps.now() : new Date());

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toCheckout(row: CheckoutRow): AssetCheckout {
  return {
    id: row.id,
    status: row.status,
    productId: row.productId,
    variantId: row.variantId,
    userId: row.userId,
    product: { id: row.productId, name: row.productName, assetType: row.assetType, location: row.location },
    ...(row.assetId ? { asset: { id: row.assetId, assetTag: row.assetTag } } : {}),
    variant: row.variantId && row.variantName !== null ? { id: row.variantId, name: row.variantName } : null,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    checkedOutAt: row.checkedOutAt.toISOString(),
    expectedReturnAt: iso(row.expectedReturnAt),
    returnedAt: iso(row.returnedAt),
    returnCondition: row.returnCondition,
    notes: row.notes,
    returnNotes: row.returnNotes,
  };
}

/** One page of GET /api/asset-checkouts and what the paging headers say. */
export type CheckoutPage = { checkouts: AssetCheckout[]; total: number; nextCursor: string | null };

/**
 * GET /api/asset-checkouts. Lenders ('assets.lend') see every loan; anyone else only their own
 * (a cashier must not read who else borrowed what: the IDOR rule). Paged by a cursor (the last
 * checkout of the previous page), so a loan recorded meanwhile never shifts a later page; the
 * filter applies to every page and `total` counts the whole filtered list.
 */
export async function listCheckouts(
  deps: AssetDeps,
  actor: Actor,
  query: { filter: CheckoutFilter; sort: CheckoutSort; limit: number; cursor?: string | undefined },
): Promise<CheckoutPage> {
  const { db } = deps.database;
  const now = clock(deps);
  const userId = can(actor.role, 'assets.lend') ? undefined : actor.id;
  // A cursor names a loan this reader may list; anything else is a client mistake, not an empty page.
  if (query.cursor && !(await checkoutListedFor(db, query.cursor, userId))) throw assetErrors.unknownCursor();
  const rows = await listCheckoutRows(db, {
    filter: query.filter,
    now,
    userId,
    sort: query.sort,
    cursor: query.cursor,
    // One more than asked tells whether another page follows.
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const total = await countCheckoutRows(db, { filter: query.filter, now, userId });
  return {
    checkouts: page.map(toCheckout),
    total,
    nextCursor: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

async function oneCheckout(deps: AssetDeps, id: string, now: Date): Promise<AssetCheckout> {
  const [row] = await listCheckoutRows(deps.database.db, { filter: 'all', now, id });
  if (!row) throw assetErrors.checkoutNotFound();
  return toCheckout(row);
}

function checkLendable(asset: { name: string; isActive: boolean; assetType: string; isCheckoutRequired: boolean }) {
  if (!asset.isActive || !asset.isCheckoutRequired || asset.assetType === 'regular') {
    throw assetErrors.notLendable(asset.name);
  }
}

/**
 * POST /api/asset-checkouts. In one transaction: the borrower and the asset are checked, one unit
 * is taken with a conditional update (`stock >= 1`, so two loans of the last unit cannot both
 * succeed) and the loan is inserted. A refused request changes nothing.
 */
export async function checkOut(
  deps: AssetDeps,
  actor: Actor,
  input: {
    productId?: string | undefined;
    variantId?: string | null | undefined;
    assetId?: string | null | undefined;
    locationId?: string | null | undefined;
    userId: string;
    expectedReturnAt?: string | null | undefined;
    notes: string | null;
  },
): Promise<AssetCheckout> {
  const { db } = deps.database;
  const now = clock(deps);
  if (input.assetId) return checkOutUnit(deps, actor, { ...input, assetId: input.assetId });
  const productId = input.productId as string;
  const id = await db.transaction(async (tx) => {
    const borrower = await findUserFacts(tx, input.userId);
    if (!borrower) throw assetErrors.borrowerNotFound();
    if (!borrower.isActive) throw assetErrors.borrowerInactive();

    const asset = await findAsset(tx, productId);
    if (!asset) throw assetErrors.assetNotFound();
    checkLendable(asset);
    if (asset.serviceFlag) throw assetErrors.flagged(asset.name, asset.serviceFlag);

    let variantId: string | null = null;
    if (input.variantId) {
      const variant = await findVariant(tx, input.variantId);
      if (!variant || variant.productId !== asset.id || !variant.isActive) throw assetErrors.variantNotFound();
      variantId = variant.id;
    } else if ((await activeVariantsOf(tx, asset.id)).length > 0) {
      throw assetErrors.variantRequired(asset.name);
    }

    const checkoutId = randomUUID();
    const movement = { checkoutId, userId: actor.id };
    const taken = variantId
      ? await takeVariantUnit(tx, asset.id, variantId, movement)
      : await takeProductUnit(tx, asset.id, movement);
    if (!taken) {
      // Tell why: the asset may have been flagged or deactivated since it was read.
      const fresh = await findAsset(tx, asset.id);
      if (!fresh) throw assetErrors.assetNotFound();
      checkLendable(fresh);
      if (fresh.serviceFlag) throw assetErrors.flagged(fresh.name, fresh.serviceFlag);
      throw assetErrors.noUnits(asset.name);
    }
    return insertCheckout(tx, {
      id: checkoutId,
      productId: asset.id,
      variantId,
      userId: borrower.id,
      checkedOutAt: now,
      expectedReturnAt: input.expectedReturnAt ? new Date(input.expectedReturnAt) : null,
      notes: input.notes,
      checkedOutBy: actor.id,
    });
  });
  await deps.events.publish('checkout.changed', [id]);
  await deps.events.publish('stock.changed', [productId]);
  return oneCheckout(deps, id, now);
}

/**
 * Issue #17: lending one registered unit. The borrower is checked as for any loan; the unit is
 * claimed by one conditional UPDATE (custodian and location move together, or the lender hears
 * why not: lent, in maintenance, failed or overdue safety check, written off); the loan row
 * belongs to the unit. No POS stock moves: the unit is not a shop product.
 */
async function checkOutUnit(
  deps: AssetDeps,
  actor: Actor,
  input: {
    assetId: string;
    locationId?: string | null | undefined;
    userId: string;
    expectedReturnAt?: string | null | undefined;
    notes: string | null;
  },
): Promise<AssetCheckout> {
  const now = clock(deps);
  // Issue #30 item 7: read before the transaction (PGlite has one connection).
  const scope = await manageScope(deps, actor);
  const id = await deps.database.db.transaction(async (tx) => {
    const borrower = await findUserFacts(tx, input.userId);
    if (!borrower) throw assetErrors.borrowerNotFound();
    if (!borrower.isActive) throw assetErrors.borrowerInactive();
    const checkoutId = randomUUID();
    const claimed = await claimUnit({ ...deps, now: () => now }, tx, {
      assetId: input.assetId,
      scope,
      borrowerId: borrower.id,
      borrowerName: await actorName(tx, borrower.id),
      locationId: input.locationId ?? null,
      actorId: actor.id,
      checkoutId,
    });
    return insertCheckout(tx, {
      id: checkoutId,
      productId: null,
      variantId: null,
      assetId: input.assetId,
      fromLocationId: claimed.fromLocationId,
      userId: borrower.id,
      checkedOutAt: now,
      expectedReturnAt: input.expectedReturnAt ? new Date(input.expectedReturnAt) : null,
      notes: input.notes,
      checkedOutBy: actor.id,
    }).catch((error) => {
      // The one-open-loan-per-unit index: another checkout of this unit won.
      if (pgErrorCode(error) === '23505') throw assetErrors.unitTaken();
      throw error;
    });
  });
  await deps.events.publish('checkout.changed', [id]);
  await deps.events.publish('asset.changed', [input.assetId]);
  return oneCheckout(deps, id, now);
}

/**
 * POST /api/asset-checkouts/:id/return. The loan is closed only if still open (a second return,
 * even a simultaneous one, is refused), its unit goes back to stock, and a damaged or
 * needs-maintenance return flags the asset so it is not lent again until cleared.
 */
export async function returnAsset(
  deps: AssetDeps,
  actor: Actor,
  id: string,
  input: { returnCondition: ReturnCondition; notes: string | null; locationId?: string | null | undefined },
): Promise<AssetCheckout> {
  const { db } = deps.database;
  const now = clock(deps);
  let unitId: string | null = null;
  const scope = await manageScope(deps, actor);
  const productId = await db.transaction(async (tx) => {
    // Issue #30 item 7: a unit's loan is taken back only within the lender's scope; another
    // department's is not found (nothing is closed), as reading the unit is.
    const lentUnit = await checkoutUnitId(tx, id);
    if (lentUnit && !(await lockUnitInScope(tx, lentUnit, scope))) throw assetErrors.checkoutNotFound();
    const closed = await markReturned(tx, id, {
      returnedAt: now,
      returnCondition: input.returnCondition,
      returnNotes: input.notes,
      returnedBy: actor.id,
    });
    if (!closed) {
      if (await checkoutExists(tx, id)) throw assetErrors.alreadyReturned();
      throw assetErrors.checkoutNotFound();
    }
    if (closed.assetId) {
      // Issue #17: a registered unit goes back (custodian cleared, location restored, condition
      // recorded); a damaged or needs-maintenance return opens a corrective job.
      unitId = closed.assetId;
      await releaseUnit({ ...deps, now: () => now }, tx, {
        assetId: closed.assetId,
        locationId: input.locationId ?? closed.fromLocationId,
        condition: input.returnCondition,
        notes: input.notes,
        actorId: actor.id,
        checkoutId: id,
      });
      return null;
    }
    if (!closed.productId) return null;
    // A deleted size option nulls the loan's variantId; then the unit goes back to the product.
    const movement = { checkoutId: id, userId: actor.id };
    const restored = closed.variantId
      ? await restoreVariantUnit(tx, closed.productId, closed.variantId, movement)
      : false;
    if (!restored) await restoreProductUnit(tx, closed.productId, movement);
    if (input.returnCondition !== 'good') await setServiceFlag(tx, closed.productId, input.returnCondition, now);
    return closed.productId;
  });
  await deps.events.publish('checkout.changed', [id]);
  if (unitId) await deps.events.publish('asset.changed', [unitId]);
  if (productId) {
    await deps.events.publish('stock.changed', [productId]);
    if (input.returnCondition !== 'good') await deps.events.publish('product.changed', [productId]);
  }
  return oneCheckout(deps, id, now);
}

/** POST /api/products/:id/service-flag/clear: puts a flagged asset back in service. */
export async function clearServiceFlag(
  deps: AssetDeps,
  productId: string,
): Promise<{ id: string; name: string; serviceFlag: null; message: string }> {
  const { db } = deps.database;
  const asset = await findAsset(db, productId);
  if (!asset) throw assetErrors.assetNotFound();
  if (!asset.serviceFlag) throw assetErrors.notFlagged(asset.name);
  await setServiceFlag(db, productId, null, null);
  await deps.events.publish('product.changed', [productId]);
  // The lendable-asset list lives under /api/asset-checkouts.
  await deps.events.publish('checkout.changed');
  return { id: asset.id, name: asset.name, serviceFlag: null, message: `${asset.name} is back in service.` };
}

export async function listBorrowers(deps: AssetDeps): Promise<Borrower[]> {
  return listBorrowerRows(deps.database.db);
}

export async function listLendableAssets(deps: AssetDeps): Promise<LendableAsset[]> {
  const rows = await listLendableRows(deps.database.db);
  return rows.map((row) => ({ ...row, serviceFlaggedAt: iso(row.serviceFlaggedAt) }));
}
