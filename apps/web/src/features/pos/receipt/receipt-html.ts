import {
  CARD_FEE_LABEL,
  formatMoney,
  type PaymentMethod,
  paymentMethodTitle,
  receiptTaxRows,
} from '@retail-hub/shared';
import { money, toCents } from '@/lib/money';
import type { Receipt } from '../types';

/**
 * The printed receipt (spec §9 Receipt): 400 px wide; items, subtotal, 'Tax (0%)' (one 'Tax (x%)'
 * line per rate once taxed, issue #34 item 2), the card fee when there is one, total, payment method; amount received and change for cash; the
 * reference/approval code block for other methods; notes; 'Served by' and the time.
 * Everything from the server or the cashier is escaped: notes are free text.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function receiptTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

const row = (label: string, value: string, className = '') =>
  `<tr class="${className}">\n<td>${escapeHtml(label)}</td>\n<td class="amount">${escapeHtml(value)}</td>\n</tr>\n`;

const STYLE = `
  @page { margin: 8mm; }
  * { box-sizing: border-box; }
  body { width: 400px; max-width: 100%; margin: 0 auto; padding: 16px; color: #000; background: #fff;
    font: 14px/1.45 "Courier New", ui-monospace, monospace; }
  h1 { font-size: 20px; margin: 0; text-align: center; }
  .center { text-align: center; }
  .muted { color: #333; font-size: 12px; }
  hr { border: 0; border-top: 1px dashed #000; margin: 10px 0; }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 2px 0; vertical-align: top; }
  td.amount { text-align: right; white-space: nowrap; padding-left: 12px; }
  tr.discount td, tr.modifier td { font-size: 13px; white-space: pre; }
  tr.total td { font-weight: bold; font-size: 16px; border-top: 1px solid #000; padding-top: 6px; }
  .reference { border: 1px solid #000; padding: 8px; margin: 10px 0; text-align: center; }
  .reference strong { display: block; font-size: 18px; letter-spacing: 1px; }
  .notes { white-space: pre-wrap; word-break: break-word; }
  .copy { border: 2px solid #000; text-align: center; font-size: 18px; font-weight: bold; letter-spacing: 6px;
    padding: 4px; margin: 8px 0; }
`;

/**
 * `copy`: a reprint (issue #15 item 4): the same number and totals, marked COPY at the top and the
 * bottom so it cannot pass for the original.
 */
export function receiptHtml(
  receipt: Receipt,
  { number, copy = false, offline = false }: { number?: string; copy?: boolean; offline?: boolean } = {},
): string {
  const method = String(receipt.paymentMethod) as PaymentMethod;
  const isCash = method === 'cash';

  // Issue #15 item 7: a line's discount prints under it; the sale discount above the subtotal.
  const items = receipt.items
    .map(
      (item) =>
        row(`${item.quantity} × ${item.name}`, money(item.total)) +
        // Issue #35 item 1: each modifier under its line.
        (item.modifiers ?? [])
          .map((m) => row(`  + ${m.name}`, toCents(m.price) > 0 ? money(m.price) : '', 'modifier'))
          .join('') +
        (item.discount ? row(`  Discount ${item.discount.label}`, `-${money(item.discount.amount)}`, 'discount') : ''),
    )
    .join('');
  const lineDiscounts = receipt.items.reduce((sum, item) => sum + toCents(item.discount?.amount), 0);
  const discounts =
    toCents(receipt.discountTotal) > 0
      ? [
          row('Items', money(receipt.grossSubtotal)),
          lineDiscounts > 0 ? row('Line Discounts', `-${formatMoney(lineDiscounts)}`, 'discount') : '',
          receipt.saleDiscount
            ? row(`Sale Discount ${receipt.saleDiscount.label}`, `-${money(receipt.saleDiscount.amount)}`, 'discount')
            : '',
          row('You Saved', money(receipt.discountTotal), 'discount'),
        ].join('')
      : '';

  const totals = [
    discounts,
    row('Subtotal', money(receipt.subtotal)),
    // spec §9: 'Tax (0%)' and the card surcharge (in `tax`) as Card Fee while nothing is taxed;
    // once taxed, one line per rate and the card fee apart (issue #34 item 2, the one receipt model).
    ...receiptTaxRows(receipt).map((r) => row(r.label, formatMoney(r.cents))),
    row('Total', money(receipt.total), 'total'),
    receipt.pricesIncludeTax ? row('Prices include tax', '') : '',
  ].join('');

  // Issue #34: a split sale lists every tender (its card fee and reference), then the change.
  const split = (receipt.payments?.length ?? 0) > 1 ? (receipt.payments ?? []) : null;
  const payment = split
    ? [
        ...split.map(
          (p) =>
            row(paymentMethodTitle(p.method), money(p.amount)) +
            (toCents(p.cardFee) > 0 ? row(`  incl. ${CARD_FEE_LABEL}`, money(p.cardFee)) : '') +
            (p.method === 'cash' ? row('  Cash Received', money(p.amountReceived)) : '') +
            (p.referenceCode ? row('  Reference', escapeHtml(p.referenceCode)) : ''),
        ),
        row('Change Due', money(receipt.changeDue ?? 0)),
      ].join('')
    : [
        row('Payment Method', paymentMethodTitle(method)),
        isCash && receipt.amountReceived !== null ? row('Amount Received', money(receipt.amountReceived)) : '',
        isCash ? row('Change Due', money(receipt.changeDue ?? 0)) : '',
      ].join('');

  const reference =
    !split && !isCash && receipt.referenceCode
      ? `<div class="reference">Reference / Approval Code\n<strong>${escapeHtml(receipt.referenceCode)}</strong></div>`
      : '';
  const notes = receipt.notes?.trim()
    ? `<p class="notes"><b>Payment Notes:</b> ${escapeHtml(receipt.notes.trim())}</p>`
    : '';
  const cashier = receipt.cashierName?.trim() || 'Unknown Cashier';
  const copyMark = copy ? '<div class="copy" data-copy>COPY</div>' : '';
  // Issue #19: printed before the server has the sale; it keeps this number when it gets there.
  const offlineMark = offline ? '<p class="center" data-offline><b>Offline – will sync</b></p>' : '';

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${copy ? 'COPY · ' : ''}Receipt${number ? ` #${escapeHtml(number)}` : ''}</title>
<style>${STYLE}</style></head>
<body>
  <h1>Retail Hub</h1>
  <p class="center muted">Sales Receipt${number ? ` · #${escapeHtml(number)}` : ''}</p>
  ${copyMark}
  <hr>
  <table>${items}</table>
  <hr>
  <table>${totals}</table>
  <hr>
  <table>${payment}</table>
  ${reference}
  ${notes}
  <hr>
  <p class="center">Served by ${escapeHtml(cashier)}</p>
  <p class="center muted">${escapeHtml(receiptTimestamp(receipt.timestamp))}</p>
  ${offlineMark}
  <p class="center">Thank you for your purchase!</p>
  ${copyMark}
</body></html>`;
}
