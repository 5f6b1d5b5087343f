import {
  type Cents,
  centsToDecimal,
  decimalToCents,
  type LateSale,
  parseCents,
  type Shift,
  type ShiftReport,
  type ShiftSummary,
  TENDER_METHODS,
  type TenderMethod,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { EventBus } from '../events/index';
import { storeForNewShift } from '../retail-stores/index';
import { type HeldSalesDecision, settleHeldSalesOfShift } from './held-sales.service';
import { claimPendingLateSales } from './offline-sales.repository';
import { lateSalesFor } from './offline-sales.service';
import { posErrors } from './pos.errors';
import { buildReport, writeZReport } from './shift-reports.service';
import {
  closeOpenShift,
  findOpenShift,
  findShift,
  insertOpenShift,
  type ShiftRow,
  shiftSalesFigures,
} from './shifts.repository';

type Deps = { db: Db; events: EventBus };

export function toShift(row: ShiftRow): Shift {
  return {
    id: row.id,
    cashierId: row.cashierId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    isOpen: row.isOpen,
    openingFloat: row.openingFloat,
    countedCash: row.countedCash,
    storeId: row.storeId,
  };
}

/** Normalises an optional money string to the column form ('100' → '100.00'). */
function moneyOrNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cents = parseCents(value);
  return cents === null ? null : centsToDecimal(cents);
}

export async function currentShift(deps: Deps, cashierId: string): Promise<Shift | null> {
  const row = await findOpenShift(deps.db, cashierId);
  return row ? toShift(row) : null;
}

/** spec §4 Shift: none → active. One open shift per cashier, enforced by a partial unique index. */
export async function openShift(
  deps: Deps,
  cashierId: string,
  openingFloat?: string | null,
  terminalId?: string | null,
  storeId?: string | null,
): Promise<Shift> {
  // Issue #32 item 2: the store asked for, the terminal's, the user's only one or the only one.
  const store = await storeForNewShift(deps.db, cashierId, storeId, terminalId);
  let row: ShiftRow;
  try {
    // Issue #30 item 3: the terminal is bound at the start; offline sales of the shift come only from it.
    row = await insertOpenShift(deps.db, {
      cashierId,
      openingFloat: moneyOrNull(openingFloat),
      terminalId: terminalId?.toLowerCase() ?? null,
      storeId: store,
    });
  } catch (error) {
    // Two "Start Shift" taps racing: the index lets one through and the other lands here.
    if (pgErrorCode(error) === '23505') throw posErrors.shiftOpen();
    throw error;
  }
  // Late sales that arrived while the cashier had no open shift are listed in this one (issue #19).
  await claimPendingLateSales(deps.db, cashierId, row.id);
  void deps.events.publish('shift.changed', [String(row.id)]);
  return toShift(row);
}

/**
 * spec §4 Shift: active → none. Closing and summarising happen in one transaction, after every
 * in-flight sale of the shift has committed; the shift's sales are never changed.
 */
export async function closeShift(
  deps: Deps,
  cashierId: string,
  countedCash?: string | null,
  heldSales: HeldSalesDecision | null = null,
): Promise<{ shift: Shift; summary: ShiftSummary; zReport: ShiftReport }> {
  let settledHeld: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const row = await closeOpenShift(tx, cashierId, moneyOrNull(countedCash));
    if (!row) throw posErrors.noOpenShift();
    // Issue #35 item 3: held sales of this shift still waiting need a manager's choice (409 rolls
    // the end back). The shift's row is updated, so no hold can join it from here on.
    settledHeld = await settleHeldSalesOfShift(tx, row.id, heldSales);
    // A late sale that slipped in while the shift was being opened is listed here, not lost.
    await claimPendingLateSales(tx, cashierId, row.id);
    const summary = summarise(row, await shiftSalesFigures(tx, row.id), await lateSalesFor({ db: tx }, row.id));
    // Issue #15 item 8: the Z report is written with the close, numbered in the same transaction.
    return { row, summary, zReport: await writeZReport(tx, row, summary) };
  });
  void deps.events.publish('shift.changed', [String(result.row.id)]);
  if (settledHeld.length > 0) void deps.events.publish('held-sale.changed', settledHeld);
  return { shift: toShift(result.row), summary: result.summary, zReport: result.zReport };
}

/**
 * The Z report of a shift closed without a till, the demo's history (issue #32: every screen has
 * something true to show): the same report the close writes, numbered in order and dated at the
 * shift's end. Call in the order the shifts ended.
 */
