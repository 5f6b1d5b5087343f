import {
  CARD_FEE_METHODS,
  type Cents,
  cardFeeCents,
  centsToDecimal,
  changeDueCents,
  containsCardNumber,
  type Discount,
  discountToInput,
  looksLikeCardNumber,
  type PaymentMethod,
  parseCents,
  type Receipt,
  remainingDue,
  type SaleRequest,
  type SaleTaxFigures,
  saleTaxFigures,
  storedReference,
  summaryMethod,
  type TenderInput,
  taxLineLabel,
  taxRateToString,
  tenderTotals,
  totalsToStrings,
} from '@retail-hub/shared';
import { type CartLine, cartTotals, pricedCart } from '../cart/cart-reducer';

/** The cart's discounts (issue #15 item 7): the whole-sale one and the manager PIN approving them. */
export type CartDiscounts = { saleDiscount?: Discount | null; approverPin?: string | null };

/** What the cashier has entered in the payment panel (spec §4 Cart and checkout, §5 Cash sale). */
export type PaymentInput = {
  method: PaymentMethod;
  /** As typed: digits and at most one point with 2 decimals; '' means not entered. */
  amountReceived: string;
  /** Digits only; shown with the VTPD prefix (spec §5 Reference code). */
  referenceCode: string;
  notes: string;
  /**
   * Issue #34 (split tenders): the part payments already taken, in order; the method above pays
   * the rest. Absent or empty: one payment for the whole sale, exactly as before.
   */
  tenders?: readonly TakenTender[];
};

/** A part payment taken at the till (what it pays toward the sale, card fee included; cash handed over). */
export type TakenTender = { method: PaymentMethod; amount: Cents; amountReceived: Cents | null; referenceCode: string };

export const emptyPayment: PaymentInput = { method: 'cash', amountReceived: '', referenceCode: '', notes: '' };

export function isCardMethod(method: PaymentMethod): boolean {
  return CARD_FEE_METHODS.includes(method);
}

/** spec §5 Reference code: digits only (a pasted 'VTPD123' keeps its digits). */
export function sanitizeReferenceInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 30);
}

/** spec §4: changing to a non-cash method clears the amount received. */
export function withMethod(payment: PaymentInput, method: PaymentMethod): PaymentInput {
  if (method === payment.method) return payment;
  return { ...payment, method, amountReceived: method === 'cash' ? payment.amountReceived : '' };
}

export type PaymentSummary = {
  subtotal: Cents;
  cardFee: Cents;
  total: Cents;
  /** Cash only: what is counted as paid. spec §4: amount paid defaults to the total. */
  amountPaid: Cents | null;
  /** spec §4: received − total, never below 0; defaults to 0. */
  changeDue: Cents;
  /** spec §5 Cash sale: how much more is needed; 0 when enough. */
  shortBy: Cents;
  /** A reference that looks like a card number (security guide: never stored). */
  referenceLooksLikeCard: boolean;
  /** Payment notes holding a card number (the server refuses them with the same message). */
  notesHoldCard: boolean;
  /** Issue #34: what the method above still pays (the rest of the sale, with its card fee for a card). */
  remaining: Cents;
  /** The part payments taken, and the rest paid by the method above: every tender of the sale. */
  tenders: TenderInput[];
  /**
   * Issue #34 item 2 (ADR 0030): the sales tax by the shared rule, on the lines' nets; `charged`
   * false while every line's rate is 0 (then the sale is exactly as before).
   */
  salesTax: SaleTaxFigures;
};

/** The cart's sales tax: each line's rate, the store's inclusive/exclusive setting (the shared rule). */
export function cartTax(lines: readonly CartLine[], saleDiscount: Discount | null = null): SaleTaxFigures {
  const priced = pricedCart(lines, 'cash', saleDiscount);
  return saleTaxFigures(
    priced.lines.map((l) => l.netCents),
    lines.map((l) => l.taxRate ?? 0),
    lines.some((l) => l.pricesIncludeTax === true),
  );
}

