import {
  type Cents,
  type ChosenModifier,
  centsToDecimal,
  DISCOUNT_ACTIVITY,
  type Discount,
  type DiscountedSale,
  decimalToCents,
  displayName,
  isDiscountRefusal,
  isOverCap,
  type LateSale,
  MAX_CENTS,
  OFFLINE_ACTIVITY,
  type OfflineSaleRequest,
  type OfflineSaleResponse,
  parseCents,
  priceDiscountedSale,
  type SealedApproval,
  sizePricesFor,
  taxRateHundredths,
  toDiscount,
  transactionNumber,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { recordActivity } from '../activity/index';
import { salesChanged } from '../analytics/index';
import type { ApprovalContext } from '../auth/index';
import { applyStockDelta, stockItemIds } from '../stock/index';
import type { ApprovalSealing } from './approval-sealing.service';
import { discountCaps } from './discount-caps.service';
import { type OfflineHold, offlineHold, offlineTaxContext } from './offline-holds.service';
import {
  findHeldSale,
  findOfflineSale,
  insertDiscrepancies,
  insertHeldSale,
  insertOfflineSale,
  lateSalesOfShift,
  lockOpenShiftOf,
  lockShift,
  type OfflineSaleWrite,
  resolveLines,
  type Shortfall,
  saleIdByKey,
  setLineUnitCost,
  shiftCashier,
  shiftFacts,
} from './offline-sales.repository';
import { posErrors } from './pos.errors';
import { modifiersNow } from './sale-pricing';
import { saleResponse } from './sale-response';
import type { PricingEntry } from './sale-write.repository';
import { findSale, findSaleIdByKey } from './sales.repository';
import type { SalesDeps } from './sales.service';
import {
  checkCustomerAndAccounts,
  discountColumns,
  isSameSale,
  type PaidTenders,
  paidTenders,
  type SaleMoney,
  saleMoney,
  taxColumns,
  tenderColumns,
} from './sales.service';
import { markTerminalSynced } from './terminals.repository';

export type RecordedOfflineSale = { replayed: boolean; sale: OfflineSaleResponse };

type UnsealedApproval = Awaited<ReturnType<ApprovalSealing['unseal']>>;

/**
 * Checks a manager's PIN typed on the terminal for `actor`'s sale (auth/approver.service
 * verifyApproverPin, bound to the request: counted on the PIN throttle, activity rows written).
 */
export type ApproveOfflineWithPin = (
  pin: string | null | undefined,
  actor: AuthUser,
  context: ApprovalContext,
) => Promise<AuthUser>;

/** What the route passes besides the sale: the PIN check and the client facts of activity rows. */
export type OfflineSaleOptions = {
  approve?: ApproveOfflineWithPin;
  /** Opens a PIN the terminal sealed (approval-sealing.service); never throws for what a client sent. */
  unseal?: (sealed: SealedApproval) => Promise<UnsealedApproval>;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** OFFLINE_OUTBOX_MAX_AGE_HOURS (issue #30 items 1 and 3). */
  maxAgeHours?: number;
};

/**
 * Issue #19 (ADR 0014): records a sale the terminal made while it could not reach the server.
 * Unlike an online sale it is NOT repriced: the customer paid what the terminal showed, so the
 * server checks only that the amounts add up (lines, their discounts under the shared rule, card
 * fee, total, cash received) and records them, in the shift the sale was made in, dated when it
 * was made. A discount above the cashier's cap is never a refusal: it is recorded with the manager
 * whose PIN approved it, or flagged for a manager when nobody did. Stock that no longer covers it
 * is floored at zero with a discrepancy for a manager. The same Idempotency-Key (also one first
 * tried online) returns the first result and writes nothing.
 */
export async function recordOfflineSale(
  deps: SalesDeps,
  sender: AuthUser,
  idempotencyKey: string,
  request: OfflineSaleRequest,
  options: OfflineSaleOptions = {},
): Promise<RecordedOfflineSale> {
  const db = deps.database.db;
  // A sale held for a manager answers with what the manager decided (the sale recorded at the
  // current prices, or 409): checked first, as a recorded one no longer matches what was sent.
  const held = await findHeldSale(db, idempotencyKey);
  if (held) return heldAnswer(deps, sender, held);
  const existing = await findSaleIdByKey(db, idempotencyKey);
  if (existing) return replay(deps, sender, existing, request);
  // Issue #34 item 3 (ADR 0034): an account is never charged offline (its limit is the server's);
  // the till disables the Account tender while offline, and such a sale arriving later is refused.
  if (request.paymentMethod === 'account' || request.tenders?.some((t) => t.method === 'account'))
    throw posErrors.offlineAccount();
  await checkCustomerAndAccounts(deps.database, request);
  const shift = await shiftFacts(db, request.shiftId);
  const productIds = [...new Set(request.items.map((i) => i.productId))];
  // Issue #32 item 2: today's prices and availability at the shift's store. Issue #34 item 2: and
  // the tax rates in force there now, which the terminal's amounts must add up under.
  const entries = shift ? await deps.pricing.get(shift.storeId, productIds, { fresh: true }) : new Map();
  const priced = checkAmountsAddUp(request, entries);
  if (!shift) throw posErrors.offlineUnknownShift();
  // Issue #30 item 2: a sale goes only into its sender's own shift and is recorded as theirs; a
  // manager does not send a cashier's sale (it waits in the outbox until that cashier signs in).
  if (shift.cashierId !== sender.id) throw posErrors.offlineOtherCashier();
  const hold = await offlineHold(db, request, shift, entries, options.maxAgeHours ?? DEFAULT_OUTBOX_MAX_AGE_HOURS);
  if (hold) {
    await holdOfflineSale(deps, sender, idempotencyKey, request, hold, options);
    throw posErrors.offlineHeld(hold.reason);
  }
  const approval = await offlineDiscountApproval(deps, sender, idempotencyKey, request, priced, options);
  const currentSubtotal = currentSubtotalOf(request, entries);
  const written = await writeOrReplay(deps, {
    ...offlineWrite(idempotencyKey, request, priced, approval, currentSubtotal, sender.id, options, entries),
    unavailableActivity: unavailableActivity(request, shift.storeId, entries, options),
  });
  if ('replayed' in written) return replay(deps, sender, written.existing, request);
  return recordedAnswer(deps, request.terminalId ?? null, written);
}

/**
 * Issue #32 item 2: an offline sale of a product its shift's store does not sell. The customer has
 * it and paid, so (like an offline discount above the cap, ADR 0014) the sale is recorded, never
 * refused, and an 'offline_sale_unavailable_at_store' activity row naming the products flags it for
 * a manager. Null when every line is sold there.
 */
export function unavailableActivity(
  request: Pick<OfflineSaleRequest, 'items' | 'soldAt'>,
  storeId: string,
  entries: ReadonlyMap<string, PricingEntry>,
  options: Pick<OfflineSaleOptions, 'ipAddress' | 'userAgent'>,
): OfflineSaleWrite['unavailableActivity'] {
  const products = [
    ...new Map(
      request.items
        .map((i) => entries.get(i.productId)?.product)
        .filter((p) => p !== undefined && !p.isAvailable)
        .map((p) => [p?.id as string, { productId: p?.id as string, productName: p?.name as string }]),
    ).values(),
  ];
  if (products.length === 0) return null;
  return {
    ipAddress: options.ipAddress ?? null,
    userAgent: options.userAgent ?? null,
    details: { storeId, products, soldAt: request.soldAt },
  };
}

/** The outbox's age when no setting is given (OFFLINE_OUTBOX_MAX_AGE_HOURS's default). */
export const DEFAULT_OUTBOX_MAX_AGE_HOURS = 24;

/** The sale as it is written: the terminal's amounts, checked, with its discounts and approval. */
export function offlineWrite(
  idempotencyKey: string,
  request: OfflineSaleRequest,
  priced: OfflinePriced,
  approval: OfflineApproval,
  currentSubtotal: Cents | null,
  senderId: string,
  options: Pick<OfflineSaleOptions, 'ipAddress' | 'userAgent'>,
  entries: ReadonlyMap<string, PricingEntry> = new Map(),
): OfflineSaleWrite {
  const d = priced.discounted;
  const { paid } = priced;
  const taxed = taxColumns(priced.money.tax);
  const amountReceived = paid.amountReceived === null ? null : centsToDecimal(paid.amountReceived);
  const grossCharged = request.items.reduce((sum, i) => sum + (parseCents(i.totalPrice) as Cents), 0);
  return {
    idempotencyKey,
    shiftId: request.shiftId,
    senderId,
    soldAt: new Date(request.soldAt),
    terminalId: request.terminalId ?? null,
    paymentMethod: paid.method,
    tenders: paid.tenders.map(tenderColumns),
    subtotal: money(request.subtotal),
    // transactions.tax keeps the card fee; the sales tax is its own column (ADR 0030).
    tax: centsToDecimal(priced.money.cardFee),
    salesTax: taxed.salesTax,
    pricesIncludeTax: taxed.pricesIncludeTax,
    total: money(request.total),
    referenceCode: paid.referenceCode,
    notes: request.notes?.trim() || null,
    amountReceived,
    currentSubtotal: currentSubtotal === null ? null : centsToDecimal(currentSubtotal),
    discountTotal: centsToDecimal(d.discountTotal),
    saleDiscount: discountColumns(priced.saleDiscount, d.saleDiscount),
    discountApprovedBy: approval.approvedBy?.id ?? null,
    customerId: request.customerId ?? null,
    discountActivity: approval.activity
      ? { ...approval.activity, ipAddress: options.ipAddress ?? null, userAgent: options.userAgent ?? null }
      : null,
    // Issue #30 item 1: a sale charged at other prices than today's (an older catalogue) is noted.
    priceActivity:
      currentSubtotal !== null && currentSubtotal !== grossCharged
        ? {
            ipAddress: options.ipAddress ?? null,
            userAgent: options.userAgent ?? null,
            details: {
              chargedSubtotal: centsToDecimal(grossCharged),
              currentSubtotal: centsToDecimal(currentSubtotal),
              difference: centsToDecimal(grossCharged - currentSubtotal),
              soldAt: request.soldAt,
            },
          }
        : null,
    recordedNow: false,
    lines: request.items.map((i, index) => {
      const dl = d.lines[index] as DiscountedSale['lines'][number];
      return {
        productId: i.productId,
        variantId: i.variantId ?? null,
        variantName: i.variantName ?? null,
        quantity: i.quantity,
        unitPrice: money(i.unitPrice),
        totalPrice: money(i.totalPrice),
        discount: discountColumns(priced.lineDiscounts[index] ?? null, dl.discountCents),
        saleDiscountShare: centsToDecimal(dl.saleShareCents),
        ...(taxed.lines[index] as { taxRate: string; tax: string }),
        modifiers: offlineModifiers(i.modifiers, entries.get(i.productId)),
      };
    }),
  };
}

/**
 * Issue #35 item 1: an offline line's modifiers as stored: today's names and prices (a line charged
 * at other option prices was held before it got here, offline-holds.service), or the bare option
 * ids when they can no longer be named (a held sale a manager records after an option was removed).
 */
function offlineModifiers(
  modifiers: ReadonlyArray<{ optionId: string }> | null | undefined,
  entry: PricingEntry | undefined,
): ChosenModifier[] | null {
  if (!modifiers?.length) return null;
  const now = modifiersNow(entry?.product.modifierGroups, modifiers);
  if (now?.chosen) return now.chosen;
  return modifiers.map((m) => ({ optionId: m.optionId, groupName: '', name: 'Modifier', price: '0.00' }));
}

type Recorded = Extract<OfflineWriteResult, { outcome: 'recorded' }>;

/**
 * Writes the sale; the refusals of the write become errors. `replayed` when the same key was
 * recorded meanwhile (a second tab, a retry): the caller answers with the first result.
 */
export async function writeOrReplay(
  deps: SalesDeps,
  sale: OfflineSaleWrite,
  afterInsert?: (tx: DbOrTx, id: string) => Promise<void>,
): Promise<Recorded | { replayed: true; existing: { id: string; userId: string } }> {
  let written: OfflineWriteResult;
  try {
    written = await writeOfflineSale(deps, sale, afterInsert);
  } catch (error) {
    // The same key raced in from a second tab or a retry: the unique index let only the first through.
    if (pgErrorCode(error) === '23505') {
      const raced = await findSaleIdByKey(deps.database.db, sale.idempotencyKey);
      if (raced) return { replayed: true, existing: raced };
      // The key is some other sale's id (never a terminal's random key): refused, nothing written.
      throw posErrors.differentContents();
    }
    throw error;
  }
  switch (written.outcome) {
    case 'already_recorded':
      return { replayed: true, existing: written.existing };
    case 'unknown_shift':
      throw posErrors.offlineUnknownShift();
    case 'other_cashier':
      throw posErrors.offlineOtherCashier();
    case 'unknown_product':
      throw posErrors.unknownProduct();
    case 'recorded':
      return written;
  }
}

/** Publishes a written sale and answers with it as stored. */
export async function recordedAnswer(
  deps: SalesDeps,
  terminalId: string | null,
  written: Recorded,
): Promise<RecordedOfflineSale> {
  if (terminalId) await markTerminalSynced(deps.database.db, terminalId);
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

/**
 * Issue #30 items 1 and 3: holds a refused sale for a manager (Stock Discrepancies), without any
 * approval PIN, and flags it in the activity feed. Nothing of the sale is recorded; the terminal
 * keeps it in its outbox with the refusal.
 */
async function holdOfflineSale(
  deps: SalesDeps,
  sender: AuthUser,
  idempotencyKey: string,
  request: OfflineSaleRequest,
  hold: OfflineHold,
  options: OfflineSaleOptions,
): Promise<void> {
  const { approverPin: _pin, sealedApproval: _sealed, ...body } = request;
  const inserted = await deps.database.db.transaction(async (tx) => {
    const fresh = await insertHeldSale(tx, {
      id: idempotencyKey,
      cashierId: sender.id,
      shiftId: request.shiftId,
      terminalId: request.terminalId ?? null,
      soldAt: new Date(request.soldAt),
      reason: hold.reason,
      details: hold.details,
      body,
      total: money(request.total),
    });
    if (fresh) {
      await recordActivity(tx, {
        userId: sender.id,
        activityType: OFFLINE_ACTIVITY.saleHeld,
        ipAddress: options.ipAddress ?? null,
        userAgent: options.userAgent ?? null,
        details: {
          reason: hold.reason,
          ...hold.details,
          heldSaleId: idempotencyKey,
          transactionNumber: transactionNumber(idempotencyKey),
          total: money(request.total),
        },
      });
    }
    return fresh;
  });
  if (inserted) deps.live.publish('discrepancy.changed', [idempotencyKey]);
}

/** A resend of a held sale: the recorded sale once a manager recorded it, else a 409. */
async function heldAnswer(
  deps: SalesDeps,
  sender: AuthUser,
  held: NonNullable<Awaited<ReturnType<typeof findHeldSale>>>,
): Promise<RecordedOfflineSale> {
  if (held.cashierId !== sender.id) throw posErrors.offlineOtherCashier();
  if (held.resolution === 'voided') throw posErrors.offlineVoided();
  if (held.resolution === 'recorded' && held.transactionId) {
    const stored = await findSale(deps.database.db, held.transactionId);
    const offline = await findOfflineSale(deps.database.db, held.transactionId);
    if (stored) {
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
  }
  throw posErrors.offlineHeld(held.reason as OfflineHold['reason']);
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
async function writeOfflineSale(
  deps: SalesDeps,
  sale: OfflineSaleWrite,
  afterInsert?: (tx: DbOrTx, id: string) => Promise<void>,
): Promise<OfflineWriteResult> {
  return deps.database.db.transaction(async (tx): Promise<OfflineWriteResult> => {
    const existing = await saleIdByKey(tx, sale.idempotencyKey);
    if (existing) return { outcome: 'already_recorded', existing };
    const shift = await lockShift(tx, sale.shiftId);
    if (!shift) return { outcome: 'unknown_shift' };
    // Issue #30 item 2: only the shift's own cashier (checked again under the shift's lock).
    if (shift.cashierId !== sale.senderId) return { outcome: 'other_cashier' };
    const lines = await resolveLines(tx, sale.lines);
    if (!lines) return { outcome: 'unknown_product' };

    // Dated when it was made, but never outside its shift nor in the future (terminal clocks drift).
    // A held sale a manager records is dated when recorded: it never rewrites a past day (issue #30 item 3).
    const now = Date.now();
    const latest = Math.min(now, shift.endedAt ? shift.endedAt.getTime() : now);
    const createdAt = sale.recordedNow
      ? new Date(now)
      : new Date(Math.max(shift.startedAt.getTime(), Math.min(sale.soldAt.getTime(), latest)));
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
    // A held sale's resolution, in the sale's transaction (it throws, rolling the sale back, when
    // another manager resolved it first).
    if (afterInsert) await afterInsert(tx, id);

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
    // The sales' lock order (by item id, ADR 0025): no deadlock with online sales.
    const items = await stockItemIds(tx, [...needs.values()]);
    const key = (n: { productId: string; variantId: string | null }) =>
      items.get(n.variantId ? `v${n.variantId}` : `p${n.productId}`) ?? '';
    const wanted = [...needs.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const shortfalls: Shortfall[] = [];
    for (const need of wanted) {
      const result = await applyStockDelta(tx, {
        productId: need.productId,
        variantId: need.variantId,
        quantity: -need.quantity,
        floor: true,
        reason: 'sale',
        storeId: shift.storeId,
        userId: shift.cashierId,
        documentType: 'transaction',
        documentId: id,
      });
      // Issue #37 (ADR 0036): the lines record the cost of what left (the level's average).
      if (result.outcome === 'applied' && result.unitCost) {
        await setLineUnitCost(tx, id, need.productId, need.variantId, result.unitCost);
      }
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
    // Dated when it was made, it can land in a day whose figures an instance keeps (a past day, a
    // closed shift): bump the sales revision so every instance drops its kept days (ADR 0007).
    await salesChanged(tx);
    const flags = [
      [OFFLINE_ACTIVITY.priceDiffers, sale.priceActivity],
      [OFFLINE_ACTIVITY.unavailableAtStore, sale.unavailableActivity],
    ] as const;
    for (const [activityType, activity] of flags) {
      if (!activity) continue;
      const { ipAddress, userAgent, details } = activity;
      await recordActivity(tx, {
        userId: shift.cashierId,
        activityType,
        ipAddress,
        userAgent,
        details: { ...details, transactionId: id, transactionNumber: transactionNumber(id) },
      });
    }
    if (sale.discountActivity) {
      const { activityType, ipAddress, userAgent, details } = sale.discountActivity;
      await recordActivity(tx, {
        userId: shift.cashierId,
        activityType,
        ipAddress,
        userAgent,
        details: { ...details, transactionId: id, transactionNumber: transactionNumber(id) },
      });
    }
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

/** An offline sale's amounts under the discount rule, as checked. */
export type OfflinePriced = {
  discounted: DiscountedSale;
  lineDiscounts: Array<Discount | null>;
  saleDiscount: Discount | null;
  /** Issue #34 item 1: its tenders, by the rule of the online sale (one for a sale without `tenders`). */
  paid: PaidTenders;
  /** Issue #34 item 2: its sales tax (at the rates in force when it arrives) and card fee. */
  money: SaleMoney;
};

/**
 * The terminal's amounts must add up (spec §9 Money and fees), at whatever prices it charged,
 * under THE discount rule (packages/shared/src/discount-rules.ts, the one the cart and the online sale
 * use): line = unit × quantity (before discounts), then the line and sale discounts it carries,
 * subtotal = Σ nets, card fee = 2.5% of that subtotal for card methods, total = subtotal + fee,
 * cash received ≥ total. A sale that does not add up is a terminal bug, refused with 400 (it
 * stays in the terminal's outbox with the reason, never dropped).
 */
export function checkAmountsAddUp(
  request: OfflineSaleRequest,
  entries: ReadonlyMap<string, PricingEntry> = new Map(),
): OfflinePriced {
  const cents = (v: string) => parseCents(v) as Cents;
  for (const item of request.items) {
    if (cents(item.unitPrice) * item.quantity !== cents(item.totalPrice)) throw posErrors.offlineAmounts();
  }
  const lineDiscounts = request.items.map((i) => toDiscount(i.discount));
  const saleDiscount = toDiscount(request.discount);
  const discounted = priceDiscountedSale(
    request.items.map((i, index) => ({
      unitCents: cents(i.unitPrice),
      quantity: i.quantity,
      discount: lineDiscounts[index] ?? null,
    })),
    saleDiscount,
    request.tenders ? 'cash' : request.paymentMethod,
  );
  // A discount larger than what it is on cannot have been charged: the amounts do not add up.
  if (isDiscountRefusal(discounted)) throw posErrors.offlineAmounts();
  if (cents(request.subtotal) !== discounted.subtotal) throw posErrors.offlineAmounts();
  // Issue #34: tenders are checked by the online sale's rule (tenderTotals): 400 per field.
  // Issue #34 item 2 (ADR 0030): the sales tax at the rates in force at the shift's store now.
  // A terminal that says its rates is checked at what it charged (a rate changed since is held for
  // a manager by offlineHold); one that does not, at the rates in force.
  const money = saleMoney(request, discounted, ...statedTaxContext(request, entries));
  const totals = money.totals;
  if (cents(request.tax) !== totals.tax) throw posErrors.offlineAmounts();
  if (request.cardFee !== undefined && cents(request.cardFee) !== money.cardFee) throw posErrors.offlineAmounts();
  const total = cents(request.total);
  if (total !== totals.total) throw posErrors.offlineAmounts();
  if (total > MAX_CENTS) throw posErrors.saleTooLarge();
  const paid = paidTenders(request, money);
  return { discounted, lineDiscounts, saleDiscount, paid, money };
}

/**
 * The rates and setting the terminal says it charged (issue #34 item 2), each falling back to the
 * one in force where it says nothing.
 */
export function statedTaxContext(
  request: Pick<OfflineSaleRequest, 'items' | 'pricesIncludeTax'>,
  entries: ReadonlyMap<string, PricingEntry>,
): [rates: number[], pricesIncludeTax: boolean] {
  const [inForce, includedNow] = offlineTaxContext(request, entries);
  const rates = request.items.map((i, index) =>
    i.taxRate === undefined ? (inForce[index] ?? 0) : (taxRateHundredths(i.taxRate) ?? 0),
  );
  return [rates, request.pricesIncludeTax ?? includedNow];
}

export type OfflineApproval = {
  /** The manager whose PIN approved a discount above the cashier's cap. */
  approvedBy: AuthUser | null;
  /** The activity row written with the sale (none when the discount is within the cap). */
  activity: { activityType: string; details: Record<string, unknown> } | null;
};

/**
 * Why an over-cap offline discount stands without approval (the flag's `reason`). A sealed PIN
 * that cannot be opened (unknown key id, not a ciphertext of it) is `approval_unreadable`; one
 * sealed for another sale (another Idempotency-Key: copied from another outbox record) is
 * `approval_other_sale`, and its PIN is not tried.
 */
type UnapprovedReason =
  | 'no_pin'
  | 'pin_refused'
  | 'pin_throttled'
  | 'approver_cap'
  | 'approval_unreadable'
  | 'approval_other_sale';

/**
 * Issue #15 item 7 × issue #19 (ADR 0014): the customer has already paid, so an offline sale is
 * never refused for a discount cap. The cap is its cashier's (the shift's, not the sender's). Above
 * it, the manager's PIN typed on the terminal is checked as online (counted on the PIN throttle,
 * 'approval_granted' / 'approval_refused' rows) and the approver recorded; without a PIN, with a
 * wrong or throttled one, or with a manager whose own cap does not cover it, the sale is recorded
 * without an approver and a 'discount_over_cap_unapproved' row flags it for a manager.
 */
async function offlineDiscountApproval(
  deps: SalesDeps,
  sender: AuthUser,
  idempotencyKey: string,
  request: OfflineSaleRequest,
  priced: OfflinePriced,
  options: OfflineSaleOptions,
): Promise<OfflineApproval> {
  const none: OfflineApproval = { approvedBy: null, activity: null };
  const d = priced.discounted;
  if (d.discountTotal === 0) return none;
  const cashier = await shiftCashier(deps.database.db, request.shiftId);
  // An unknown shift or another cashier's sale is refused by the write: no PIN is checked for it.
  if (!cashier || cashier.id !== sender.id) return none;
  const caps = await discountCaps(deps.database.db);
  const sellerCap = caps[cashier.role];
  if (!isOverCap(d, sellerCap)) return none;
  const amounts = {
    capPercent: sellerCap,
    grossSubtotal: centsToDecimal(d.grossSubtotal),
    lineDiscounts: centsToDecimal(d.lineDiscounts),
    saleDiscount: centsToDecimal(d.saleDiscount),
    discountTotal: centsToDecimal(d.discountTotal),
    subtotal: centsToDecimal(d.subtotal),
    offline: true,
  };
  const unapproved = (reason: UnapprovedReason, extra: Record<string, unknown> = {}): OfflineApproval => ({
    approvedBy: null,
    activity: {
      activityType: DISCOUNT_ACTIVITY.discountOverCapUnapproved,
      details: { ...amounts, reason, soldAt: request.soldAt, ...extra },
    },
  });
  let pin = request.approverPin?.trim() || null;
  if (request.sealedApproval) {
    const opened = options.unseal ? await options.unseal(request.sealedApproval) : null;
    if (!opened?.ok) {
      return unapproved('approval_unreadable', {
        sealedKeyId: request.sealedApproval.kid,
        sealedError: opened?.reason ?? 'unreadable',
      });
    }
    // Bound to one sale: a sealed PIN lifted from another outbox record approves nothing here.
    if (opened.content.idempotencyKey.toLowerCase() !== idempotencyKey.toLowerCase()) {
      return unapproved('approval_other_sale');
    }
    pin = opened.content.pin.trim() || null;
  }
  if (!pin || !options.approve) return unapproved('no_pin');
  // A retry racing the first delivery: the write answers it (replayed); the PIN is not asked again.
  if (await findSaleIdByKey(deps.database.db, idempotencyKey)) return none;
  let approver: AuthUser;
  try {
    approver = await options.approve(pin, cashier, {
      action: 'discount',
      details: {
        discountTotal: amounts.discountTotal,
        grossSubtotal: amounts.grossSubtotal,
        capPercent: sellerCap,
        offline: true,
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return unapproved('pin_throttled');
    if (error instanceof AppError && error.statusCode === 403) return unapproved('pin_refused');
    throw error;
  }
  const approverName = displayName(approver);
  if (isOverCap(d, caps[approver.role])) {
    return unapproved('approver_cap', { approverId: approver.id, approverName });
  }
  return {
    approvedBy: approver,
    activity: {
      activityType: DISCOUNT_ACTIVITY.discountOverCap,
      details: { ...amounts, approverId: approver.id, approverName },
    },
  };
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
    const unit = currentUnitPrice(item, entries);
    if (unit === null) return null;
    subtotal += unit * item.quantity;
  }
  return subtotal;
}

/** A line's unit price at the catalogue's prices now; null when it can no longer be priced. */
export function currentUnitPrice(
  item: Pick<OfflineSaleRequest['items'][number], 'productId' | 'variantId' | 'variantName' | 'modifiers'>,
  entries: ReadonlyMap<string, PricingEntry>,
): Cents | null {
  const entry = entries.get(item.productId);
  if (!entry) return null;
  const size = currentSizePrice(item, entry);
  // Issue #35 item 1: plus the line's modifiers at today's options (null when no longer offered).
  const modifiers = modifiersNow(entry.product.modifierGroups, item.modifiers);
  return size === null || modifiers === null ? null : ((size + modifiers.cents) as Cents);
}

function currentSizePrice(
  item: Pick<OfflineSaleRequest['items'][number], 'variantId' | 'variantName'>,
  entry: PricingEntry,
): Cents | null {
  const priceCents = parseCents(entry.product.price) ?? 0;
  const wanted = item.variantName?.trim().toLowerCase() || null;
  if (!item.variantId && !wanted) return priceCents;
  const options = sizePricesFor({ categoryName: entry.product.categoryName, priceCents }, entry.variants);
  const option =
    (item.variantId && options.find((o) => o.variantId === item.variantId)) ||
    (wanted && options.find((o) => o.name.toLowerCase() === wanted)) ||
    null;
  return option ? option.priceCents : null;
}

/** A resent sale: the first result when it is the same sale, else 409 (IETF idempotency-key draft). */
async function replay(
  deps: SalesDeps,
  sender: AuthUser,
  existing: { id: string; userId: string },
  request: OfflineSaleRequest,
): Promise<RecordedOfflineSale> {
  if (existing.userId !== sender.id) throw posErrors.differentContents();
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
