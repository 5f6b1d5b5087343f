/**
 * Issue #36 item 4: the customer display (/display). The till publishes what the customer may
 * see of the sale in progress, and only that: line names, sizes, quantities and amounts, the
 * discounts, the total and, once paid, the amount tendered and the change due. No staff name, no
 * customer data, no ids (ADR 0033). Zod-free: the terminal imports it at start-up (ADR 0021); the
 * schema that checks a received state is in customer-display.ts.
 */

/** The BroadcastChannel a till and its display on the same machine (same origin) share. */
export const CUSTOMER_DISPLAY_CHANNEL = 'retail-hub-display';

/** The window name the till opens the display in, so a second click brings the same window back. */
export const CUSTOMER_DISPLAY_WINDOW = 'retail-hub-customer-display';

/** A sale has at most 200 lines (the sale schema), so a display state has at most as many. */
export const CUSTOMER_DISPLAY_MAX_LINES = 200;

/** How long the display thanks the customer after a paid sale before it shows the idle screen. */
export const CUSTOMER_DISPLAY_THANK_YOU_MS = 5_000;

/** The name the idle screen shows when the till knows no store name (a single-store install). */
export const CUSTOMER_DISPLAY_DEFAULT_NAME = 'Retail Hub';

/** One line as the customer sees it; amounts are 2-decimal strings, as at the API. */
export type CustomerDisplayLine = {
  name: string;
  /** The size (spec §2 'Choose Size'), null for a product without sizes. */
  size: string | null;
  quantity: number;
  /** quantity × unit price, before the line's discount. */
  amount: string;
  /** The line's own discount, null when none. */
  discount: string | null;
};

/**
 * What the display shows. `idle`: no sale (the store's name); `sale`: lines being rung up;
 * `paid`: the sale was recorded, with what was tendered and the change due.
 */
export type CustomerDisplayState = {
  phase: 'idle' | 'sale' | 'paid';
  storeName: string | null;
  lines: CustomerDisplayLine[];
  /** Every discount of the sale (lines' and the whole sale's), null when none. */
  discount: string | null;
  /** The card fee (spec §9), null when none. */
  cardFee: string | null;
  /**
   * Issue #34 item 2 (ADR 0030): the sales tax once a line is taxed; absent (or null) while every
   * rate is 0, so an untaxed state is exactly what it was and a display of the older code reads it.
   */
  tax?: string | null;
  /** With `tax`: the prices already include it (the display says 'Tax included', not added). */
  taxIncluded?: boolean;
  total: string;
  /** Paid: how it was paid ('Cash', 'Credit Card', or several joined), else null. */
  paidBy: string | null;
  /** Paid: what the customer handed over (cash received, plus any card tenders), else null. */
  tendered: string | null;
  /** Paid: the change given back, else null. */
  changeDue: string | null;
};

/** The messages on the channel: a state from the till, or a display asking for the current one. */
export type CustomerDisplayMessage = { kind: 'state'; state: CustomerDisplayState } | { kind: 'hello' };

export function idleDisplayState(storeName: string | null): CustomerDisplayState {
  return {
    phase: 'idle',
    storeName,
    lines: [],
    discount: null,
    cardFee: null,
    total: '0.00',
    paidBy: null,
    tendered: null,
    changeDue: null,
  };
}

/**
 * A display on another device (a tablet) is paired to one till by a code the till shows: this many
 * digits, single use, valid CUSTOMER_DISPLAY_CODE_TTL_SECONDS (ADR 0033, Pairing a tablet).
 */
export const CUSTOMER_DISPLAY_CODE_LENGTH = 6;
export const CUSTOMER_DISPLAY_CODE_TTL_SECONDS = 5 * 60;

/** The till sends its state to the server at most this often (the last state always follows). */
export const CUSTOMER_DISPLAY_SEND_MS = 50;

/** A pairing code the till shows: the digits and when they stop working (ISO time). */
export type CustomerDisplayCode = { code: string; expiresAt: string };
