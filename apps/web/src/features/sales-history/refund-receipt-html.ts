import { CARD_FEE_LABEL, formatMoney, paymentMethodTitle, type Refund, refundTaxRows } from '@retail-hub/shared';
import { escapeHtml, receiptTimestamp } from '@/features/pos';
import { toCents } from '@/lib/money';

/**
 * The REFUND receipt (issue #15 item 5): laid out like the sale receipt (400 px roll), marked
 * REFUND at the top and the bottom, with the refund's own number, the sale it refunds, and every
 * amount negative (money going back to the customer).
 */

const negative = (value: string) => formatMoney(-toCents(value));

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
  tr.total td { font-weight: bold; font-size: 16px; border-top: 1px solid #000; padding-top: 6px; }
  .notes { white-space: pre-wrap; word-break: break-word; }
  .refund { border: 2px solid #000; text-align: center; font-size: 18px; font-weight: bold; letter-spacing: 6px;
    padding: 4px; margin: 8px 0; }
`;

export function refundReceiptHtml(refund: Refund): string {
  const items = refund.lines
    .map((line) =>
      row(
        `${line.quantity} × ${line.variantName ? `${line.name} (${line.variantName})` : line.name}`,
        negative(line.totalPrice),
      ),
    )
    .join('');
  const totals = [
    row('Subtotal', negative(refund.subtotal)),
    // spec §9 'Tax (0%)' 0.00 while nothing was taxed; else the tax given back by rate (ADR 0030).
    ...refundTaxRows(refund).map((r) => row(r.label, r.cents > 0 ? formatMoney(-r.cents) : formatMoney(0))),
    toCents(refund.cardFee) > 0 ? row(CARD_FEE_LABEL, negative(refund.cardFee)) : '',
    row('Total Refunded', negative(refund.total), 'total'),
  ].join('');
  const facts = [
    row('Refunded To', paymentMethodTitle(refund.paymentMethod)),
    row('Reason', refund.reason),
    row('Goods', refund.restock ? 'Back to stock' : 'Written off'),
  ].join('');
  const note = refund.note ? `<p class="notes"><b>Note:</b> ${escapeHtml(refund.note)}</p>` : '';
  const approved = refund.approvedBy ? `<p class="center">Approved by ${escapeHtml(refund.approvedBy.name)}</p>` : '';
  const mark = '<div class="refund" data-refund>REFUND</div>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>REFUND #${escapeHtml(refund.number)}</title>
<style>${STYLE}</style></head>
<body>
  <h1>Retail Hub</h1>
  <p class="center muted">Refund #${escapeHtml(refund.number)} · for Sale #${escapeHtml(refund.transactionNumber)}</p>
  ${mark}
  <hr>
  <table>${items}</table>
  <hr>
  <table>${totals}</table>
  <hr>
  <table>${facts}</table>
  ${note}
  <hr>
  <p class="center">Refunded by ${escapeHtml(refund.cashier.name)}</p>
  ${approved}
  <p class="center muted">${escapeHtml(receiptTimestamp(refund.createdAt))}</p>
  ${mark}
</body></html>`;
}
