import { Readable } from 'node:stream';
import {
  ASSET_EVENT_LABELS,
  type Asset,
  type AssetBody,
  type AssetDetail,
  type AssetEventKind,
  type AssetPage,
  type AssetPatch,
  type AssetState,
  assetMoneyMessage,
  type InstitutionAnalytics,
  type ReturnCondition,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { parseCsv, toCsv } from '../../lib/csv';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { addDays, localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import { nextYearDocument, storeYear } from '../numbering/index';
import { postInventoryMovement } from '../stores/index';
import { registerErrors } from './asset-register.errors';
import {
  type AssetRow,
  assetRow,
  assetRows,
  claimAsset,
  departmentExists,
  eventRows,
  insertAsset,
  itemFacts,
  itemIdBySku,
  locationFacts,
  locationIdByCode,
  lockAsset,
  receiptUnitRows,
  recordEvent,
  registerFigureRows,
  releaseAsset,
  type Scope,
  serialTaken,
  tagTaken,
  takenTags,
  updateAssetFields,
  userName,
} from './asset-register.repository';
import { clockOf, manageScope, type RegisterDeps, readableAsset, scopeOf, todayOf } from './register-scope';
import { openCorrectiveJob } from './upkeep.service';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export type { RegisterDeps, Scope };

/** The department a new unit of a department manager belongs to: their own, whatever was sent. */
function ownDepartment(scope: Scope, asked: string | null | undefined): string | null | undefined {
  if (scope.departmentId === null) return asked;
  if (asked && asked !== scope.departmentId) throw registerErrors.notYourDepartment();
  return scope.departmentId;
}

/** The unit's state and, when it cannot be lent, why (in the order a lender needs to hear it). */
export function stateOf(row: AssetRow): { state: AssetState; blockedReason: string | null } {
  if (row.disposed_at) return { state: 'written_off', blockedReason: 'it has been written off' };
  if (row.custodian_id) {
    return {
      state: 'checked_out',
      blockedReason: `it is checked out to ${row.custodian_name ?? 'someone'}`,
    };
  }
  if (row.in_maintenance) return { state: 'in_maintenance', blockedReason: 'it is under maintenance' };
  if (row.last_safety === 'failed') {
    return { state: 'blocked', blockedReason: 'its last safety check failed; a passed check is needed' };
  }
  if (row.safety_overdue) return { state: 'blocked', blockedReason: 'a safety check is overdue' };
  if (row.writeoff_approved) return { state: 'blocked', blockedReason: 'its write-off has been approved' };
  return { state: 'available', blockedReason: null };
}

export function toAsset(row: AssetRow): Asset {
  const { state, blockedReason } = stateOf(row);
  return {
    id: row.id,
    assetTag: row.asset_tag,
    serialNumber: row.serial_number,
    itemId: row.item_id,
    itemSku: row.item_sku,
    itemName: row.item_name,
    purchasePrice: row.purchase_price,
    depreciationClass: row.depreciation_class,
    departmentId: row.department_id,
    departmentName: row.department_name,
    locationId: row.location_id,
    locationCode: row.location_code,
    custodianId: row.custodian_id,
    custodianName: row.custodian_name,
    source: row.source,
    notes: row.notes,
    state,
    blockedReason,
    openCheckoutId: row.open_checkout_id,
    nextMaintenanceAt: iso(row.next_maintenance_at),
    nextSafetyCheckDue: row.next_safety_due,
    disposedAt: iso(row.disposed_at),
    createdAt: iso(row.created_at) as string,
  };
}

const tagOf = (row: { asset_tag: string | null; item_name: string }) => row.asset_tag ?? row.item_name;

export async function listAssets(
  deps: RegisterDeps,
  user: AuthUser,
  filter: {
    ids?: string[] | undefined;
    search?: string | undefined;
    itemId?: string | undefined;
    state?: string | undefined;
  },
  page: { page: number; pageSize: number },
): Promise<AssetPage> {
  const rows = await assetRows(deps.database.db, filter, await scopeOf(deps, user), todayOf(deps), {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    assets: rows.map(toAsset),
    total: Number(rows[0]?.total ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function getAsset(deps: RegisterDeps, user: AuthUser, id: string): Promise<AssetDetail> {
  const row = await readableAsset(deps, user, id);
  const events = await eventRows(deps.database.db, id);
  return {
    ...toAsset(row),
    history: events.map((e) => ({
      id: e.id,
      kind: e.kind as AssetEventKind,
      at: iso(e.at) as string,
      userName: e.user_name,
      summary: e.summary,
      refTable: e.ref_table,
      refId: e.ref_id,
    })),
  };
}

/** The unit's history as CSV (issue #17 item 6), oldest first. */
export async function assetHistoryCsv(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
): Promise<{ filename: string; stream: Readable }> {
  const detail = await getAsset(deps, user, id);
  const csv = toCsv(
    [
      { header: 'When', value: (e: AssetDetail['history'][number]) => e.at },
      { header: 'Event', value: (e) => ASSET_EVENT_LABELS[e.kind] ?? e.kind },
      { header: 'Details', value: (e) => e.summary },
      { header: 'By', value: (e) => e.userName ?? '' },
    ],
    detail.history,
  );
  const safeTag = (detail.assetTag ?? detail.id).replace(/[^A-Za-z0-9._-]/g, '_');
  return { filename: `asset-${safeTag}-history.csv`, stream: Readable.from([csv]) };
}

/** The next free generated tag, AST-2026-00001 (a tag typed by hand may already hold a number). */
export async function generateTag(deps: RegisterDeps, tx: DbOrTx): Promise<string> {
  const year = storeYear(deps.config.storeTimeZone, clockOf(deps));
  for (;;) {
    const tag = await nextYearDocument(tx, 'AST', year);
    if (!(await tagTaken(tx, tag))) return tag;
  }
}

async function checkReferences(
  db: DbOrTx,
  body: { departmentId?: string | null; locationId?: string | null },
): Promise<{ locationDepartmentId: string | null; locationCode: string | null }> {
  if (body.departmentId && !(await departmentExists(db, body.departmentId))) {
    throw registerErrors.field('departmentId', 'Unknown department');
  }
  if (body.locationId) {
    const location = await locationFacts(db, body.locationId);
    if (!location) throw registerErrors.field('locationId', 'Unknown location');
    return { locationDepartmentId: location.department_id, locationCode: location.code };
  }
  return { locationDepartmentId: null, locationCode: null };
}

function translateUnique(error: unknown, tag: string, serial: string | null): never {
  if (pgErrorCode(error) === '23505') {
    const message = String((error as { message?: string }).message ?? '');
    if (message.includes('serial') && serial) throw registerErrors.serialTaken(serial);
    throw registerErrors.tagTaken(tag);
  }
  throw error;
}

/** Registers one unit in `tx` (by hand, import or receipt) and writes its first history line. */
export async function registerUnit(
  deps: RegisterDeps,
  tx: DbOrTx,
  user: AuthUser | null,
  body: AssetBody,
  origin: {
    source: 'manual' | 'import' | 'receipt';
    goodsReceiptId?: string | null;
    stockLocationId?: string | null;
    summary?: string;
  },
): Promise<string> {
  const item = await itemFacts(tx, body.itemId);
  if (!item) throw registerErrors.field('itemId', 'Item not found');
  const refs = await checkReferences(tx, body);
  const tag = body.assetTag ?? (await generateTag(deps, tx));
  if (await tagTaken(tx, tag)) throw registerErrors.tagTaken(tag);
  if (body.serialNumber && (await serialTaken(tx, item.id, body.serialNumber))) {
    throw registerErrors.serialTaken(body.serialNumber);
  }
  // Issue #32 item 1 (ADR 0025): a unit registered by hand or by import at a location is stock of
  // its item there (before, the register showed 2 drills where the stores showed 1). A received
  // unit's stock came with its receipt; a unit registered without a location never enters stock.
  const enters = origin.source !== 'receipt' && body.locationId ? body.locationId : null;
  const id = await insertAsset(tx, {
    itemId: item.id,
    assetTag: tag,
    serialNumber: body.serialNumber,
    purchasePrice: body.purchasePrice,
    depreciationClass: body.depreciationClass,
    departmentId: body.departmentId ?? item.department_id ?? refs.locationDepartmentId,
    locationId: body.locationId,
    stockLocationId: origin.stockLocationId ?? enters,
    source: origin.source,
    goodsReceiptId: origin.goodsReceiptId ?? null,
    notes: body.notes,
    createdBy: user?.id ?? null,
  }).catch((error) => translateUnique(error, tag, body.serialNumber));
  if (enters) {
    await postInventoryMovement(tx, {
      itemId: item.id,
      toLocationId: enters,
      qtyMilli: 1000,
      reason: 'asset_registered',
      refTable: 'proc_assets',
      refId: id,
      createdBy: user?.id ?? null,
      note: `Asset ${tag} registered`,
    });
  }
  const where = refs.locationCode ? ` at ${refs.locationCode}` : '';
  await recordEvent(tx, {
    assetId: id,
    kind: origin.source === 'receipt' ? 'received' : origin.source === 'import' ? 'imported' : 'registered',
    userId: user?.id ?? null,
    summary: origin.summary ?? `${item.sku} ${item.name} registered as ${tag}${where}`,
    refTable: origin.goodsReceiptId ? 'proc_goods_receipts' : null,
    refId: origin.goodsReceiptId ?? null,
  });
  return id;
}

export async function createAsset(deps: RegisterDeps, user: AuthUser, body: AssetBody): Promise<AssetDetail> {
  const scope = await manageScope(deps, user, { registering: true });
  const departmentId = ownDepartment(scope, body.departmentId);
  const id = await deps.database.db.transaction((tx) =>
    registerUnit(deps, tx, user, { ...body, departmentId: departmentId ?? null }, { source: 'manual' }),
  );
  await deps.events.publish('asset.changed', [id]);
  return getAsset(deps, user, id);
}

/**
 * PATCH: details, department and location. A move is one history line; a received unit's stock
 * follows it (a transfer movement), so the ledger keeps holding it where it is. A lent unit moves
 * only by its return; a written-off unit is read-only.
 */
export async function patchAsset(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
  patch: AssetPatch,
): Promise<AssetDetail> {
  const scope = await manageScope(deps, user);
  // A department manager cannot hand a unit to another department (or to none).
  if (scope.departmentId !== null && patch.departmentId !== undefined && patch.departmentId !== scope.departmentId) {
    throw registerErrors.notYourDepartment();
  }
  await deps.database.db.transaction(async (tx) => {
    if (!(await lockAsset(tx, id, scope))) throw registerErrors.assetNotFound();
    const row = await readableAsset(deps, user, id, tx);
    if (row.disposed_at) throw registerErrors.readOnly(tagOf(row));
    const refs = await checkReferences(tx, patch);
    const tag = patch.assetTag === undefined || patch.assetTag === null ? row.asset_tag : patch.assetTag;
    if (!tag) throw registerErrors.field('assetTag', 'Asset tag is required');
    if (tag !== row.asset_tag && (await tagTaken(tx, tag, id))) throw registerErrors.tagTaken(tag);
    const serial = patch.serialNumber === undefined ? row.serial_number : patch.serialNumber;
    if (serial && serial !== row.serial_number && (await serialTaken(tx, row.item_id, serial, id))) {
      throw registerErrors.serialTaken(serial);
    }
    const locationId = patch.locationId === undefined ? row.location_id : patch.locationId;
    const moved = locationId !== row.location_id;
    if (moved && row.custodian_id) {
      throw registerErrors.field('locationId', 'A checked-out unit moves when it is returned');
    }
    let stockLocationId = row.stock_location_id;
    if (moved && stockLocationId && locationId && locationId !== stockLocationId) {
      await postInventoryMovement(tx, {
        itemId: row.item_id,
        fromLocationId: stockLocationId,
        toLocationId: locationId,
        qtyMilli: 1000,
        reason: 'transfer',
        refTable: 'proc_assets',
        refId: id,
        createdBy: user.id,
        note: `Asset ${tag} moved`,
      });
      stockLocationId = locationId;
    }
    await updateAssetFields(tx, id, {
      assetTag: tag,
      serialNumber: serial,
      purchasePrice: patch.purchasePrice === undefined ? row.purchase_price : patch.purchasePrice,
      depreciationClass: patch.depreciationClass === undefined ? row.depreciation_class : patch.depreciationClass,
      departmentId: patch.departmentId === undefined ? row.department_id : patch.departmentId,
      locationId,
      stockLocationId,
      notes: patch.notes === undefined ? row.notes : patch.notes,
    }).catch((error) => translateUnique(error, tag, serial));
    if (moved) {
      await recordEvent(tx, {
        assetId: id,
        kind: 'moved',
        userId: user.id,
        summary: `Moved from ${row.location_code ?? 'no location'} to ${refs.locationCode ?? 'no location'}`,
      });
    }
    const changed = [
      tag !== row.asset_tag ? `tag ${row.asset_tag ?? '-'} → ${tag}` : null,
      serial !== row.serial_number ? `serial ${row.serial_number ?? '-'} → ${serial ?? '-'}` : null,
      patch.departmentId !== undefined && patch.departmentId !== row.department_id ? 'department' : null,
      patch.purchasePrice !== undefined && patch.purchasePrice !== row.purchase_price ? 'purchase price' : null,
      patch.depreciationClass !== undefined && patch.depreciationClass !== row.depreciation_class
        ? 'depreciation class'
        : null,
      patch.notes !== undefined && patch.notes !== row.notes ? 'notes' : null,
    ].filter((c): c is string => c !== null);
    if (changed.length > 0) {
      await recordEvent(tx, {
        assetId: id,
        kind: 'updated',
        userId: user.id,
        summary: `Changed ${changed.join(', ')}`,
      });
    }
  });
  await deps.events.publish('asset.changed', [id]);
  return getAsset(deps, user, id);
}

// ---- CSV import ----

export type AssetImportResult = {
  created: number;
  refused: number;
  rows: Array<{ row: number; assetTag: string; status: 'created' | 'refused'; reason?: string }>;
};

/**
 * CSV import (issue #17 item 1): columns sku, assetTag, serialNumber, purchasePrice,
 * depreciationClass, locationCode, notes. Each row is registered on its own (a refused row is
 * reported and changes nothing); an empty assetTag is generated.
 */
export async function importAssetsCsv(deps: RegisterDeps, user: AuthUser, csv: string): Promise<AssetImportResult> {
  const { db } = deps.database;
  const scope = await manageScope(deps, user, { registering: true });
  let records: Record<string, string>[];
  try {
    records = parseCsv(csv);
  } catch {
    throw registerErrors.field('csv', 'The file is not a readable CSV file.');
  }
  if (records.length > 2000) throw registerErrors.field('csv', 'Import at most 2000 assets at a time.');
  const result: AssetImportResult = { created: 0, refused: 0, rows: [] };
  for (const [index, record] of records.entries()) {
    const rowNo = index + 2;
    const tag = (record.assetTag ?? record.asset_tag ?? '').trim();
    try {
      const sku = (record.sku ?? '').trim();
      if (!sku) throw registerErrors.field('sku', 'SKU is required');
      const itemId = await itemIdBySku(db, sku);
      if (!itemId) throw registerErrors.field('sku', `No item with SKU ${sku}`);
      let locationId: string | null = null;
      const code = (record.locationCode ?? record.location ?? '').trim();
      if (code) {
        locationId = await locationIdByCode(db, code);
        if (!locationId) throw registerErrors.field('locationCode', `No location with code ${code}`);
      }
      const price = (record.purchasePrice ?? '').trim();
      if (price && !/^\d{1,8}(\.\d{1,2})?$/.test(price)) {
        throw registerErrors.field('purchasePrice', assetMoneyMessage('Purchase price'));
      }
      const id = await db.transaction((tx) =>
        registerUnit(
          deps,
          tx,
          user,
          {
            itemId,
            assetTag: tag ? tag.slice(0, 100) : null,
            serialNumber: (record.serialNumber ?? '').trim().slice(0, 100) || null,
            purchasePrice: price ? Number(price).toFixed(2) : null,
            depreciationClass: (record.depreciationClass ?? '').trim().slice(0, 50) || null,
            departmentId: scope.departmentId,
            locationId,
            notes: (record.notes ?? '').trim().slice(0, 2000) || null,
          },
          { source: 'import' },
        ),
      );
      const created = await assetRow(db, id, todayOf(deps));
      result.created += 1;
      result.rows.push({ row: rowNo, assetTag: created?.asset_tag ?? tag, status: 'created' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = error.details?.errors;
      const reason = fields ? Object.values(fields).join('; ') : error.message;
      result.refused += 1;
      result.rows.push({ row: rowNo, assetTag: tag, status: 'refused', reason });
    }
  }
  if (result.created > 0) await deps.events.publish('asset.changed');
  return result;
}

// ---- From a goods receipt ----

/**
 * Issue #17 item 1: a receipt of an item flagged as an asset registers one unit per whole unit
 * received, in the receipt's transaction, with generated tags (or the scanned ones given).
 */
/**
 * Before a receipt registers anything (issue #17): every scanned tag of its lines must be new. A tag
 * scanned twice on the receipt is a 400, one the register already holds (ignoring case) a 409; both
 * name the tag and the line's field (`lines.<i>.assetTags.<n>`). Thrown in the receipt's
 * transaction, so nothing of the receipt is saved. The unique index still decides a race.
 */
export async function assertReceiptTagsFree(
  tx: DbOrTx,
  lines: ReadonlyArray<{ assetTags?: string[] | undefined }>,
): Promise<void> {
  const seen = new Map<string, string>();
  const fields = new Map<string, string>();
  for (const [index, line] of lines.entries()) {
    for (const [n, raw] of (line.assetTags ?? []).entries()) {
      const tag = raw.trim();
      if (!tag) continue;
      const field = `lines.${index}.assetTags.${n}`;
      const key = tag.toUpperCase();
      if (seen.has(key)) throw registerErrors.receiptTagTwice(tag, field);
      seen.set(key, tag);
      fields.set(key, field);
    }
  }
  const [taken] = await takenTags(tx, [...seen.values()]);
  if (taken) {
    const key = taken.toUpperCase();
    throw registerErrors.receiptTagTaken(seen.get(key) ?? taken, fields.get(key) ?? 'assetTags');
  }
}

/**
 * A receipt line of an item flagged as an asset: one unit per whole unit received, tags from the
 * line's `assetTags` (scanned, checked first by assertReceiptTagsFree), the others generated. The
 * scanned units are registered first, so a generated tag never takes a number a scanned tag holds.
 * Tags on a line of an item that is not an asset, or more tags than whole units, are refused (400).
 */
export async function registerReceivedUnits(
  deps: RegisterDeps,
  tx: DbOrTx,
  input: {
    itemId: string;
    qtyMilli: number;
    locationId: string;
    goodsReceiptId: string;
    grnNumber: string;
    unitCost: string | null;
    user: AuthUser;
    tags?: string[] | undefined;
    /** The line's field for errors, `lines.<i>.assetTags`. */
    field?: string;
  },
): Promise<string[]> {
  const item = await itemFacts(tx, input.itemId);
  const field = input.field ?? 'assetTags';
  const scanned = (input.tags ?? []).map((t) => t.trim()).filter(Boolean);
  if (!item?.is_asset) {
    if (scanned.length > 0) {
      throw registerErrors.field(field, `${item?.sku ?? 'This item'} is not flagged as an asset; it takes no tags`);
    }
    return [];
  }
  const units = Math.floor(input.qtyMilli / 1000);
  if (scanned.length > units) {
    throw registerErrors.field(
      field,
      `${scanned.length} tags scanned for ${units} whole unit${units === 1 ? '' : 's'} received`,
    );
  }
  const ids: string[] = [];
  for (let n = 0; n < units; n++) {
    ids.push(
      await registerUnit(
        deps,
        tx,
        input.user,
        {
          itemId: item.id,
          assetTag: scanned[n] ?? null,
          serialNumber: null,
          purchasePrice: input.unitCost,
          depreciationClass: null,
          departmentId: null,
          locationId: input.locationId,
          notes: null,
        },
        {
          source: 'receipt',
          goodsReceiptId: input.goodsReceiptId,
          stockLocationId: input.locationId,
          summary: `Received on ${input.grnNumber}`,
        },
      ),
    );
  }
  return ids;
}

/** The units each goods receipt registered, by receipt, in tag order (shown with the receipt). */
export async function unitsOfReceipts(
  db: DbOrTx,
  receiptIds: readonly string[],
): Promise<Map<string, Array<{ id: string; assetTag: string | null; itemId: string }>>> {
  const byReceipt = new Map<string, Array<{ id: string; assetTag: string | null; itemId: string }>>();
  for (const row of await receiptUnitRows(db, receiptIds)) {
    const list = byReceipt.get(row.goods_receipt_id) ?? [];
    list.push({ id: row.id, assetTag: row.asset_tag, itemId: row.item_id });
    byReceipt.set(row.goods_receipt_id, list);
  }
  return byReceipt;
}

// ---- Checkout of one unit (called by the asset checkout module) ----

/**
 * Issue #30 item 7: lending a unit and taking it back are changes like any other, held to the
 * lender's manageScope: locks unit `assetId` in `tx` when `scope` holds it, else false (the caller
 * answers 404, as reading the unit does).
 */
export async function lockUnitInScope(tx: DbOrTx, assetId: string, scope: Scope): Promise<boolean> {
  return lockAsset(tx, assetId, scope);
}

/**
 * Lends unit `assetId` in the checkout's transaction: the conditional UPDATE (claimAsset) gives it
 * the borrower as custodian and moves it to `locationId` together, or nothing changes and the
 * lender hears why. Returns where it was, which its return puts it back to.
 */
export async function claimUnit(
  deps: RegisterDeps,
  tx: DbOrTx,
  input: {
    assetId: string;
    /** The lender's manageScope: another department's unit is not found (issue #30 item 7). */
    scope: Scope;
    borrowerId: string;
    borrowerName: string;
    locationId: string | null;
    actorId: string;
    checkoutId: string;
  },
): Promise<{ fromLocationId: string | null; tag: string }> {
  const today = todayOf(deps);
  if (!(await lockUnitInScope(tx, input.assetId, input.scope))) throw registerErrors.assetNotFound();
  const before = await assetRow(tx, input.assetId, today);
  if (!before) throw registerErrors.assetNotFound();
  let locationCode: string | null = null;
  if (input.locationId) {
    const location = await locationFacts(tx, input.locationId);
    if (!location) throw registerErrors.field('locationId', 'Unknown location');
    locationCode = location.code;
  }
  const claimed = await claimAsset(tx, {
    assetId: input.assetId,
    custodianId: input.borrowerId,
    locationId: input.locationId,
    today,
  });
  if (!claimed) {
    // Tell why from the row as it is now (another checkout may have won meanwhile).
    const fresh = (await assetRow(tx, input.assetId, today)) ?? before;
    const { blockedReason } = stateOf(fresh);
    throw registerErrors.notLendable(tagOf(fresh), blockedReason ?? 'it changed meanwhile; try again');
  }
  const tag = tagOf(before);
  await recordEvent(tx, {
    assetId: input.assetId,
    kind: 'checked_out',
    userId: input.actorId,
    summary: `Checked out to ${input.borrowerName}${locationCode ? `, to ${locationCode}` : ''}`,
    refTable: 'asset_checkouts',
    refId: input.checkoutId,
  });
  return { fromLocationId: claimed.fromLocationId, tag };
}

/**
 * The return of a lent unit: clears the custodian, puts it back (to `locationId`, else where it
 * was lent from) and records the condition; a damaged or needs-maintenance return opens a
 * corrective maintenance job, which keeps the unit from being lent until it is done.
 */
export async function releaseUnit(
  deps: RegisterDeps,
  tx: DbOrTx,
  input: {
    assetId: string;
    locationId: string | null;
    condition: ReturnCondition;
    notes: string | null;
    actorId: string;
    checkoutId: string;
  },
): Promise<void> {
  if (input.locationId && !(await locationFacts(tx, input.locationId))) {
    throw registerErrors.field('locationId', 'Unknown location');
  }
  await releaseAsset(tx, input.assetId, input.locationId);
  const row = await assetRow(tx, input.assetId, todayOf(deps));
  const condition = input.condition.replace('_', ' ');
  await recordEvent(tx, {
    assetId: input.assetId,
    kind: 'returned',
    userId: input.actorId,
    summary: `Returned ${condition}${row?.location_code ? ` to ${row.location_code}` : ''}${
      input.notes ? `: ${input.notes}` : ''
    }`,
    refTable: 'asset_checkouts',
    refId: input.checkoutId,
  });
  if (input.condition !== 'good') {
    await openCorrectiveJob(deps, tx, {
      assetId: input.assetId,
      actorId: input.actorId,
      checkoutId: input.checkoutId,
      notes: `Returned ${condition}${input.notes ? `: ${input.notes}` : ''}`,
    });
  }
}

export async function actorName(db: DbOrTx, userId: string): Promise<string> {
  return (await userName(db, userId)) ?? 'a staff member';
}

/**
 * Issue #17 item 7: what institutional analytics shows of the register (undefined when no unit is
 * registered): states, units due for maintenance or a safety check within 7 days (or overdue),
 * disposed write-offs by reason, and the most lent units in the range.
 */
export async function registerFigures(
  db: DbOrTx,
  input: { timeZone: string; now: Date; start: Date; end: Date },
): Promise<InstitutionAnalytics['registeredUnits']> {
  const d = localDateOf(input.now, input.timeZone);
  const fmt = (x: { year: number; month: number; day: number }) =>
    `${x.year}-${String(x.month).padStart(2, '0')}-${String(x.day).padStart(2, '0')}`;
  const { counts, reasons, top } = await registerFigureRows(db, {
    today: fmt(d),
    weekAhead: fmt(addDays(d, 7)),
    start: input.start,
    end: input.end,
    limit: 10,
  });
  if (!counts || counts.total === 0) return undefined;
  return {
    total: counts.total,
    inStore: counts.total - counts.written_off - counts.checked_out - counts.in_maintenance,
    checkedOut: counts.checked_out,
    inMaintenance: counts.in_maintenance,
    writtenOff: counts.written_off,
    dueForMaintenance: counts.due_maintenance,
    dueForSafetyCheck: counts.due_safety,
    writeoffsByReason: reasons,
    topUnits: top.map((r) => ({ id: r.id, assetTag: r.asset_tag, itemName: r.item_name, checkouts: r.checkouts })),
  };
}
