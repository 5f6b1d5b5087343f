import { z } from 'zod';
import {
  CARD_FEE_METHODS,
  type Cents,
  cardFeeCents,
  formatMoney,
  MAX_CENTS,
  TENDER_METHODS,
  type TenderMethod,
} from './money';
import { CARD_NUMBER_MESSAGE, looksLikeCardNumber, referenceDigits } from './pos-rules';

/**
 * Split tenders (issue #34 item 1, docs/adr/0029). A sale is paid by one or more tenders, in the
 * order the cashier took them. The one rule, used by the till, the server and the offline path:
 *
 * - A tender's `amount` is what it pays toward the sale INCLUDING its card surcharge: what the card
 *   terminal charged, or the cash kept in the drawer (cash handed over minus change).
 * - A card tender (credit_card, debit_card, eftpos) pays a `base` part of the sale's subtotal plus
 *   the 2.5% card fee on that part, computed per tender with the one rounding rule
 *   (`cardFeeCents`, half away from zero, to the cent): amount = base + cardFeeCents(base). An
 *   amount no base reaches exactly (the fee jumps by a cent every 40 cents) is refused, naming the
 *   nearest one. Any other tender's base is its amount (fee 0).
 * - The bases add up to the subtotal exactly; the sale's card fee (`tax` while sales tax is 0%) is
 *   the sum of the tenders' fees and its total = subtotal + fee = Σ amounts.
 * - Change comes only from cash and only from the last cash tender: its `amountReceived` may be
 *   above its amount (change = received − amount); any other tender's received is its amount.
 *
 * One tender for the whole sale is exactly the §9 rule: base = subtotal, fee = cardFeeCents(subtotal).
 */
export type TenderInput = { method: TenderMethod; amount: Cents; amountReceived?: Cents | null };

export type Tender = {
  method: TenderMethod;
  /** What it pays toward the sale, card fee included. */
  amount: Cents;
  /** The part of the subtotal it pays (amount − cardFee). */
  base: Cents;
  cardFee: Cents;
  /** Cash handed over (cash tenders only; null for the others). */
  amountReceived: Cents | null;
  change: Cents;
};

export type TenderError = { field: string; message: string };

export type TenderTotals =
  | { ok: true; tenders: Tender[]; cardFee: Cents; total: Cents; change: Cents; method: TenderMethod }
  | { ok: false; errors: TenderError[] };

export const TENDER_MESSAGES = {
  amount: 'Each payment must be more than 0.00',
  notCovered: (due: Cents) => `Payments do not cover the total: ${formatMoney(due)} more needed`,
  overpaid: 'Payments come to more than the total; change is given only from the last cash payment',
  changeNotCash: 'Change is given only from cash',
  changeNotLast: 'Change is given only from the last cash payment',
  receivedBelowAmount: 'Cash received must be at least the amount it pays',
  cardAmount: (near: Cents) =>
    `A card payment is an amount plus its 2.5% card fee; the nearest is ${formatMoney(near)}`,
  methodNotTendered: 'paymentMethod must be one of the payments',
  receivedTooLarge: 'Cash received is more than a sale can record',
} as const;

export function isCardMethod(method: TenderMethod): boolean {
  return (CARD_FEE_METHODS as readonly string[]).includes(method);
}

/** What a card tender paying `base` of the subtotal charges: base + its card fee. */
export function cardTenderAmount(base: Cents): Cents {
  return base + cardFeeCents(base, 'credit_card');
}

/**
 * The base a card amount pays (amount = base + cardFeeCents(base)), or null when no base gives
 * exactly that amount. base + fee(base) rises by 1 or 2 cents per cent of base, so the base is
 * within a cent of amount × 40/41.
 */
export function cardTenderBase(amount: Cents): Cents | null {
  const guess = Math.round((amount * 40) / 41);
  for (const base of [guess, guess - 1, guess + 1]) {
    if (base >= 0 && cardTenderAmount(base) === amount) return base;
  }
  return null;
}

/**
 * The summary method of a sale (transactions.payment_method and `paymentMethod` in every §7
 * answer): the method of the tender paying the most, the first of them on a tie. A one-tender
 * sale is its tender's method, as before.
 */
export function summaryMethod(tenders: ReadonlyArray<{ method: TenderMethod; amount: Cents }>): TenderMethod {
  let best = tenders[0] as { method: TenderMethod; amount: Cents };
  for (const t of tenders) if (t.amount > best.amount) best = t;
  return best.method;
}

