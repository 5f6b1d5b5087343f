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
  discount_over_cap: 'Discount above cap approved',
  discount_over_cap_unapproved: 'Discount above cap, not approved (offline)',
};

export function eventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
