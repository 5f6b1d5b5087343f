import {
  CARD_FEE_METHODS,
  type Cents,
  centsToDecimal,
  changeDueCents,
  containsCardNumber,
  type Discount,
  discountToInput,
  looksLikeCardNumber,
  type PaymentMethod,
  parseCents,
  type SaleRequest,
  storedReference,
  totalsToStrings,
} from '@retail-hub/shared';
import { type CartLine, cartTotals } from '../cart/cart-reducer';

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
};

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
};

export function summarizePayment(
  lines: readonly CartLine[],
  payment: PaymentInput,
  saleDiscount: Discount | null = null,
): PaymentSummary {
  const totals = cartTotals(lines, payment.method, saleDiscount);
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
  return {
    ...totalsToStrings({ subtotal: summary.subtotal, tax: summary.cardFee, total: summary.total }),
    paymentMethod: payment.method,
    referenceCode: isCash ? null : storedReference(payment.referenceCode),
    notes: isCash || !notes ? null : notes,
    amountReceived: summary.amountPaid === null ? null : centsToDecimal(summary.amountPaid),
    items: lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      variantName: line.variantName,
      quantity: line.quantity,
      unitPrice: line.price,
      totalPrice: centsToDecimal(line.priceCents * line.quantity),
      ...(line.discount ? { discount: discountToInput(line.discount) } : {}),
    })),
    ...(saleDiscount ? { discount: discountToInput(saleDiscount) } : {}),
    ...(discounts.approverPin ? { approverPin: discounts.approverPin } : {}),
  };
}
