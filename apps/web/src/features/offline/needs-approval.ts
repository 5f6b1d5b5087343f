import {
  centsToDecimal,
  DEFAULT_DISCOUNT_CAPS,
  type DiscountCaps,
  isDiscountRefusal,
  isOverCap,
  parseCents,
  priceDiscountedSale,
  type Role,
  type SaleRequest,
  saleTotals,
  toDiscount,
  totalsToStrings,
} from '@retail-hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { sealApproval } from './approval-key';
import type { TerminalDatabase } from './db';
import { broadcastNudge } from './outbox';

/**
 * Issue #30 item 16: offline, no manager's PIN can be checked, so a discount above the seller's
 * cap is never shown or recorded as approved. Such a sale is kept in the outbox as
 * 'needs_approval' (the sync worker sends only 'pending' ones) until a manager approves it on this
 * terminal (their PIN, checked by the server, then sealed for the sale like any offline approval,
 * ADR 0014) or it is charged at full price (its discounts removed). Either puts it back in the queue.
 */

/** The discount caps the terminal last read (the kept query), else the defaults. */
export function cachedDiscountCaps(queryClient: QueryClient): DiscountCaps {
  return (
    queryClient.getQueryData<{ caps: DiscountCaps }>(['/api/settings/discount-caps'])?.caps ?? DEFAULT_DISCOUNT_CAPS
  );
}

/** Whether `sale`'s discounts are above what `role` may give without a manager. */
export function isSaleOverCap(sale: Pick<SaleRequest, 'items' | 'discount' | 'paymentMethod'>, capPercent: number) {
  const lineDiscounts = sale.items.map((item) => toDiscount(item.discount));
  const saleDiscount = toDiscount(sale.discount);
  if (!saleDiscount && lineDiscounts.every((d) => d === null)) return false;
  const priced = priceDiscountedSale(
    sale.items.map((item, index) => ({
      unitCents: parseCents(item.unitPrice) ?? 0,
      quantity: item.quantity,
      discount: lineDiscounts[index] ?? null,
    })),
    saleDiscount,
    sale.paymentMethod,
  );
  // A refused discount cannot be priced: it is held like one above the cap, never sent as given.
  return isDiscountRefusal(priced) || isOverCap(priced, capPercent);
}

/** The seller's cap for a sale kept offline. */
export function sellerCap(queryClient: QueryClient, role: Role): number {
  return cachedDiscountCaps(queryClient)[role];
}

/**
 * A manager approved the held sale on this terminal: their PIN (already accepted by the server's
 * approval check) is sealed for this one sale and the sale goes back in the queue. False when it
 * could not be sealed (no server key yet): the sale stays held.
 */
export async function approveHeldSale(db: TerminalDatabase, key: string, pin: string): Promise<boolean> {
  const sealedApproval = await sealApproval(db, pin, key);
  if (!sealedApproval) return false;
  const changed = await db.transaction('rw', db.outbox, async () => {
    const sale = await db.outbox.where('key').equals(key).first();
    if (sale?.status !== 'needs_approval' || sale.seq === undefined) return false;
    const { approverPin: _dropped, ...body } = sale.body;
    await db.outbox.update(sale.seq, {
      body: { ...body, sealedApproval },
      status: 'pending',
      lastError: null,
    });
    return true;
  });
  if (changed) broadcastNudge({ type: 'sync-now' });
  return changed;
}

/**
 * The held sale is charged at full price: every discount comes off, the totals are those of the
 * undiscounted lines (cash received is at least the new total: the difference was collected) and
 * the sale goes back in the queue.
 */
export async function chargeHeldSaleFullPrice(db: TerminalDatabase, key: string): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const sale = await db.outbox.where('key').equals(key).first();
    if (sale?.status !== 'needs_approval' || sale.seq === undefined) return false;
    const { discount: _saleDiscount, approverPin: _pin, sealedApproval: _sealed, ...rest } = sale.body;
    const items = rest.items.map(({ discount: _lineDiscount, ...item }) => item);
    const totals = saleTotals(
      items.map((item) => ({ unitCents: parseCents(item.unitPrice) ?? 0, quantity: item.quantity })),
      rest.paymentMethod,
    );
    const received = rest.amountReceived ? (parseCents(rest.amountReceived) ?? 0) : null;
    await db.outbox.update(sale.seq, {
      body: {
        ...rest,
        items,
        ...totalsToStrings(totals),
        amountReceived:
          rest.paymentMethod === 'cash' && received !== null ? centsToDecimal(Math.max(received, totals.total)) : null,
      },
      status: 'pending',
      lastError: null,
    });
    return true;
  });
  if (changed) broadcastNudge({ type: 'sync-now' });
  return changed;
}
