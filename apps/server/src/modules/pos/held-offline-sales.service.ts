import {
  type Cents,
  centsToDecimal,
  DISCOUNT_ACTIVITY,
  displayName,
  type HeldOfflineSale,
  type HeldSaleReason,
  isDiscountRefusal,
  isOverCap,
  OFFLINE_ACTIVITY,
  type OfflineSaleRequest,
  parseCents,
  priceDiscountedSale,
  type ResolveHeldSaleBody,
  remainingDue,
  saleTaxFigures,
  type TenderRequest,
  toDiscount,
  transactionNumber,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { recordActivity } from '../activity/index';
import { discountCaps } from './discount-caps.service';
import { listHeldSales, markHeldResolved, productNames } from './discrepancies.repository';
import { offlineTaxContext } from './offline-holds.service';
import { findHeldSale, shiftCashier } from './offline-sales.repository';
import {
  currentSubtotalOf,
  currentUnitPrice,
  type OfflineApproval,
  type OfflinePriced,
  offlineWrite,
  recordedAnswer,
  writeOrReplay,
} from './offline-sales.service';
import { posErrors } from './pos.errors';
import type { PricingEntry } from './sale-write.repository';
import { paidTenders, type SalesDeps, saleMoney } from './sales.service';

/**
 * Issue #30 items 1 and 3 (ADR 0014): offline sales refused and held for a manager, part of the
 * discrepancy flow (Stock Discrepancies screen, `inventory.manage`): listed, then recorded at the
 * current prices or voided.
 */

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim() || null;

type HeldRow = Awaited<ReturnType<typeof listHeldSales>>[number];

const HELD_MESSAGES: Record<HeldSaleReason, (details: Record<string, unknown>) => string> = {
  price_unknown: (d) => {
    const lines = (d.lines as Array<{ productName?: string; unitPrice?: string }> | undefined) ?? [];
    const named = lines.map((l) => `${l.productName ?? 'A product'} at $${l.unitPrice}`).join(', ');
    return `Charged at a price the product did not have while the terminal was offline: ${named}.`;
  },
  other_terminal: () => 'Dated into a shift started on another terminal.',
  shift_too_old: (d) =>
    `Dated into a shift that closed on ${String(d.shiftEndedAt ?? '')}, longer ago than the outbox may hold a sale.`,
  tax_rate_changed: (d) => {
    const lines = (d.lines as Array<{ productName?: string; taxRate?: string; rateNow?: string }> | undefined) ?? [];
    const named = lines.map((l) => `${l.productName ?? 'A product'} at ${l.taxRate}% (now ${l.rateNow}%)`);
    if (d.includedNow !== undefined)
      named.push(d.includedNow ? 'prices now include tax' : 'prices no longer include tax');
    return `Charged at a tax rate no longer in force: ${named.join(', ')}.`;
  },
};

function toHeldSale(r: HeldRow, names: ReadonlyMap<string, string>, entries: ReadonlyMap<string, PricingEntry>) {
  const h = r.held;
  const body = h.body as OfflineSaleRequest;
  const reason = h.reason as HeldSaleReason;
  return {
    id: h.id,
    number: transactionNumber(h.id),
    cashierName: fullName(r.cashierFirstName, r.cashierLastName),
    shiftId: h.shiftId,
    terminalId: h.terminalId,
    soldAt: h.soldAt.toISOString(),
    receivedAt: h.receivedAt.toISOString(),
    reason,
    message: HELD_MESSAGES[reason](h.details as Record<string, unknown>),
    paymentMethod: body.paymentMethod,
    total: h.total,
    items: body.items.map((i) => {
      const current = currentUnitPrice(i, entries);
      return {
        productId: i.productId,
        productName: names.get(i.productId) ?? null,
        variantName: i.variantName ?? null,
        quantity: i.quantity,
        unitPrice: centsToDecimal(parseCents(i.unitPrice) as Cents),
        currentUnitPrice: current === null ? null : centsToDecimal(current),
      };
    }),
    resolvedAt: h.resolvedAt ? h.resolvedAt.toISOString() : null,
    resolvedByName: h.resolvedAt ? fullName(r.resolverFirstName, r.resolverLastName) : null,
    resolution: (h.resolution as 'recorded' | 'voided' | null) ?? null,
    resolutionNote: h.resolutionNote,
    transactionId: h.transactionId,
  } satisfies HeldOfflineSale;
}

/**
 * Issue #30 items 1 and 3: offline sales refused and held for a manager, listed beside the stock
 * discrepancies (one screen, one flow), with what each line would cost now.
 */
export async function heldOfflineSales(
  deps: SalesDeps,
  status: 'open' | 'resolved' | 'all',
  options: { id?: string } = {},
): Promise<HeldOfflineSale[]> {
  const rows = await listHeldSales(deps.database.db, status, options);
  const productIds = [
    ...new Set(rows.flatMap((r) => (r.held.body as OfflineSaleRequest).items.map((i) => i.productId))),
  ];
  const names = await productNames(deps.database.db, productIds);
  // Issue #32 item 2: what each line would cost now at its shift's store.
  const pricesByShift = new Map<number, ReadonlyMap<string, PricingEntry>>();
  for (const shiftId of new Set(rows.map((r) => r.held.shiftId))) {
    const storeId = await deps.pricing.storeOfShift(shiftId);
    pricesByShift.set(shiftId, storeId ? await deps.pricing.get(storeId, productIds, { fresh: true }) : new Map());
  }
  return rows.map((r) => toHeldSale(r, names, pricesByShift.get(r.held.shiftId) ?? new Map()));
}

/**
 * A manager resolves a held offline sale (issue #30 items 1 and 3):
 * - `record`: the sale is recorded at the catalogue's prices now (its discounts as given, under
 *   the shared rule), in its cashier's shift, dated now (a late sale when that shift has closed:
 *   its Z report and its day never change). Stock moves as for any offline sale. A discount above
 *   the cashier's cap is approved by the resolving manager when their own cap covers it.
 * - `void`: nothing is recorded.
 * Either way the held row names the manager and an activity row records it; two managers at once:
 * one wins, the other gets 409.
 */
export async function resolveHeldOfflineSale(
  deps: SalesDeps,
  manager: AuthUser,
  id: string,
  body: ResolveHeldSaleBody,
  facts: { ipAddress: string | null; userAgent: string | null },
): Promise<HeldOfflineSale> {
  const db = deps.database.db;
  const held = await findHeldSale(db, id);
  if (!held) throw posErrors.heldOfflineSaleNotFound();
  if (held.resolvedAt) throw posErrors.heldOfflineSaleResolved();
  const activity = (tx: DbOrTx, activityType: string, extra: Record<string, unknown> = {}) =>
    recordActivity(tx, {
      userId: manager.id,
      activityType,
      ...facts,
      details: {
        heldSaleId: id,
        transactionNumber: transactionNumber(id),
        cashierId: held.cashierId,
        reason: held.reason,
        note: body.note,
        ...extra,
      },
    });
  if (body.action === 'void') {
    const done = await db.transaction(async (tx) => {
      if (!(await markHeldResolved(tx, { id, userId: manager.id, resolution: 'voided', note: body.note })))
        return false;
      await activity(tx, OFFLINE_ACTIVITY.heldSaleVoided, { total: held.total });
      return true;
    });
    if (!done) throw posErrors.heldOfflineSaleResolved();
  } else {
    await recordHeldSale(deps, manager, held, body, activity);
  }
  deps.live.publish('discrepancy.changed', [id]);
  const [resolved] = await heldOfflineSales(deps, 'all', { id });
  if (!resolved) throw posErrors.heldOfflineSaleNotFound();
  return resolved;
}

/**
 * Issue #34 (review, 29 Nov): a held split sale keeps the tenders the terminal took (the drawer
 * holds that cash; the card slips are those amounts): every tender as taken but the last, which
 * pays what is left at today's prices. Nothing left for it (the sale got cheaper than the others
 * paid) is refused: the manager voids it. A one-tender sale: undefined (its method pays it all).
 */
function heldTenders(sent: OfflineSaleRequest, subtotal: Cents): TenderRequest[] | undefined {
  const tenders = sent.tenders;
  if (!tenders || tenders.length < 2) return undefined;
  const kept = tenders
    .slice(0, -1)
    .map((t) => ({ method: t.method, amount: t.amount, referenceCode: t.referenceCode }));
  const last = tenders[tenders.length - 1] as TenderRequest;
  const paid = kept.map((t) => ({ method: t.method, amount: parseCents(t.amount) ?? 0 }));
  const due = remainingDue(subtotal, paid, last.method);
  if (due <= 0) throw posErrors.heldOfflineSaleUnpriceable();
  return [...kept, { method: last.method, amount: centsToDecimal(due), referenceCode: last.referenceCode }];
}

async function recordHeldSale(
  deps: SalesDeps,
  manager: AuthUser,
  held: NonNullable<Awaited<ReturnType<typeof findHeldSale>>>,
  body: ResolveHeldSaleBody,
  activity: (tx: DbOrTx, type: string, extra?: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const sent = held.body as OfflineSaleRequest;
  const productIds = [...new Set(sent.items.map((i) => i.productId))];
  const storeId = await deps.pricing.storeOfShift(held.shiftId);
  const entries = storeId ? await deps.pricing.get(storeId, productIds, { fresh: true }) : new Map();
  const units = sent.items.map((i) => currentUnitPrice(i, entries));
  if (units.some((u) => u === null)) throw posErrors.heldOfflineSaleUnpriceable();
  const lineDiscounts = sent.items.map((i) => toDiscount(i.discount));
  const saleDiscount = toDiscount(sent.discount);
  const discounted = priceDiscountedSale(
    sent.items.map((i, index) => ({
      unitCents: units[index] as Cents,
      quantity: i.quantity,
      discount: lineDiscounts[index] ?? null,
    })),
    saleDiscount,
    sent.paymentMethod,
  );
  if (isDiscountRefusal(discounted)) throw posErrors.heldOfflineSaleUnpriceable();
  // Issue #34 item 2: at today's tax rates too (ADR 0030); the tenders pay the taxed amount.
  const taxContext = offlineTaxContext(sent, entries);
  const taxBase = saleTaxFigures(
    discounted.lines.map((l) => l.netCents),
    ...taxContext,
  ).base;
  // Recorded at today's rates: what the terminal said it charged is left out (issue #34 item 2).
  const { pricesIncludeTax: _stated, ...unstated } = sent;
  const request: OfflineSaleRequest = {
    ...unstated,
    items: sent.items.map(({ taxRate: _rate, ...i }, index) => ({
      ...i,
      unitPrice: centsToDecimal(units[index] as Cents),
      totalPrice: centsToDecimal((units[index] as Cents) * i.quantity),
    })),
    subtotal: centsToDecimal(discounted.subtotal),
    tax: centsToDecimal(discounted.tax),
    total: centsToDecimal(discounted.total),
    amountReceived: null,
    // Issue #34: repriced at today's prices, a one-tender sale is one tender of its method; a split
    // keeps its tenders, the last paying what is left (heldTenders).
    tenders: heldTenders(sent, taxBase),
  };
  delete request.cardFee;
  const money = saleMoney(request, discounted, ...taxContext);
  request.tax = centsToDecimal(money.totals.tax);
  request.total = centsToDecimal(money.totals.total);
  const priced: OfflinePriced = {
    discounted,
    lineDiscounts,
    saleDiscount,
    paid: paidTenders(request, money),
    money,
  };
  let approval: OfflineApproval = { approvedBy: null, activity: null };
  const caps = await discountCaps(deps.database.db);
  const cashierRole = (await shiftCashier(deps.database.db, held.shiftId))?.role;
  if (discounted.discountTotal > 0 && cashierRole && isOverCap(discounted, caps[cashierRole])) {
    if (isOverCap(discounted, caps[manager.role])) throw posErrors.heldOfflineSaleUnpriceable();
    approval = {
      approvedBy: manager,
      activity: {
        activityType: DISCOUNT_ACTIVITY.discountOverCap,
        details: {
          capPercent: caps[cashierRole],
          discountTotal: centsToDecimal(discounted.discountTotal),
          approverId: manager.id,
          approverName: displayName(manager),
          offline: true,
        },
      },
    };
  }
  const write = {
    ...offlineWrite(
      held.id,
      request,
      priced,
      approval,
      currentSubtotalOf(request, entries),
      held.cashierId,
      {},
      entries,
    ),
    recordedNow: true,
    priceActivity: null,
  };
  const written = await writeOrReplay(deps, write, async (tx, saleId) => {
    if (!(await markHeldResolved(tx, { id: held.id, userId: manager.id, resolution: 'recorded', note: body.note }))) {
      throw posErrors.heldOfflineSaleResolved();
    }
    await activity(tx, OFFLINE_ACTIVITY.heldSaleRecorded, { transactionId: saleId, total: request.total });
  });
  if ('replayed' in written) throw posErrors.heldOfflineSaleResolved();
  await recordedAnswer(deps, null, written);
}
