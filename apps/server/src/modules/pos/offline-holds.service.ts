import {
  type Cents,
  centsToDecimal,
  type HeldSaleReason,
  type OfflineSaleRequest,
  parseCents,
  ruleOptionsFor,
  taxRateHundredths,
  taxRateToString,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pricesSince, type shiftFacts } from './offline-sales.repository';
import { modifiersNow } from './sale-pricing';
import type { PricingEntry } from './sale-write.repository';

const HOUR_MS = 60 * 60 * 1000;

export type OfflineHold = { reason: HeldSaleReason; details: Record<string, unknown> };

type ShiftFacts = NonNullable<Awaited<ReturnType<typeof shiftFacts>>>;

/**
 * Issue #30 items 1 and 3 (ADR 0014): whether an offline sale of the sender's own shift must be
 * refused and held for a manager rather than recorded. Null when it may be recorded.
 *
 * - item 3: a shift bound to a terminal at its start takes offline sales only from that terminal,
 *   and a shift closed longer ago than the outbox may hold a sale (OFFLINE_OUTBOX_MAX_AGE_HOURS)
 *   takes none: a closed day is not rewritten from a month-old outbox record.
 * - item 1: each line's unit price must be one its product (or its size option) really had at some
 *   moment from the outbox's age before the sale until it arrived (price_history). The terminal
 *   priced from its catalogue copy, at most that old; no real price was ever $0.01. A $0 line is
 *   refused like any other price the product never had: giving an item away is a 100% discount,
 *   which goes through the discount cap and its manager approval like every discount. Issue #32
 *   item 2: the prices of the shift's store: the product's own and that store's own prices.
 */
export async function offlineHold(
  db: DbOrTx,
  request: OfflineSaleRequest,
  shift: ShiftFacts,
  entries: ReadonlyMap<string, PricingEntry>,
  maxAgeHours: number,
  now: number = Date.now(),
): Promise<OfflineHold | null> {
  const maxAgeMs = maxAgeHours * HOUR_MS;
  const terminalId = request.terminalId?.toLowerCase() ?? null;
  if (shift.terminalId && shift.terminalId.toLowerCase() !== terminalId) {
    return { reason: 'other_terminal', details: { shiftTerminalId: shift.terminalId, terminalId } };
  }
  if (shift.endedAt && now - shift.endedAt.getTime() > maxAgeMs) {
    return {
      reason: 'shift_too_old',
      details: { shiftEndedAt: shift.endedAt.toISOString(), maxAgeHours },
    };
  }
  // The sale's moment as it will be recorded (inside its shift, never in the future), less the
  // outbox's age: the oldest catalogue the terminal can have priced from.
  const latest = Math.min(now, shift.endedAt ? shift.endedAt.getTime() : now);
  const soldAt = Math.max(shift.startedAt.getTime(), Math.min(Date.parse(request.soldAt), latest));
  const since = new Date(soldAt - maxAgeMs);
  const productIds = [...new Set(request.items.map((i) => i.productId))];
  const history = await pricesSince(db, productIds, since, shift.storeId);
  const refused: Array<Record<string, unknown>> = [];
  for (const item of request.items) {
    const entry = entries.get(item.productId);
    // An unknown product is the write's refusal (400), not a price to hold.
    if (!entry) continue;
    const charged = parseCents(item.unitPrice) as Cents;
    // Issue #35 item 1 (ADR 0035): the line's modifiers at today's options (options keep no price
    // history): a choice no longer offered, or an option re-priced since, holds the sale like a price.
    const modifiers = modifiersNow(entry.product.modifierGroups, item.modifiers);
    const sizePrices = pricesFor(item, entry, history);
    const allowed =
      modifiers === null ? new Set<Cents>() : new Set([...sizePrices].map((c) => (c + modifiers.cents) as Cents));
    if (!allowed.has(charged)) {
      refused.push({
        productId: item.productId,
        productName: entry.product.name,
        variantName: item.variantName ?? null,
        ...(item.modifiers?.length ? { modifiers: item.modifiers.map((m) => m.optionId) } : {}),
        unitPrice: centsToDecimal(charged),
        knownPrices: [...allowed].sort((a, b) => a - b).map((c) => centsToDecimal(c)),
      });
    }
  }
  if (refused.length > 0) return { reason: 'price_unknown', details: { since: since.toISOString(), lines: refused } };
  return taxRateChanged(request, entries);
}

