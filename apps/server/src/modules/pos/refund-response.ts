import {
  centsToDecimal,
  decimalToCents,
  displayName,
  type Refund,
  refundNumber,
  transactionNumber,
} from '@retail-hub/shared';
import type { StoredRefund } from './refunds.repository';

/**
 * A stored refund as the API answers it (spec §7 Refund), beside sale-response.ts: the refunds
 * service answers with it, and the sale's detail in the history lists the sale's refunds with it.
 */
const person = (u: { id: string; firstName: string | null; lastName: string | null; email: string | null }) => ({
  id: u.id,
  name: displayName(u),
});

/**
 * The API's refund: its number, its sale's number, and per line its rate and tax once tax went back;
 * each line's `unitCost` (issue #37, ADR 0036) only for a reader of reports (`withCost`).
 */
export function toRefund(row: StoredRefund, withCost = false): Refund {
  const taxed = decimalToCents(row.salesTax) > 0;
  return {
    id: row.id,
    number: refundNumber(row.id),
    transactionId: row.transactionId,
    transactionNumber: transactionNumber(row.transactionId),
    shiftId: row.shiftId,
    createdAt: row.createdAt.toISOString(),
    reason: row.reason,
    note: row.note,
    restock: row.restock,
    paymentMethod: row.paymentMethod,
    subtotal: row.subtotal,
    cardFee: row.cardFee,
    // Issue #34 item 2: only once tax was given back, so a refund of an untaxed sale answers as before.
    ...(taxed
      ? { salesTax: centsToDecimal(decimalToCents(row.salesTax)), pricesIncludeTax: row.pricesIncludeTax }
      : {}),
    total: row.total,
    payments: row.payments,
    cashier: person(row.user),
    approvedBy: row.approver ? person(row.approver) : null,
    // Once tax was given back, each line says its rate and its tax (the REFUND receipt's rows by rate).
    lines: row.lines.map(({ taxRate, tax, unitCost, ...line }) => ({
      ...line,
      ...(taxed ? { taxRate, tax: centsToDecimal(decimalToCents(tax)) } : {}),
      ...(withCost ? { unitCost } : {}),
    })),
  };
}
