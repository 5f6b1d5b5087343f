import {
  type AssetCheckout,
  type CheckoutFilter,
  type CheckoutStatus,
  RETURN_CONDITION_LABELS,
  type ReturnCondition,
} from '@retail-hub/shared';
import { format } from 'date-fns';
import { wallClockIn } from '@/lib/time-zone';

/**
 * spec §9: checkout dates are shown with date-fns 'PPp' (e.g. "Nov 21, 2026, 9:30 AM"), on the
 * store's clock when its zone is given (the till's own otherwise).
 */
export function formatWhen(value: string | null | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(wallClockIn(date, timeZone), 'PPp');
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

type LoanSummaryFields = Pick<AssetCheckout, 'user' | 'checkedOutAt' | 'expectedReturnAt' | 'status'>;

/** When a loan is due, in the cards' 'PPp' format: 'due Nov 24, 2026, 6:00 PM (overdue)' or 'no due date'. */
function dueText(checkout: Pick<AssetCheckout, 'expectedReturnAt' | 'status'>, timeZone?: string): string {
  const due = formatWhen(checkout.expectedReturnAt, timeZone);
  return `${due ? `due ${due}` : 'no due date'}${checkout.status === 'overdue' ? ' (overdue)' : ''}`;
}

/**
 * A loan in the return dialog's list: asset, borrower, and when it went out and is due (the
 * cards' 'PPp' dates), so several loans of one asset to one person can be told apart.
 */
export function checkoutOptionLabel(
  checkout: LoanSummaryFields & Pick<AssetCheckout, 'product' | 'variant'>,
  timeZone?: string,
): string {
  const out = formatWhen(checkout.checkedOutAt, timeZone);
  return [
    `${assetLabel(checkout)} — ${personName(checkout.user)}`,
    ...(out ? [`out ${out}`] : []),
    dueText(checkout, timeZone),
  ].join(' · ');
}

/** Who has a loan, since when and until when: 'Checked out by Casey Cashier on … · due …'. */
export function loanSummary(checkout: LoanSummaryFields, timeZone?: string): string {
  const out = formatWhen(checkout.checkedOutAt, timeZone) ?? 'an unknown date';
  return `Checked out by ${personName(checkout.user)} on ${out} · ${dueText(checkout, timeZone)}`;
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
