import { formatMoney, paymentMethodTitle, type ShiftReport } from '@retail-hub/shared';
import { money, toCents } from '@/lib/money';
import { zonedParts } from '@/lib/time-zone';
import { escapeHtml } from './receipt-html';

/**
 * Issue #15 item 8: an X or Z report on paper: the receipt printer's 400 px roll or an A4 page.
 * The same figures in the same order either way; only the page differs.
 */
export type ReportLayout = 'receipt' | 'a4';

const STYLES: Record<ReportLayout, string> = {
  receipt: `
  @page { margin: 8mm; }
  body { width: 400px; max-width: 100%; margin: 0 auto; padding: 16px; font: 14px/1.45 "Courier New", ui-monospace, monospace; }`,
  a4: `
  @page { size: A4; margin: 18mm; }
  body { max-width: 180mm; margin: 0 auto; padding: 0; font: 12pt/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  table { font-variant-numeric: tabular-nums; }`,
};

const COMMON = `
  * { box-sizing: border-box; }
  body { color: #000; background: #fff; }
  h1 { font-size: 20px; margin: 0; text-align: center; }
  h2 { font-size: 15px; margin: 12px 0 4px; border-bottom: 1px solid #000; }
  .center { text-align: center; }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 2px 0; vertical-align: top; }
  td.amount { text-align: right; white-space: nowrap; padding-left: 12px; }
  tr.total td { font-weight: bold; border-top: 1px solid #000; }
`;

function when(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const row = (label: string, value: string, className = '') =>
  `<tr class="${className}">\n<td>${escapeHtml(label)}</td>\n<td class="amount">${escapeHtml(value)}</td>\n</tr>\n`;

const negative = (value: string) => (toCents(value) === 0 ? money(0) : formatMoney(-toCents(value)));

/**
 * Offline sales whose discount above the cap nobody approved (ADR 0019), named for the manager
 * closing the shift; nothing on a Z report written before the figure existed.
 */
function unapprovedRows(report: ShiftReport): string[] {
  const flagged = report.unapprovedDiscounts;
  if (!flagged) return [];
  return [
    row(`Discounts not approved (${flagged.count})`, money(flagged.total)),
    flagged.count > 0 ? row('Their sales', flagged.saleNumbers.map((n) => `#${n}`).join(' ')) : '',
  ];
}

export function shiftReportTitle(report: ShiftReport): string {
  return report.kind === 'Z' ? `Z Report #${report.number}` : 'X Report';
}

export function shiftReportHtml(report: ShiftReport, layout: ReportLayout, timeZone?: string): string {
  const title = shiftReportTitle(report);
  const sales = [
    row('Sales', String(report.salesCount)),
    row('Items sold', String(report.itemsSold)),
    row('Gross sales', money(report.grossSales)),
    row('Discounts', money(report.discounts)),
    ...unapprovedRows(report),
    row('Net sales', money(report.subtotal)),
    // Issue #34 item 2: the sales tax by rate, once any line was taxed.
    ...(report.salesTax?.byRate ?? []).map((r) => row(r.label, money(r.tax))),
    row('Card fees', money(report.cardFees)),
    row('Sales total', money(report.total), 'total'),
    // Refunds are money going back: shown negative (issue #15 item 5). Voids are not in the totals at all.
    row(`Refunds (${report.refunds.count})`, negative(report.refunds.total)),
    // Issue #34: the tax those refunds gave back, by the rate it was charged.
    ...(report.refundedTax?.byRate ?? []).map((r) => row(`${r.label} refunded`, negative(r.tax))),
    row(`Voids (${report.voids.count})`, money(report.voids.total)),
    row('Net total', money(report.netTotal), 'total'),
  ].join('');
  const methods = report.totalsByMethod.length
    ? report.totalsByMethod
        .map((m) => row(`${paymentMethodTitle(m.paymentMethod)} (${m.count})`, money(m.total)))
        .join('')
    : row('No sales', money(0));
  const cash = [
    row('Opening float', money(report.openingFloat)),
    row('Cash sales', money(report.cashSales)),
    row('Cash refunds', negative(report.cashRefunds)),
    row('Expected cash', money(report.expectedCash), 'total'),
    report.countedCash !== null ? row('Counted cash', money(report.countedCash)) : '',
    report.overShort !== null ? row('Over / short', money(report.overShort)) : '',
  ].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${COMMON}${STYLES[layout]}</style></head>
<body data-layout="${layout}">
  <h1>Retail Hub</h1>
  <p class="center"><b>${escapeHtml(title)}</b>${report.kind === 'X' ? '<br>Figures so far: nothing is closed' : ''}</p>
  <table>
    ${row('Shift', `#${report.shiftId}`)}
    ${row('Cashier', report.cashier.name)}
    ${row('Started', when(report.startedAt, timeZone))}
    ${report.endedAt ? row('Ended', when(report.endedAt, timeZone)) : ''}
    ${row(report.kind === 'Z' ? 'Written' : 'As of', when(report.generatedAt, timeZone))}
    ${row('First sale', report.firstSaleNumber ? `#${report.firstSaleNumber}` : '—')}
    ${row('Last sale', report.lastSaleNumber ? `#${report.lastSaleNumber}` : '—')}
  </table>
  <h2>Sales</h2>
  <table>${sales}</table>
  <h2>By payment method</h2>
  <table>${methods}</table>
  <h2>Cash drawer</h2>
  <table>${cash}</table>
</body></html>`;
}
