import {
  CARD_FEE_LABEL,
  decimalToCents,
  formatMoney,
  paymentMethodTitle,
  type Receipt,
  receiptTaxRows,
} from '@retail-hub/shared';

const WIDTH = 40;

function line(label: string, value: string): string {
  const gap = Math.max(1, WIDTH - label.length - value.length);
  return `${label}${' '.repeat(gap)}${value}`;
}

const money = (value: string) => formatMoney(decimalToCents(value));

/**
 * The receipt as plain text for e-mail (issue #15 item 4): the printed receipt's content (spec §9
 * Receipt) in the same order, in a fixed-width layout that reads in any mail client.
 */
export function receiptText(
  receipt: Receipt,
  { number, voided = false, timeZone }: { number: string; voided?: boolean; timeZone: string },
): string {
  const isCash = receipt.paymentMethod === 'cash';
  const rows: string[] = ['Retail Hub', `Sales Receipt #${number}`];
  if (voided) rows.push('VOIDED');
  rows.push('-'.repeat(WIDTH));
  for (const item of receipt.items) {
    rows.push(line(`${item.quantity} x ${item.name}`, money(item.total)));
    // Issue #35 item 1: each modifier under its line.
    for (const m of item.modifiers ?? []) rows.push(`  + ${m.name}`);
  }
  rows.push('-'.repeat(WIDTH));
  rows.push(line('Subtotal', money(receipt.subtotal)));
  // spec §9 'Tax (0%)' and the card fee; once taxed, one line per rate (issue #34 item 2, ADR 0030).
  for (const row of receiptTaxRows(receipt)) rows.push(line(row.label, formatMoney(row.cents)));
  rows.push(line('Total', money(receipt.total)));
  if (receipt.pricesIncludeTax) rows.push('Prices include tax');
  const split = (receipt.payments?.length ?? 0) > 1 ? (receipt.payments ?? []) : null;
  if (split) {
    // Issue #34: every tender of a split sale, then the change (only from the last cash tender).
    for (const p of split) {
      rows.push(line(paymentMethodTitle(p.method), money(p.amount)));
      if (decimalToCents(p.cardFee) > 0) rows.push(line(`  incl. ${CARD_FEE_LABEL}`, money(p.cardFee)));
      if (p.method === 'cash' && p.amountReceived) rows.push(line('  Cash Received', money(p.amountReceived)));
      if (p.referenceCode) rows.push(line('  Reference', p.referenceCode));
    }
    rows.push(line('Change Due', money(receipt.changeDue)));
  } else {
    rows.push(line('Payment Method', paymentMethodTitle(receipt.paymentMethod)));
    if (isCash) {
      rows.push(line('Amount Received', money(receipt.amountReceived)));
      rows.push(line('Change Due', money(receipt.changeDue)));
    } else if (receipt.referenceCode) {
      rows.push(line('Reference / Approval Code', receipt.referenceCode));
    }
  }
  if (receipt.notes?.trim()) rows.push(`Payment Notes: ${receipt.notes.trim()}`);
  rows.push('-'.repeat(WIDTH));
  rows.push(`Served by ${receipt.cashierName?.trim() || 'Unknown Cashier'}`);
  rows.push(new Date(receipt.timestamp).toLocaleString('en-AU', { timeZone, dateStyle: 'medium', timeStyle: 'short' }));
  rows.push('Thank you for your purchase!');
  return `${rows.join('\n')}\n`;
}