export function summarizePayment(
  lines: readonly CartLine[],
  payment: PaymentInput,
  saleDiscount: Discount | null = null,
): PaymentSummary {
  const taken = payment.tenders ?? [];
  const salesTax = cartTax(lines, saleDiscount);
  if (taken.length > 0) return summarizeSplit(lines, payment, taken, saleDiscount, salesTax);
  const untaxed = cartTotals(lines, payment.method, saleDiscount);
  // Taxed: the card fee on the taxed amount (the base the tenders pay), as the server computes it.
  const fee = cardFeeCents(salesTax.base, payment.method);
  const totals = salesTax.charged ? { ...untaxed, tax: fee, total: salesTax.base + fee } : untaxed;
  const isCash = payment.method === 'cash';
  const entered = payment.amountReceived.trim() === '' ? null : parseCents(payment.amountReceived);
  const amountPaid = isCash ? (entered ?? totals.total) : null;
  return {
    subtotal: totals.subtotal,
    cardFee: totals.tax,
    total: totals.total,
    amountPaid,
    changeDue: amountPaid === null ? 0 : changeDueCents(amountPaid, totals.total),
    shortBy: amountPaid === null ? 0 : Math.max(0, totals.total - amountPaid),
    referenceLooksLikeCard: !isCash && looksLikeCardNumber(payment.referenceCode),
    notesHoldCard: !isCash && containsCardNumber(payment.notes),
    remaining: totals.total,
    tenders: [{ method: payment.method, amount: totals.total, amountReceived: amountPaid }],
    salesTax,
  };
}

/**
 * Issue #34: the part payments taken plus the rest by the chosen method, through the one tender
 * rule (tenderTotals, packages/shared/src/tenders.ts) the server and the offline path apply too.
 */
function summarizeSplit(
  lines: readonly CartLine[],
  payment: PaymentInput,
  taken: readonly TakenTender[],
  saleDiscount: Discount | null,
  salesTax: SaleTaxFigures,
): PaymentSummary {
  const { subtotal: untaxedSubtotal } = cartTotals(lines, 'cash', saleDiscount);
  // What the tenders pay before their card fees: the taxed amount once taxed (ADR 0030).
  const subtotal = salesTax.base;
  const isCash = payment.method === 'cash';
  const remaining = remainingDue(subtotal, taken, payment.method);
  const entered = payment.amountReceived.trim() === '' ? null : parseCents(payment.amountReceived);
  const amountPaid = isCash ? (entered ?? remaining) : null;
  const rest: TenderInput[] =
    remaining > 0 ? [{ method: payment.method, amount: remaining, amountReceived: isCash ? amountPaid : null }] : [];
  const tenders: TenderInput[] = [...taken.map(({ referenceCode: _r, ...t }) => t), ...rest];
  const result = tenderTotals(subtotal, tenders);
  const cardFee = result.ok ? result.cardFee : 0;
  return {
    subtotal: untaxedSubtotal,
    cardFee,
    total: subtotal + cardFee,
    amountPaid,
    changeDue: result.ok ? result.change : 0,
    shortBy: amountPaid === null ? 0 : Math.max(0, remaining - amountPaid),
    referenceLooksLikeCard: !isCash && looksLikeCardNumber(payment.referenceCode),
    notesHoldCard: !isCash && containsCardNumber(payment.notes),
    remaining,
    tenders,
    salesTax,
  };
}

/**
 * Issue #34: takes the cash typed (less than what is due) as a part payment; the rest is then paid
 * by the method chosen next. Null when the typed amount is not a part payment.
 */
export function withPartPayment(
  lines: readonly CartLine[],
  payment: PaymentInput,
  saleDiscount: Discount | null = null,
): PaymentInput | null {
  const summary = summarizePayment(lines, payment, saleDiscount);
  const cash = payment.amountReceived.trim() === '' ? null : parseCents(payment.amountReceived);
  if (payment.method !== 'cash' || cash === null || cash <= 0 || cash >= summary.remaining) return null;
  return {
    ...payment,
    amountReceived: '',
    tenders: [...(payment.tenders ?? []), { method: 'cash', amount: cash, amountReceived: cash, referenceCode: '' }],
  };
}

/**
 * spec §3 Sale payload (plus amountReceived for cash, from which the server derives change). With
 * discounts (issue #15 item 7) the lines and the sale carry `discount`, the subtotal is after them,
 * and `approverPin` is sent when a manager typed one; without, the payload is exactly §3's.
 */
