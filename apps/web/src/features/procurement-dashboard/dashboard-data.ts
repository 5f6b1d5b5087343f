import type { AssetCheckout, Product } from '@retail-hub/shared';

/** spec §9 List sizes: procurement overdue list 3, procurement low-stock list 3. */
export const PROCUREMENT_OVERDUE_COUNT = 3;
export const PROCUREMENT_LOW_STOCK_COUNT = 3;

/** spec §9 Timing: the dashboard refetches every 30 s (live updates refresh it sooner). */
export const PROCUREMENT_REFETCH_MS = 30_000;

/** spec §2 Asset Alerts: low-stock products with a non-regular assetType (institutional assets). */
export function lowStockAssets<T extends Pick<Product, 'assetType'>>(products: readonly T[] | undefined): T[] {
  return (products ?? []).filter((p) => Boolean(p.assetType) && p.assetType !== 'regular');
}

/** Oldest due date first: the most overdue loan leads the panel. Loans without a due date go last. */
export function mostOverdueFirst(checkouts: readonly AssetCheckout[] | undefined): AssetCheckout[] {
  const due = (c: AssetCheckout) => (c.expectedReturnAt ? Date.parse(c.expectedReturnAt) : Number.POSITIVE_INFINITY);
  return [...(checkouts ?? [])].filter((c) => c.status === 'overdue').sort((a, b) => due(a) - due(b));
}

/** spec §2 Departments card: the count of active departments; a failed or missing answer shows 0. */
export function departmentCount(departments: unknown): number {
  if (!Array.isArray(departments)) return 0;
  return departments.filter((d) => !(d && typeof d === 'object' && (d as { isArchived?: unknown }).isArchived === true))
    .length;
}

/** A short, readable form of an id for the overdue list (spec §2: asset id). */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
