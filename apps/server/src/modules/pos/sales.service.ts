import {
  type Cents,
  centsToDecimal,
  decimalToCents,
  MAX_CENTS,
  parseCents,
  type SaleRequest,
  type SaleResponse,
  type SaleTotals,
  saleTotals,
  storedReference,
} from '@retail-hub/shared';
import type { Database } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../types';
import type { Publisher } from './live-updates';
import { posErrors } from './pos.errors';
import type { PricingCache } from './pricing-cache';
import { clientTotalsDisagree, type PricedLine, priceSaleLines, type SaleVariant, stockNeeds } from './sale-pricing';
import { saleResponse } from './sale-response';
import { type PricingEntry, type SaleWriteResult, writeSale } from './sale-write.repository';
import { findSale, findSaleIdByKey, type StoredSale } from './sales.repository';
import { findOpenShift } from './shifts.repository';

export type SalesDeps = { database: Database; pricing: PricingCache; live: Publisher };

export type RecordedSale = { replayed: boolean; sale: SaleResponse };

/** A sale as the server priced it, ready to write. */
type PricedSale = {
  lines: PricedLine[];
  totals: SaleTotals;
  amountReceived: Cents | null;
  pricedWith: Array<{ productId: string; fingerprint: string }>;
};

/** Pricing attempts before a sale whose catalogue keeps changing under it is refused. */
const MAX_PRICING_ATTEMPTS = 3;

/**
 * Records a sale (spec §4 Cart and checkout; architecture guide, Data). The server is the
 * authority: it reprices every line from its own catalogue, computes the card fee and total and
 * refuses a disagreement; then one statement (one database transaction) checks the shift, the
 * catalogue and the stock, moves the stock and writes the sale. The same Idempotency-Key returns
 * the first result and writes nothing.
 */
export async function recordSale(
  deps: SalesDeps,
  cashier: AuthUser,
  idempotencyKey: string,
  request: SaleRequest,
): Promise<RecordedSale> {
  const productIds = [...new Set(request.items.map((i) => i.productId))];
  let fresh = false;
  for (let attempt = 1; ; attempt++) {
    let priced: PricedSale;
    try {
      priced = await priceSale(deps, request, productIds, fresh);
    } catch (error) {
      if (error instanceof AppError) {
        // A refused retry is still a retry: the first result wins over today's prices or stock.
        const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
        if (existing) return replay(deps, cashier, existing, request);
        // spec §8 Transactions: without a shift the answer is always the shift message (it opens
        // the terminal's shift prompt), whatever else is wrong with the sale. Checked only on this
        // refusal path: a sale that prices cleanly learns about its shift in the write itself.
        if (!(await findOpenShift(deps.database.db, cashier.id))) throw posErrors.shiftRequired();
      }
      throw error;
    }
    const written = await write(deps, cashier, idempotencyKey, request, priced);
    switch (written.outcome) {
      case 'recorded':
        deps.live.publish('sale.recorded', [written.id]);
        deps.live.publish('stock.changed', productIds);
        return { replayed: false, sale: saleResponse(storedForm(cashier, idempotencyKey, request, priced, written)) };
      case 'already_recorded':
        return replay(deps, cashier, written.existing, request);
      case 'no_open_shift':
        throw posErrors.shiftRequired();
      case 'short':
        throw posErrors.insufficientStock(written.available, written.need.productName);
      case 'repriced':
        // The catalogue changed between pricing and writing: price again from the database.
        if (attempt >= MAX_PRICING_ATTEMPTS) throw posErrors.totalsMismatch();
        fresh = true;
    }
  }
}

/** Prices from the cache; a refusal based on cached facts is re-decided on fresh ones. */
async function priceSale(
  deps: SalesDeps,
  request: SaleRequest,
  productIds: string[],
  fresh: boolean,
): Promise<PricedSale> {
  const entries = await deps.pricing.get(productIds, { fresh });
  try {
    return priceFrom(entries, request);
  } catch (error) {
    if (fresh || !(error instanceof AppError)) throw error;
    return priceFrom(await deps.pricing.get(productIds, { fresh: true }), request);
  }
}

function priceFrom(entries: ReadonlyMap<string, PricingEntry>, request: SaleRequest): PricedSale {
  const productsById = new Map([...entries.values()].map((e) => [e.product.id, e.product]));
  const variantsByProduct = new Map<string, SaleVariant[]>(
    [...entries.values()].map((e) => [e.product.id, e.variants]),
  );
  const lines = priceSaleLines(request.items, productsById, variantsByProduct);
  const totals = saleTotals(
    lines.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity })),
    request.paymentMethod,
  );
  if (clientTotalsDisagree(request, lines, totals)) throw posErrors.totalsMismatch();
  if (totals.total > MAX_CENTS || lines.some((l) => l.unitCents * l.quantity > MAX_CENTS))
    throw posErrors.saleTooLarge();
  const amountReceived = cashReceived(request, totals.total);
  // A product sold with a size is checked on its size options too; a plain one on itself only.
  const sized = new Set(request.items.filter((i) => i.variantId || i.variantName?.trim()).map((i) => i.productId));
  const pricedWith = [...new Set(lines.map((l) => l.productId))].map((productId) => {
    const { fingerprints } = entries.get(productId) as PricingEntry;
    return { productId, fingerprint: sized.has(productId) ? fingerprints.sized : fingerprints.plain };
  });
  return { lines, totals, amountReceived, pricedWith };
}

