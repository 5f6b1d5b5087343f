/**
 * The zod-free rules of held sales, open tickets (issue #35 item 3, docs/adr/0032), which the till
 * uses at start-up (ADR 0021): caps, messages, activity types, a held sale's age. The schemas are
 * in held-sales.ts.
 */

/** At most this many lines in a held sale (a sale's own cap). */
export const HELD_SALE_MAX_LINES = 200;
/** At most this many held sales wait at a store at once. */
export const HELD_SALES_PER_STORE = 100;
/** The name or table number: what the cashier calls the ticket. */
export const HELD_SALE_LABEL_MAX = 40;

export const HELD_SALE_MESSAGES = {
  labelRequired: 'Enter a name or table number',
  labelTooLong: `A name or table number can have at most ${HELD_SALE_LABEL_MAX} characters`,
  empty: 'Add items to the cart before holding it.',
  tooManyLines: `A held sale can have at most ${HELD_SALE_MAX_LINES} lines`,
  storeFull: `This store already has ${HELD_SALES_PER_STORE} held sales. Resume or discard some first.`,
  notFound: 'This held sale is no longer waiting: another till may have resumed it.',
  unresolved: (count: number) =>
    `${count === 1 ? 'One held sale of this shift is' : `${count} held sales of this shift are`} still waiting. A manager must choose: keep them for the next shift, or discard them with a reason.`,
  reasonRequired: 'Give a reason for discarding the held sales',
} as const;

export const HELD_SALES_CHOICES = ['keep', 'discard'] as const;
export type HeldSalesChoice = (typeof HELD_SALES_CHOICES)[number];

/** Activity types of held sales (who kept or discarded a shift's held sales, and why). */
export const HELD_SALE_ACTIVITY = {
  kept: 'held_sales_kept',
  discarded: 'held_sale_discarded',
} as const;

/** "12 min", "1 h 5 min": how long a held sale has waited (whole minutes, never negative). */
export function heldSaleAge(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
