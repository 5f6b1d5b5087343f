import {
  type AssetCheckout,
  type CheckoutFilter,
  type CheckoutStatus,
  RETURN_CONDITION_LABELS,
  type ReturnCondition,
} from '@retail-hub/shared';
import { format } from 'date-fns';

/** spec §9: checkout dates are shown with date-fns 'PPp' (e.g. "Nov 21, 2026, 9:30 AM"). */
export function formatWhen(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'PPp');
}

/** spec §2 filter buttons, in order. */
export const FILTER_BUTTONS: ReadonlyArray<{ value: CheckoutFilter; label: string }> = [
  { value: 'all', label: 'All Assets' },
  { value: 'checked_out', label: 'Checked Out' },
  { value: 'returned', label: 'Returned' },
  { value: 'overdue', label: 'Overdue' },
];

export const STATUS_BADGES: Record<CheckoutStatus, { label: string; color: string }> = {
  checked_out: { label: 'Checked Out', color: 'blue' },
  returned: { label: 'Returned', color: 'green' },
  overdue: { label: 'Overdue', color: 'red' },
};

export const CONDITION_COLORS: Record<ReturnCondition, string> = {
  good: 'green',
  damaged: 'red',
  needs_maintenance: 'orange',
};

export function conditionLabel(condition: ReturnCondition): string {
  return RETURN_CONDITION_LABELS[condition];
}

/** A person's name from first and last name; 'Unknown' when both are empty. */
export function personName(person: { firstName: string | null; lastName: string | null }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown';
}

/** The asset's name with its size option, if the loan was of one. */
export function assetLabel(checkout: Pick<AssetCheckout, 'product' | 'variant'>): string {
  return checkout.variant ? `${checkout.product.name} (${checkout.variant.name})` : checkout.product.name;
}

/** A loan still out (checked out or overdue) can be returned. */
export function isActive(checkout: Pick<AssetCheckout, 'returnedAt'>): boolean {
  return checkout.returnedAt === null;
}

/** Empty-state text per filter: 'No asset checkouts yet' (spec §8) when there are none at all. */
export function emptyText(filter: CheckoutFilter): string {
  switch (filter) {
    case 'checked_out':
      return 'No assets are checked out right now';
    case 'returned':
      return 'No returned assets yet';
    case 'overdue':
      return 'No overdue assets';
    default:
      return 'No asset checkouts yet';
  }
}