/**
 * Issue #34 item 2 (ADR 0030): a sale rung up at a tax rate (or 'prices include tax') other than
 * the one in force now, typically made before a manager changed it and sent after. The customer
 * paid what the terminal charged; a manager records it at today's rates or voids it, as for a price
 * (tax rates keep no history to tell an old rate from a wrong one).
 */
function taxRateChanged(request: OfflineSaleRequest, entries: ReadonlyMap<string, PricingEntry>): OfflineHold | null {
  const [inForce, includedNow] = offlineTaxContext(request, entries);
  const lines = request.items.flatMap((item, index) => {
    const entry = entries.get(item.productId);
    if (!entry || item.taxRate === undefined) return [];
    const charged = taxRateHundredths(item.taxRate) ?? 0;
    const now = inForce[index] ?? 0;
    return charged === now
      ? []
      : [
          {
            productId: item.productId,
            productName: entry.product.name,
            taxRate: taxRateToString(charged),
            rateNow: taxRateToString(now),
          },
        ];
  });
  const includedChanged = request.pricesIncludeTax !== undefined && request.pricesIncludeTax !== includedNow;
  if (lines.length === 0 && !includedChanged) return null;
  return {
    reason: 'tax_rate_changed',
    details: { lines, ...(includedChanged ? { pricesIncludeTax: request.pricesIncludeTax, includedNow } : {}) },
  };
}

/**
 * The unit prices a line could have been charged in the window: its product's own prices, or for
 * a size, the stored option's prices and the catalogue's fixed rule (spec §9) applied to each of
 * the product's prices.
 */
function pricesFor(
  item: OfflineSaleRequest['items'][number],
  entry: PricingEntry,
  history: ReadonlyArray<{ productId: string; variantId: string | null; price: string }>,
): Set<Cents> {
  const productPrices = history
    .filter((h) => h.productId === item.productId && h.variantId === null)
    .map((h) => parseCents(h.price) as Cents);
  const wanted = item.variantName?.trim().toLowerCase() || null;
  if (!item.variantId && !wanted) return new Set(productPrices);
  const stored =
    (item.variantId && entry.variants.find((v) => v.id === item.variantId)) ||
    (wanted && entry.variants.find((v) => v.name.trim().toLowerCase() === wanted)) ||
    null;
  const name = (stored?.name ?? item.variantName ?? '').trim().toLowerCase();
  const allowed = new Set<Cents>();
  for (const base of productPrices) {
    const rule = ruleOptionsFor(entry.product.categoryName, base).find((o) => o.name.toLowerCase() === name);
    if (rule) allowed.add(rule.cents as Cents);
  }
  if (stored) {
    for (const h of history) {
      if (h.variantId === stored.id) allowed.add(parseCents(h.price) as Cents);
    }
  }
  return allowed;
}

/** Each line's rate in force and the store's 'prices include tax', from the pricing entries. */
export function offlineTaxContext(
  request: Pick<OfflineSaleRequest, 'items'>,
  entries: ReadonlyMap<string, PricingEntry>,
): [rates: number[], pricesIncludeTax: boolean] {
  const rates = request.items.map((i) => entries.get(i.productId)?.product.taxRate ?? 0);
  const pricesIncludeTax = [...entries.values()][0]?.product.pricesIncludeTax ?? false;
  return [rates, pricesIncludeTax];
}
