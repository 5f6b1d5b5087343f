import { formatMoney } from '@retail-hub/shared';
import { toCents } from '@/lib/money';
import { zonedParts } from '@/lib/time-zone';
import type { DailyStats, PosProduct, TransactionListItem } from '../types';

/** spec §9 List sizes. */
export const DASHBOARD_RECENT_COUNT = 5;
export const DASHBOARD_TOP_COUNT = 5;
export const DASHBOARD_LOW_STOCK_COUNT = 3;
export const POS_LOW_STOCK_COUNT = 5;

/** spec §9: the POS low-stock view keeps only products with no assetType or assetType regular. */
export function posLowStock<T extends Pick<PosProduct, 'assetType'>>(products: readonly T[] | undefined): T[] {
  return (products ?? []).filter((p) => !p.assetType || p.assetType === 'regular');
}

/** Average Sale: today's sales over today's transactions, 0 without any. */
export function averageSaleCents(stats: DailyStats | undefined): number {
  if (!stats || stats.totalTransactions <= 0) return 0;
  return Math.round(toCents(stats.totalSales) / stats.totalTransactions);
}

/**
 * spec §2 four stat cards. Today's Sales also says, on a line under it, the discounts given today
 * (issue #15 item 7: already taken off the sales), so the four cards stay four.
 */
export function statCards(
  stats: DailyStats | undefined,
): ReadonlyArray<{ label: string; value: string; note?: string }> {
  return [
    {
      label: "Today's Sales",
      value: formatMoney(toCents(stats?.totalSales)),
      note: `Discounts: ${formatMoney(toCents(stats?.totalDiscounts))}`,
    },
    { label: 'Transactions', value: String(stats?.totalTransactions ?? 0) },
    { label: 'Items Sold', value: String(stats?.totalItemsSold ?? 0) },
    { label: 'Average Sale', value: formatMoney(averageSaleCents(stats)) },
  ];
}

/** '2× Latte (Takeaway Big Cup), 1× Muffin'. */
export function itemsSummary(items: TransactionListItem['items']): string {
  return items
    .map((item) => {
      const name = item.product?.name ?? 'Item';
      return `${item.quantity}× ${item.variantName ? `${name} (${item.variantName})` : name}`;
    })
    .join(', ');
}

export function staffName(user: TransactionListItem['user'] | null | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Unknown Cashier';
}

/** Newest first, whatever order the server used. */
export function newestFirst<T extends { createdAt: string }>(list: readonly T[] | undefined): T[] {
  return [...(list ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * spec §2 POS home: morning before 12:00, afternoon before 17:00, evening after, on the store's
 * clock when its zone is known (a till whose clock is set elsewhere still greets the store's day).
 */
export function greetingFor(date: Date, timeZone?: string): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  const hour = Number(zonedParts(date, timeZone).hour);
  if (hour < 12) return 'Good Morning';
  if (hour < 17) return 'Good Afternoon';
  return 'Good Evening';
}

export function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}