export async function writeZReportOfClosedShift(tx: DbOrTx, shiftId: number): Promise<void> {
  const row = await findShift(tx, shiftId);
  if (!row || row.isOpen || !row.endedAt) return;
  const summary = summarise(row, await shiftSalesFigures(tx, row.id), await lateSalesFor({ db: tx }, row.id));
  await writeZReport(tx, row, summary, row.endedAt);
}

/** GET /api/shifts/current/x-report (issue #15 item 8): the caller's open shift so far; nothing is closed or stored. */
export async function xReport(deps: Deps, cashierId: string): Promise<ShiftReport> {
  const row = await findOpenShift(deps.db, cashierId);
  if (!row) throw posErrors.noOpenShiftForReport();
  return buildReport(
    deps.db,
    'X',
    null,
    row,
    summarise(row, await shiftSalesFigures(deps.db, row.id), await lateSalesFor(deps, row.id)),
  );
}

type ShiftReader = { userId: string; canViewReports: boolean };

/** A cashier reads their own shifts; 'reports.view' reads anyone's. Others get 404, not a hint. */
async function readableShiftRow(db: Db, shiftId: number, reader: ShiftReader): Promise<ShiftRow> {
  const row = await findShift(db, shiftId);
  if (!row || (!reader.canViewReports && row.cashierId !== reader.userId)) throw posErrors.shiftNotFound();
  return row;
}

/** The shift `reader` may read (the same 404 as the summary otherwise): the shift's sales CSV uses it. */
export async function readableShift(db: Db, shiftId: number, reader: ShiftReader): Promise<Shift> {
  return toShift(await readableShiftRow(db, shiftId, reader));
}

export async function shiftSummary(deps: Deps, shiftId: number, reader: ShiftReader): Promise<ShiftSummary> {
  const row = await readableShiftRow(deps.db, shiftId, reader);
  return summarise(row, await shiftSalesFigures(deps.db, row.id), await lateSalesFor(deps, row.id));
}

export function summarise(
  row: ShiftRow,
  figures: Awaited<ReturnType<typeof shiftSalesFigures>>,
  lateSales: LateSale[] = [],
): ShiftSummary {
  const salesCount = figures.sales.count;
  const subtotal = decimalToCents(figures.sales.subtotal);
  const cardFees = decimalToCents(figures.sales.tax);
  const total = decimalToCents(figures.sales.total);
  // Issue #34: tenders by method; the cash tenders' amounts are what stayed in the drawer (change excluded).
  let cashSales: Cents = 0;
  const byMethod = new Map<TenderMethod, { count: number; total: Cents }>();
  for (const group of figures.byMethod) {
    const groupTotal = decimalToCents(group.total);
    if (group.paymentMethod === 'cash') cashSales += groupTotal;
    byMethod.set(group.paymentMethod, { count: group.count, total: groupTotal });
  }
  const openingFloat = row.openingFloat === null ? null : decimalToCents(row.openingFloat);
  const cashRefunds = decimalToCents(figures.refunds.cash);
  // issue #15: expected cash = float + cash sales − cash refunds.
  const expectedCash = (openingFloat ?? 0) + cashSales - cashRefunds;
  const countedCash = row.countedCash === null ? null : decimalToCents(row.countedCash);
  return {
    shiftId: row.id,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    salesCount,
    itemsSold: figures.itemsSold,
    // In the order of spec §3 POS payment methods, only those used.
    totalsByMethod: TENDER_METHODS.filter((m) => byMethod.has(m)).map((paymentMethod) => {
      const group = byMethod.get(paymentMethod) as { count: number; total: Cents };
      return { paymentMethod, count: group.count, total: centsToDecimal(group.total) };
    }),
    subtotal: centsToDecimal(subtotal),
    cardFees: centsToDecimal(cardFees),
    total: centsToDecimal(total),
    openingFloat: openingFloat === null ? null : centsToDecimal(openingFloat),
    cashSales: centsToDecimal(cashSales),
    refundsCount: figures.refunds.count,
    refundsTotal: centsToDecimal(decimalToCents(figures.refunds.total)),
    cashRefunds: centsToDecimal(cashRefunds),
    expectedCash: centsToDecimal(expectedCash),
    countedCash: countedCash === null ? null : centsToDecimal(countedCash),
    overShort: countedCash === null ? null : centsToDecimal(countedCash - expectedCash),
    lateSales,
  };
}
