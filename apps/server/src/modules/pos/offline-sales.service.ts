import {
  type Cents,
  cardFeeCents,
  centsToDecimal,
  decimalToCents,
  type LateSale,
  MAX_CENTS,
  type OfflineSaleRequest,
  type OfflineSaleResponse,
  parseCents,
  sizeOptionsFor,
  storedReference,
  transactionNumber,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { AuthUser } from '../../types';
import { applyStockDelta } from '../stock/stock.service';
import {
  findOfflineSale,
  insertDiscrepancies,
  insertOfflineSale,
  lateSalesOfShift,
  lockOpenShiftOf,
  lockShift,
  type OfflineSaleWrite,
  resolveLines,
  type Shortfall,
  saleIdByKey,
} from './offline-sales.repository';
import { posErrors } from './pos.errors';
import { saleResponse } from './sale-response';
import type { PricingEntry } from './sale-write.repository';
import { findSale, findSaleIdByKey } from './sales.repository';
import type { SalesDeps } from './sales.service';
import { isSameSale } from './sales.service';
import { markTerminalSynced } from './terminals.repository';

export type RecordedOfflineSale = { replayed: boolean; sale: OfflineSaleResponse };

/**
 * Issue #19 (ADR 0014): records a sale the terminal made while it could not reach the server.
 * Unlike an online sale it is NOT repriced: the customer paid what the terminal showed, so the
 * server checks only that the amounts add up (lines, card fee, total, cash received) and records
 * them, in the shift the sale was made in, dated when it was made. Stock that no longer covers it
 * is floored at zero with a discrepancy for a manager. The same Idempotency-Key (also one first
 * tried online) returns the first result and writes nothing.
 */
export async function recordOfflineSale(
  deps: SalesDeps,
  sender: AuthUser & { actsForOthers: boolean },
  idempotencyKey: string,
  request: OfflineSaleRequest,
): Promise<RecordedOfflineSale> {
  const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
  if (existing) return replay(deps, sender, existing, request);
  checkAmountsAddUp(request);
  const productIds = [...new Set(request.items.map((i) => i.productId))];
  const currentSubtotal = currentSubtotalOf(request, await deps.pricing.get(productIds, { fresh: true }));
  const amountReceived =
    request.paymentMethod === 'cash'
      ? centsToDecimal(
          request.amountReceived ? (parseCents(request.amountReceived) as Cents) : (parseCents(request.total) as Cents),
        )
      : null;
  let written: OfflineWriteResult;
  try {
    written = await writeOfflineSale(deps, {
      idempotencyKey,
      shiftId: request.shiftId,
      senderId: sender.id,
      senderActsForOthers: sender.actsForOthers,
      soldAt: new Date(request.soldAt),
      terminalId: request.terminalId ?? null,
      paymentMethod: request.paymentMethod,
      subtotal: money(request.subtotal),
      tax: money(request.tax),
      total: money(request.total),
      referenceCode: storedReference(request.referenceCode),
      notes: request.notes?.trim() || null,
      amountReceived,
      currentSubtotal: currentSubtotal === null ? null : centsToDecimal(currentSubtotal),
      lines: request.items.map((i) => ({
        productId: i.productId,
        variantId: i.variantId ?? null,
        variantName: i.variantName ?? null,
        quantity: i.quantity,
        unitPrice: money(i.unitPrice),
        totalPrice: money(i.totalPrice),
      })),
    });
  } catch (error) {
    // The same key raced in from a second tab or a retry: the unique index let only the first through.
    if (pgErrorCode(error) === '23505') {
      const raced = await findSaleIdByKey(deps.database.db, idempotencyKey);
      if (raced) return replay(deps, sender, raced, request);
      // The key is some other sale's id (never a terminal's random key): refused, nothing written.
      throw posErrors.differentContents();
    }
    throw error;
  }
  switch (written.outcome) {
    case 'already_recorded':
      return replay(deps, sender, written.existing, request);
    case 'unknown_shift':
      throw posErrors.offlineUnknownShift();
    case 'other_cashier':
      throw posErrors.offlineOtherCashier();
    case 'unknown_product':
      throw posErrors.unknownProduct();
    case 'recorded':
      break;
  }
  if (request.terminalId) await markTerminalSynced(deps.database.db, request.terminalId);
  deps.live.publish('sale.recorded', [written.id]);
  deps.live.publish('stock.changed', written.productIds);
  if (written.shortfalls.length > 0) deps.live.publish('discrepancy.changed', [written.id]);
  const stored = await findSale(deps.database.db, written.id);
  if (!stored) throw new Error('An offline sale just written was not found');
  return {
    replayed: false,
    sale: {
      ...saleResponse(stored),
      shiftId: written.shiftId,
      late: written.late,
      stockShortfalls: written.shortfalls.length,
    },
  };
}

type OfflineWriteResult =
  | {
      outcome: 'recorded';
      id: string;
      shiftId: number;
      late: boolean;
      shortfalls: Shortfall[];
      productIds: string[];
    }
  | { outcome: 'already_recorded'; existing: { id: string; userId: string } }
  | { outcome: 'unknown_shift' }
  | { outcome: 'other_cashier' }
  | { outcome: 'unknown_product' };

/**
 * One database transaction (issue #19, ADR 0014):
 * - the Idempotency-Key is checked first (a concurrent duplicate fails on the unique index);
 * - its shift is locked FOR SHARE: the sale lands before the shift closes (in its figures) or
 *   after (late: the closed shift's figures stay as they were);
 * - the sale is written at the customer's prices, dated when it was made (kept inside its shift);
 * - stock moves through the ledger's writer (ADR 0010) with `floor`, in the sales' lock order:
 *   what the customer took is never refused, stock never goes below zero, and units sold beyond
 *   the stock there was open a stock discrepancy.
 */
async function writeOfflineSale(deps: SalesDeps, sale: OfflineSaleWrite): Promise<OfflineWriteResult> {
  return deps.database.db.transaction(async (tx): Promise<OfflineWriteResult> => {
    const existing = await saleIdByKey(tx, sale.idempotencyKey);
    if (existing) return { outcome: 'already_recorded', existing };
    const shift = await lockShift(tx, sale.shiftId);
    if (!shift) return { outcome: 'unknown_shift' };
    if (shift.cashierId !== sale.senderId && !sale.senderActsForOthers) return { outcome: 'other_cashier' };
    const lines = await resolveLines(tx, sale.lines);
    if (!lines) return { outcome: 'unknown_product' };

    // Dated when it was made, but never outside its shift nor in the future (terminal clocks drift).
    const now = Date.now();
    const latest = Math.min(now, shift.endedAt ? shift.endedAt.getTime() : now);
    const createdAt = new Date(Math.max(shift.startedAt.getTime(), Math.min(sale.soldAt.getTime(), latest)));
    const late = !shift.isOpen;
    const reportedShiftId = late ? await lockOpenShiftOf(tx, shift.cashierId) : null;
    const id = await insertOfflineSale(tx, {
      ...sale,
      cashierId: shift.cashierId,
      shiftId: shift.id,
      createdAt,
      late,
      reportedShiftId,
      lines,
    });

    const needs = new Map<
      string,
      { productId: string; variantId: string | null; variantName: string | null; quantity: number }
    >();
    for (const line of lines) {
      const key = line.variantId ?? line.productId;
      const need = needs.get(key);
      if (need) need.quantity += line.quantity;
      else
        needs.set(key, {
          productId: line.productId,
          variantId: line.variantId,
          variantName: line.variantId ? line.variantName : null,
          quantity: line.quantity,
        });
    }
    // The sales' lock order (products, then size options, by id): no deadlock with online sales.
    const key = (n: { productId: string; variantId: string | null }) =>
      n.variantId ? `1${n.variantId}` : `0${n.productId}`;
    const wanted = [...needs.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const shortfalls: Shortfall[] = [];
    for (const need of wanted) {
      const result = await applyStockDelta(tx, {
        productId: need.productId,
        variantId: need.variantId,
        quantity: -need.quantity,
        floor: true,
        reason: 'sale',
        userId: shift.cashierId,
        documentType: 'transaction',
        documentId: id,
      });
      if (result.outcome !== 'applied' || result.shortfall === 0) continue;
      // `shortfall` is asked − moved of a negative delta: minus the units sold beyond the stock.
      const short = Math.abs(result.shortfall);
      shortfalls.push({
        productId: need.productId,
        variantId: need.variantId,
        variantName: need.variantName,
        quantityShort: short,
        stockBefore: need.quantity - short,
      });
    }
    // A line whose product or size option vanished meanwhile moves no stock; the sale stands.
    await insertDiscrepancies(tx, id, shortfalls);
    return {
      outcome: 'recorded',
      id,
      shiftId: shift.id,
      late,
      shortfalls,
      productIds: [...new Set(lines.map((l) => l.productId))],
    };
  });
}

/** Normalises a checked money string to its 2-decimal column form. */
function money(value: string): string {
  return centsToDecimal(parseCents(value) as Cents);
}

/**
 * The terminal's amounts must add up (spec §9 Money and fees), at whatever prices it charged:
 * line = unit × quantity, subtotal = Σ lines, card fee = 2.5% of the subtotal for card methods,
 * total = subtotal + fee, cash received ≥ total. A sale that does not add up is a terminal bug,
 * refused with 400 (it stays in the terminal's outbox with the reason, never dropped).
 */
export function checkAmountsAddUp(request: OfflineSaleRequest): void {
  const cents = (v: string) => parseCents(v) as Cents;
  let subtotal = 0;
  for (const item of request.items) {
    const line = cents(item.totalPrice);
    if (cents(item.unitPrice) * item.quantity !== line) throw posErrors.offlineAmounts();
    subtotal += line;
  }
  if (cents(request.subtotal) !== subtotal) throw posErrors.offlineAmounts();
  if (cents(request.tax) !== cardFeeCents(subtotal, request.paymentMethod)) throw posErrors.offlineAmounts();
  const total = cents(request.total);
  if (total !== subtotal + cents(request.tax)) throw posErrors.offlineAmounts();
  if (total > MAX_CENTS) throw posErrors.saleTooLarge();
  if (request.paymentMethod === 'cash' && request.amountReceived) {
    if (cents(request.amountReceived) < total) throw posErrors.insufficientPayment();
  }
}

/**
 * What the same lines cost at the catalogue's prices now (the product's price, or its size
 * option's by spec §9), to note a difference from what the customer paid. Null when a line can no
 * longer be priced (a product or size gone).
 */
export function currentSubtotalOf(
  request: Pick<OfflineSaleRequest, 'items'>,
  entries: ReadonlyMap<string, PricingEntry>,
): Cents | null {
  let subtotal = 0;
  for (const item of request.items) {
    const entry = entries.get(item.productId);
    if (!entry) return null;
    const priceCents = parseCents(entry.product.price) ?? 0;
    const wanted = item.variantName?.trim().toLowerCase() || null;
    let unit: Cents | null = priceCents;
    if (item.variantId || wanted) {
      const options = sizeOptionsFor(
        { categoryName: entry.product.categoryName, priceCents, stock: entry.product.stock },
        entry.variants,
      );
      const option =
        (item.variantId && options.find((o) => o.variantId === item.variantId)) ||
        (wanted && options.find((o) => o.name.toLowerCase() === wanted)) ||
        null;
      unit = option ? option.priceCents : null;
    }
    if (unit === null) return null;
    subtotal += unit * item.quantity;
  }
  return subtotal;
}

/** A resent sale: the first result when it is the same sale, else 409 (IETF idempotency-key draft). */
async function replay(
  deps: SalesDeps,
  sender: AuthUser & { actsForOthers: boolean },
  existing: { id: string; userId: string },
  request: OfflineSaleRequest,
): Promise<RecordedOfflineSale> {
  if (existing.userId !== sender.id && !sender.actsForOthers) throw posErrors.differentContents();
  const stored = await findSale(deps.database.db, existing.id);
  if (!stored || !isSameSale(stored, request)) throw posErrors.differentContents();
  const offline = await findOfflineSale(deps.database.db, existing.id);
  if (request.terminalId) await markTerminalSynced(deps.database.db, request.terminalId);
  return {
    replayed: true,
    sale: {
      ...saleResponse(stored),
      shiftId: stored.shiftId,
      late: offline?.late ?? false,
      stockShortfalls: offline?.stockShortfalls ?? 0,
    },
  };
}

/** Late sales listed in a shift's report, with the difference from the price when they arrived. */
export async function lateSalesFor(deps: { db: DbOrTx }, shiftId: number): Promise<LateSale[]> {
  const rows = await lateSalesOfShift(deps.db, shiftId);
  return rows.map((r) => ({
    id: r.id,
    number: transactionNumber(r.id),
    shiftId: r.shiftId,
    soldAt: r.soldAt.toISOString(),
    receivedAt: r.receivedAt.toISOString(),
    paymentMethod: r.paymentMethod,
    subtotal: r.subtotal,
    total: r.total,
    currentSubtotal: r.currentSubtotal,
    priceDifference:
      r.currentSubtotal === null
        ? null
        : centsToDecimal(decimalToCents(r.subtotal) - decimalToCents(r.currentSubtotal)),
  }));
}