export function buildSaleRequest(
  lines: readonly CartLine[],
  payment: PaymentInput,
  discounts: CartDiscounts = {},
): SaleRequest {
  const saleDiscount = discounts.saleDiscount ?? null;
  const summary = summarizePayment(lines, payment, saleDiscount);
  const isCash = payment.method === 'cash';
  const notes = payment.notes.trim();
  const split = (payment.tenders ?? []).length > 0;
  return {
    // Issue #34 item 2: once taxed, `tax` is the sales tax and the card fee is sent apart.
    ...totalsToStrings({
      subtotal: summary.subtotal,
      tax: summary.salesTax.charged ? summary.salesTax.salesTax : summary.cardFee,
      total: summary.total,
    }),
    ...(summary.salesTax.charged ? { cardFee: centsToDecimal(summary.cardFee) } : {}),
    paymentMethod: split ? summaryMethod(summary.tenders) : payment.method,
    referenceCode: isCash ? null : storedReference(payment.referenceCode),
    notes: isCash || !notes ? null : notes,
    amountReceived: split || summary.amountPaid === null ? null : centsToDecimal(summary.amountPaid),
    ...(split ? { tenders: splitTenders(payment, summary) } : {}),
    items: lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      variantName: line.variantName,
      quantity: line.quantity,
      unitPrice: line.price,
      totalPrice: centsToDecimal(line.priceCents * line.quantity),
      ...(line.discount ? { discount: discountToInput(line.discount) } : {}),
      // Issue #35 item 1: the line's modifiers (unitPrice includes them); none: as §3.
      ...(line.modifiers?.length ? { modifiers: line.modifiers.map((m) => ({ optionId: m.optionId })) } : {}),
    })),
    ...(saleDiscount ? { discount: discountToInput(saleDiscount) } : {}),
    ...(discounts.approverPin ? { approverPin: discounts.approverPin } : {}),
  };
}

/**
 * Issue #34 item 2: the tax an offline sale says it charged: each line's rate ('0.00' when untaxed),
 * and, once taxed, whether prices included it. The server checks the sale at these and holds it
 * for a manager when a rate changed since (ADR 0030), instead of refusing it for good.
 */
export type StatedTax = { lineRates: string[]; pricesIncludeTax?: boolean };

export function statedTax(lines: readonly CartLine[], summary: PaymentSummary): StatedTax {
  return {
    lineRates: lines.map((l) => taxRateToString(l.taxRate ?? 0)),
    ...(summary.salesTax.charged ? { pricesIncludeTax: summary.salesTax.pricesIncludeTax } : {}),
  };
}

/** What the receipt printed offline needs of a taxed cart's tax (issue #34 item 2, ADR 0030). */
export type ReceiptTax = { taxLines: NonNullable<Receipt['taxLines']>; pricesIncludeTax: boolean };

/**
 * Issue #34 item 2: the receipt's tax lines of a taxed cart (one per rate) and whether its prices
 * include the tax ('Tax (10%) incl.'), as the server's receipt has them; undefined while untaxed.
 */
export function receiptTax(summary: PaymentSummary): ReceiptTax | undefined {
  if (!summary.salesTax.charged) return undefined;
  const pricesIncludeTax = summary.salesTax.pricesIncludeTax;
  return {
    taxLines: summary.salesTax.byRate.map((r) => ({
      rate: taxRateToString(r.rate),
      label: taxLineLabel(r.rate, pricesIncludeTax),
      amount: centsToDecimal(r.tax),
    })),
    pricesIncludeTax,
  };
}

/** Issue #34: the sale body's tenders: the part payments taken, then the rest by the chosen method. */
function splitTenders(payment: PaymentInput, summary: PaymentSummary): NonNullable<SaleRequest['tenders']> {
  const taken = payment.tenders ?? [];
  return summary.tenders.map((t, i) => {
    const reference = i < taken.length ? (taken[i]?.referenceCode ?? '') : payment.referenceCode;
    return {
      method: t.method,
      amount: centsToDecimal(t.amount),
      ...(t.method === 'cash' && t.amountReceived != null ? { amountReceived: centsToDecimal(t.amountReceived) } : {}),
      ...(t.method !== 'cash' && storedReference(reference) ? { referenceCode: storedReference(reference) } : {}),
    };
  });
}