/** Applies the rule above to a sale whose subtotal (after every discount) is `subtotal`. */
export function tenderTotals(subtotal: Cents, inputs: readonly TenderInput[]): TenderTotals {
  const errors: TenderError[] = [];
  if (inputs.length === 0)
    return { ok: false, errors: [{ field: 'tenders', message: TENDER_MESSAGES.notCovered(subtotal) }] };
  const lastCash = inputs.map((t) => t.method).lastIndexOf('cash');
  const tenders: Tender[] = [];
  inputs.forEach((input, i) => {
    const { method, amount } = input;
    // A single tender may be 0.00 (a sale given away at 100% off); in a split every one pays something.
    if (!Number.isSafeInteger(amount) || amount < 0 || (amount === 0 && inputs.length > 1)) {
      errors.push({ field: `tenders.${i}.amount`, message: TENDER_MESSAGES.amount });
      return;
    }
    let base = amount;
    if (isCardMethod(method)) {
      const found = cardTenderBase(amount);
      if (found === null) {
        errors.push({
          field: `tenders.${i}.amount`,
          message: TENDER_MESSAGES.cardAmount(cardTenderAmount(Math.round((amount * 40) / 41))),
        });
        return;
      }
      base = found;
    }
    const received = input.amountReceived ?? null;
    let amountReceived: Cents | null = null;
    let change = 0;
    if (method === 'cash') {
      amountReceived = received ?? amount;
      if (amountReceived < amount) {
        errors.push({ field: `tenders.${i}.amountReceived`, message: TENDER_MESSAGES.receivedBelowAmount });
        return;
      }
      change = amountReceived - amount;
      if (change > 0 && i !== lastCash) {
        errors.push({ field: `tenders.${i}.amountReceived`, message: TENDER_MESSAGES.changeNotLast });
        return;
      }
    } else if (received !== null && received !== amount) {
      errors.push({ field: `tenders.${i}.amountReceived`, message: TENDER_MESSAGES.changeNotCash });
      return;
    }
    tenders.push({ method, amount, base, cardFee: amount - base, amountReceived, change });
  });
  if (errors.length > 0) return { ok: false, errors };
  const paid = tenders.reduce((sum, t) => sum + t.base, 0);
  if (paid < subtotal)
    return { ok: false, errors: [{ field: 'tenders', message: TENDER_MESSAGES.notCovered(subtotal - paid) }] };
  if (paid > subtotal) return { ok: false, errors: [{ field: 'tenders', message: TENDER_MESSAGES.overpaid }] };
  const cardFee = tenders.reduce((sum, t) => sum + t.cardFee, 0);
  const change = tenders.reduce((sum, t) => sum + t.change, 0);
  // The sale records everything handed over (total + change) in a numeric(10,2): more is refused
  // here, on the cash payment that gives the change, never left to the database.
  if (change > 0 && subtotal + cardFee + change > MAX_CENTS)
    return {
      ok: false,
      errors: [{ field: `tenders.${lastCash}.amountReceived`, message: TENDER_MESSAGES.receivedTooLarge }],
    };
  return {
    ok: true,
    tenders,
    cardFee,
    total: subtotal + cardFee,
    change,
    method: summaryMethod(tenders),
  };
}

/**
 * What is still due on a sale of `subtotal` after `paid` tenders, if the rest is paid by `method`:
 * the rest of the subtotal, plus its card fee when `method` is a card. 0 when covered.
 */
export function remainingDue(
  subtotal: Cents,
  paid: ReadonlyArray<{ method: TenderMethod; amount: Cents }>,
  method: TenderMethod,
): Cents {
  let base = 0;
  for (const t of paid) base += isCardMethod(t.method) ? (cardTenderBase(t.amount) ?? t.amount) : t.amount;
  const rest = Math.max(0, subtotal - base);
  return isCardMethod(method) ? cardTenderAmount(rest) : rest;
}

// ---- API shapes ----

const moneyString = z
  .string({ error: 'Must be an amount like 12.50' })
  .trim()
  .regex(/^\d{1,8}(?:\.\d{0,2})?$/, { error: 'Must be an amount like 12.50' });

/**
 * spec §5 Reference code, of a sale or of one of its tenders: digits (optionally after 'VTPD'),
 * never a card number (issue #30).
 */
export const referenceCodeSchema = z
  .string()
  .max(50)
  .nullable()
  .optional()
  .refine((v) => !v || /^(VTPD)?\d+$/i.test(v.trim()), { error: 'Reference code must be digits only' })
  .refine((v) => !v || !looksLikeCardNumber(referenceDigits(v)), { error: CARD_NUMBER_MESSAGE });

/**
 * A tender of the sale body (issue #34 API): `amount` is what it pays toward the sale including
 * its card surcharge; `amountReceived` the cash handed over (cash only); `referenceCode` the
 * digits of the card slip or transfer (stored as VTPD + digits, like the sale's).
 */
export const tenderRequestSchema = z.object({
  method: z.enum(TENDER_METHODS, { error: 'Choose a payment method' }),
  amount: moneyString,
  referenceCode: referenceCodeSchema,
  amountReceived: moneyString.nullable().optional(),
  /** Issue #34 item 3 (ADR 0034): the account an 'account' tender charges (required for it, refused for others). */
  accountId: z.uuid({ error: 'Unknown account' }).nullish(),
});
export type TenderRequest = z.infer<typeof tenderRequestSchema>;

export const tendersRequestSchema = z
  .array(tenderRequestSchema, { error: 'tenders must be a list of payments' })
  .min(1, { error: 'Add at least one payment' })
  .max(10, { error: 'A sale can have at most 10 payments' });

/**
 * A tender as the API lists it in `payments` (GET /api/transactions/:id, and the answer of a split
 * sale): one row per tender, in the order taken. `amountReceived` is the cash handed over (the
 * amount for a non-cash tender), `refunded` what refunds have given back to it so far.
 */
export const transactionPaymentSchema = z.object({
  method: z.enum(TENDER_METHODS),
  amount: z.string(),
  cardFee: z.string(),
  referenceCode: z.string().nullable(),
  amountReceived: z.string().nullable(),
  changeDue: z.string(),
  refunded: z.string().optional(),
  /** Issue #34 item 3: the account an 'account' tender charged (only on such a tender). */
  accountId: z.string().optional(),
});
export type TransactionPayment = z.infer<typeof transactionPaymentSchema>;

/** A refund body's tender: how much of the refund goes back to the sale's tenders of `method`. */
export const refundTenderRequestSchema = z.object({
  method: z.enum(TENDER_METHODS, { error: 'Choose a payment method' }),
  amount: moneyString,
});