/**
 * spec §5 Cash sale: the amount received must be at least the total. The §3/§7 sale payload has
 * no amountReceived and §4 says the amount paid defaults to the total, so a cash sale without one
 * is paid exactly (change 0) and is stored as such. Null for other methods.
 */
function cashReceived(request: SaleRequest, total: Cents): Cents | null {
  if (request.paymentMethod !== 'cash') return null;
  if (request.amountReceived === null || request.amountReceived === undefined) return total;
  const received = parseCents(request.amountReceived);
  if (received === null || received < total) throw posErrors.insufficientPayment();
  return received;
}

async function write(
  deps: SalesDeps,
  cashier: AuthUser,
  idempotencyKey: string,
  request: SaleRequest,
  priced: PricedSale,
): Promise<SaleWriteResult> {
  try {
    return await withDeadlockRetry(() =>
      writeSale(deps.database, {
        userId: cashier.id,
        idempotencyKey,
        subtotal: centsToDecimal(priced.totals.subtotal),
        tax: centsToDecimal(priced.totals.tax),
        total: centsToDecimal(priced.totals.total),
        paymentMethod: request.paymentMethod,
        referenceCode: storedReference(request.referenceCode),
        notes: normaliseNotes(request.notes),
        amountReceived: priced.amountReceived === null ? null : centsToDecimal(priced.amountReceived),
        pricedWith: priced.pricedWith,
        needs: stockNeeds(priced.lines),
        lines: priced.lines.map((l) => ({
          productId: l.productId,
          variantId: l.variantId,
          variantName: l.variantName,
          quantity: l.quantity,
          unitPrice: centsToDecimal(l.unitCents),
          totalPrice: centsToDecimal(l.unitCents * l.quantity),
        })),
      }),
    );
  } catch (error) {
    // The same key raced in from a concurrent retry: the unique index let only the first through.
    if (pgErrorCode(error) === '23505') {
      const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
      if (existing) return { outcome: 'already_recorded', existing };
    }
    throw error;
  }
}

/** The sale just written, in the form a stored one is read back (so a replay answers the same). */
function storedForm(
  cashier: AuthUser,
  idempotencyKey: string,
  request: SaleRequest,
  priced: PricedSale,
  written: Extract<SaleWriteResult, { outcome: 'recorded' }>,
): StoredSale {
  return {
    id: written.id,
    userId: cashier.id,
    shiftId: written.shiftId,
    createdAt: written.createdAt,
    subtotal: centsToDecimal(priced.totals.subtotal),
    tax: centsToDecimal(priced.totals.tax),
    total: centsToDecimal(priced.totals.total),
    paymentMethod: request.paymentMethod,
    referenceCode: storedReference(request.referenceCode),
    notes: normaliseNotes(request.notes),
    amountReceived: priced.amountReceived === null ? null : centsToDecimal(priced.amountReceived),
    status: 'completed',
    idempotencyKey,
    cashier: { firstName: cashier.firstName, lastName: cashier.lastName },
    items: priced.lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      variantId: l.variantId,
      variantName: l.variantName,
      quantity: l.quantity,
      unitPrice: centsToDecimal(l.unitCents),
      totalPrice: centsToDecimal(l.unitCents * l.quantity),
    })),
  };
}

/**
 * Sales lock shared stock rows in the same (id) order, so a deadlock should not occur; if
 * PostgreSQL still reports one (or a serialization failure), the statement was rolled back as a
 * whole and is simply run again.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/** A retried request: the first result when it is the same sale by the same cashier, else 409. */
async function replay(
  deps: SalesDeps,
  cashier: AuthUser,
  existing: { id: string; userId: string },
  request: SaleRequest,
): Promise<RecordedSale> {
  if (existing.userId !== cashier.id) throw posErrors.differentContents();
  const stored = await findSale(deps.database.db, existing.id);
  if (!stored || !isSameSale(stored, request)) throw posErrors.differentContents();
  return { replayed: true, sale: saleResponse(stored) };
}

function normaliseNotes(notes: string | null | undefined): string | null {
  const trimmed = notes?.trim();
  return trimmed ? trimmed : null;
}

/** Does a retried body describe the sale already stored? Lines are compared in cart order. */
export function isSameSale(stored: StoredSale, request: SaleRequest): boolean {
  const cents = (value: string) => parseCents(value);
  if (stored.paymentMethod !== request.paymentMethod) return false;
  if (decimalToCents(stored.subtotal) !== cents(request.subtotal)) return false;
  if (decimalToCents(stored.tax) !== cents(request.tax)) return false;
  if (decimalToCents(stored.total) !== cents(request.total)) return false;
  if (stored.referenceCode !== storedReference(request.referenceCode)) return false;
  if (stored.notes !== normaliseNotes(request.notes)) return false;
  if (request.paymentMethod === 'cash') {
    // Without amountReceived the sale was paid exactly (spec §4), as recordSale stored it.
    const received = request.amountReceived ? cents(request.amountReceived) : cents(request.total);
    if (stored.amountReceived === null || decimalToCents(stored.amountReceived) !== received) return false;
  }
  if (stored.items.length !== request.items.length) return false;
  return request.items.every((item, i) => {
    const line = stored.items[i] as StoredSale['items'][number];
    if (line.productId !== item.productId || line.quantity !== item.quantity) return false;
    if (decimalToCents(line.unitPrice) !== cents(item.unitPrice)) return false;
    if (item.variantId) return line.variantId === item.variantId;
    const name = item.variantName?.trim().toLowerCase() || null;
    return (line.variantName?.toLowerCase() ?? null) === name;
  });
}
