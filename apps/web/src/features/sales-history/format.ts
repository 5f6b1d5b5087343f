import { zonedParts } from '@/lib/time-zone';

/** Texts of the sales history (issue #15 item 3). */

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown Cashier';
}

/** '2026-11-21 14:05' in the store's time zone (the till's clock when none is given). */
export function dateTimeText(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const EVENT_LABELS: Record<string, string> = {
  sale: 'Sold',
  receipt_reprinted: 'Receipt reprinted (COPY)',
  receipt_emailed: 'Receipt e-mailed',
  refund: 'Refunded',
  sale_refunded: 'Refunded',
  void: 'Voided',
  sale_voided: 'Voided',
  manager_approval: 'Approved by manager',
  // Issue #30 item 17: the row is the cashier's; the approving manager is named after it.
  approval_granted: 'Manager approval asked',
  approval_refused: 'Manager approval refused',
  approval_throttled: 'Manager approval refused (too many attempts)',
  discount_over_cap: 'Discount above cap given',
  discount_over_cap_unapproved: 'Discount above cap, not approved (offline)',
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * One line of a sale's history: what happened, who did it and who approved it (issue #30 item 17:
 * the history named the cashier as the approver).
 */
export function eventText(event: { type: string; by: { name: string }; approvedBy?: { name: string } | null }): string {
  const approved = event.approvedBy ? `, approved by ${event.approvedBy.name}` : '';
  return `${eventLabel(event.type)} by ${event.by.name}${approved}`;
}
