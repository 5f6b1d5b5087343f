import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  CARD_FEE_LABEL,
  decimalToCents,
  formatMoney,
  PAPER_COLUMNS,
  type PaperWidth,
  paymentMethodTitle,
  type Receipt,
  type Refund,
  receiptTaxRows,
  refundTaxRows,
  type ShiftReport,
} from '@retail-hub/shared';

/**
 * Issue #36 item 1 (docs/adr/0031): the receipt, the REFUND receipt, COPY reprints and X/Z reports as
 * ESC/POS, rendered once on the server with @point-of-sale/receipt-printer-encoder. The content and
 * its order are the browser receipt's (spec §9 Receipt, `Receipt` of @retail-hub/shared, the model
 * the web's receipt-html.ts and the e-mail's receipt-text.ts print); only the paper differs: 32
 * columns on 58 mm, 48 on 80 mm. The drawer pulse is added by the caller (`withPulse`), only when cash
 * was taken or paid out.
 */

export type PaperOptions = {
  paperWidth: PaperWidth;
  /** The store's name printed at the top (the browser receipt's 'Retail Hub' when there is none). */
  header?: string | null;
  /** Printed above the cut. */
  footer?: string;
  timeZone: string;
};

const money = (value: string | null | undefined) => formatMoney(decimalToCents(value ?? '0'));
const negative = (value: string) => formatMoney(-decimalToCents(value));

function when(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-AU', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}

/** `text` in lines of at most `width`, broken at spaces (a word longer than a line is cut). */
function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word.slice(0, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A small writer over the encoder: label/amount rows that fill the paper's columns. */
class Paper {
  readonly encoder: ReceiptPrinterEncoder;
  readonly columns: number;
  constructor(paperWidth: PaperWidth) {
    this.columns = PAPER_COLUMNS[paperWidth];
    this.encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: this.columns }).initialize();
  }
  center(text: string, { bold = false, big = false } = {}): this {
    const e = this.encoder.align('center');
    if (bold) e.bold(true);
    if (big) e.size(2, 2);
    // Too long for one line: wrapped at spaces (never cut off mid-word: "nothing is close").
    for (const line of wrap(text, big ? Math.floor(this.columns / 2) : this.columns)) e.line(line);
    if (big) e.size(1, 1);
    if (bold) e.bold(false);
    e.align('left');
    return this;
  }
  rule(): this {
    this.encoder.line('-'.repeat(this.columns));
    return this;
  }
  row(label: string, value: string, { bold = false } = {}): this {
    const room = this.columns - value.length - 1;
    const first = label.length > room ? label.slice(0, room) : label;
    if (bold) this.encoder.bold(true);
    this.encoder.line(`${first}${' '.repeat(Math.max(1, this.columns - first.length - value.length))}${value}`);
    // A long product name continues on its own line(s).
    for (let rest = label.slice(first.length).trimStart(); rest.length > 0; rest = rest.slice(this.columns - 2)) {
      this.encoder.line(`  ${rest.slice(0, this.columns - 2)}`);
    }
    if (bold) this.encoder.bold(false);
    return this;
  }
  text(text: string): this {
    for (let rest = text; rest.length > 0; rest = rest.slice(this.columns))
      this.encoder.line(rest.slice(0, this.columns));
    return this;
  }
  mark(word: string): this {
    return this.center(`*** ${word} ***`, { bold: true });
  }
  finish(footer: string | undefined, qr?: string): Uint8Array {
    if (footer) this.center(footer);
    if (qr) this.encoder.align('center').qrcode(qr, 2, 4, 'm').align('left');
    this.encoder.newline(3).cut();
    return this.encoder.encode();
  }
}

const DEFAULT_FOOTER = 'Thank you for your purchase!';

/** The sale's receipt; `copy` marks a reprint COPY at the top and the bottom (issue #15 item 4). */
export function renderReceipt(
  receipt: Receipt,
  { number, copy = false, ...paper }: PaperOptions & { number: string; copy?: boolean },
): Uint8Array {
  const p = new Paper(paper.paperWidth);
  p.center(paper.header?.trim() || 'Retail Hub', { bold: true, big: true });
  p.center(`Sales Receipt #${number}`);
  if (copy) p.mark('COPY');
  p.rule();
  for (const item of receipt.items) {
    p.row(`${item.quantity} x ${item.name}`, money(item.total));
    // Issue #35 item 1: each modifier under its line ('  + Oat 0.60').
    for (const m of item.modifiers ?? []) {
      p.row(`  + ${m.name}`, decimalToCents(m.price) > 0 ? money(m.price) : '');
    }
    if (item.discount) p.row(`  Discount ${item.discount.label}`, `-${money(item.discount.amount)}`);
  }
  p.rule();
  if (decimalToCents(receipt.discountTotal ?? '0') > 0) {
    p.row('Items', money(receipt.grossSubtotal));
    const lineDiscounts = receipt.items.reduce((sum, i) => sum + decimalToCents(i.discount?.amount ?? '0'), 0);
    if (lineDiscounts > 0) p.row('Line Discounts', `-${formatMoney(lineDiscounts)}`);
    if (receipt.saleDiscount) {
      p.row(`Sale Discount ${receipt.saleDiscount.label}`, `-${money(receipt.saleDiscount.amount)}`);
    }
    p.row('You Saved', money(receipt.discountTotal));
  }
  p.row('Subtotal', money(receipt.subtotal));
  // spec §9 'Tax (0%)' and the card fee; once taxed, one line per rate (issue #34 item 2, ADR 0030).
  for (const row of receiptTaxRows(receipt)) p.row(row.label, formatMoney(row.cents));
  p.row('Total', money(receipt.total), { bold: true });
  if (receipt.pricesIncludeTax) p.center('Prices include tax');
  p.rule();
  const split = (receipt.payments?.length ?? 0) > 1 ? (receipt.payments ?? []) : null;
  if (split) {
    for (const t of split) {
      p.row(paymentMethodTitle(t.method), money(t.amount));
      if (decimalToCents(t.cardFee) > 0) p.row(`  incl. ${CARD_FEE_LABEL}`, money(t.cardFee));
      if (t.method === 'cash' && t.amountReceived) p.row('  Cash Received', money(t.amountReceived));
      if (t.referenceCode) p.row('  Reference', t.referenceCode);
    }
    p.row('Change Due', money(receipt.changeDue));
  } else {
    p.row('Payment Method', paymentMethodTitle(receipt.paymentMethod));
    if (receipt.paymentMethod === 'cash') {
      p.row('Amount Received', money(receipt.amountReceived));
      p.row('Change Due', money(receipt.changeDue));
    } else if (receipt.referenceCode) {
      p.text('Reference / Approval Code');
      p.center(receipt.referenceCode, { bold: true });
    }
  }
  if (receipt.notes?.trim()) p.text(`Payment Notes: ${receipt.notes.trim()}`);
  p.rule();
  p.center(`Served by ${receipt.cashierName?.trim() || 'Unknown Cashier'}`);
  p.center(when(receipt.timestamp, paper.timeZone));
  if (copy) p.mark('COPY');
  return p.finish(paper.footer ?? DEFAULT_FOOTER, number);
}

/**
 * The REFUND receipt (issue #15 item 5): its own number, the sale it refunds, amounts negative; `copy`
 * marks a reprint COPY under the REFUND marks, as a sale's COPY.
 */
export function renderRefund(
  refund: Refund,
  { copy = false, ...paper }: PaperOptions & { copy?: boolean },
): Uint8Array {
  const p = new Paper(paper.paperWidth);
  p.center(paper.header?.trim() || 'Retail Hub', { bold: true, big: true });
  p.mark('REFUND');
  if (copy) p.mark('COPY');
  p.center(`Refund #${refund.number}`);
  p.center(`For Sale #${refund.transactionNumber}`);
  p.rule();
  for (const line of refund.lines) {
    const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
    p.row(`${line.quantity} x ${name}`, negative(line.totalPrice));
  }
  p.rule();
  p.row('Subtotal', negative(refund.subtotal));
  // Issue #34 item 2 (ADR 0030): the tax given back, by rate; an untaxed refund prints as before.
  if (refund.salesTax !== undefined) {
    for (const row of refundTaxRows(refund)) p.row(row.label, formatMoney(-row.cents));
  }
  if (decimalToCents(refund.cardFee) > 0) p.row(CARD_FEE_LABEL, negative(refund.cardFee));
  p.row('Total Refunded', negative(refund.total), { bold: true });
  const payments = refund.payments ?? [{ tenderSeq: 1, method: refund.paymentMethod, amount: refund.total }];
  for (const t of payments) p.row(`Refunded by ${paymentMethodTitle(t.method)}`, negative(t.amount));
  p.text(`Reason: ${refund.reason}`);
  if (refund.note?.trim()) p.text(`Note: ${refund.note.trim()}`);
  p.rule();
  p.center(`Refunded by ${refund.cashier.name}`);
  if (refund.approvedBy) p.center(`Approved by ${refund.approvedBy.name}`);
  p.center(when(refund.createdAt, paper.timeZone));
  p.mark('REFUND');
  if (copy) p.mark('COPY');
  return p.finish(undefined, refund.number);
}

/**
 * The X or Z report (issue #15 item 8) on the roll: the figures, labels and order of the browser's
 * shift-report-html.ts.
 */
export function renderShiftReport(report: ShiftReport, paper: PaperOptions): Uint8Array {
  const p = new Paper(paper.paperWidth);
  p.center(paper.header?.trim() || 'Retail Hub', { bold: true, big: true });
  p.center(report.kind === 'Z' ? `Z Report #${report.number ?? ''}` : 'X Report', { bold: true });
  if (report.kind === 'X') p.center('Figures so far: nothing is closed');
  if (report.store) p.center(report.store.name);
  p.rule();
  p.row('Shift', `#${report.shiftId}`);
  p.row('Cashier', report.cashier.name);
  p.row('Started', when(report.startedAt, paper.timeZone));
  if (report.endedAt) p.row('Ended', when(report.endedAt, paper.timeZone));
  p.row(report.kind === 'Z' ? 'Written' : 'As of', when(report.generatedAt, paper.timeZone));
  p.row('First sale', report.firstSaleNumber ? `#${report.firstSaleNumber}` : '-');
  p.row('Last sale', report.lastSaleNumber ? `#${report.lastSaleNumber}` : '-');
  p.center('Sales', { bold: true });
  p.rule();
  p.row('Sales', String(report.salesCount));
  p.row('Items sold', String(report.itemsSold));
  p.row('Gross sales', money(report.grossSales));
  p.row('Discounts', money(report.discounts));
  p.row('Net sales', money(report.subtotal));
  for (const r of report.salesTax?.byRate ?? []) p.row(r.label, money(r.tax));
  p.row('Card fees', money(report.cardFees));
  p.row('Sales total', money(report.total), { bold: true });
  p.row(`Refunds (${report.refunds.count})`, negative(report.refunds.total));
  for (const r of report.refundedTax?.byRate ?? []) p.row(`${r.label} refunded`, negative(r.tax));
  p.row(`Voids (${report.voids.count})`, money(report.voids.total));
  p.row('Net total', money(report.netTotal), { bold: true });
  p.center('By payment method', { bold: true });
  p.rule();
  if (report.totalsByMethod.length === 0) p.row('No sales', formatMoney(0));
  for (const m of report.totalsByMethod) p.row(`${paymentMethodTitle(m.paymentMethod)} (${m.count})`, money(m.total));
  p.center('Cash drawer', { bold: true });
  p.rule();
  p.row('Opening float', money(report.openingFloat));
  p.row('Cash sales', money(report.cashSales));
  p.row('Cash refunds', negative(report.cashRefunds));
  p.row('Expected cash', money(report.expectedCash), { bold: true });
  if (report.countedCash !== null) p.row('Counted cash', money(report.countedCash));
  if (report.overShort !== null) p.row('Over / short', money(report.overShort));
  return p.finish(undefined);
}

/** A test page: the printer's name, paper width and a ruler of its columns. */
export function renderTestPage(name: string, paper: PaperOptions): Uint8Array {
  const p = new Paper(paper.paperWidth);
  p.center('Retail Hub', { bold: true, big: true });
  p.center('Printer Test');
  p.rule();
  p.row('Printer', name);
  p.row('Paper', `${paper.paperWidth} mm, ${PAPER_COLUMNS[paper.paperWidth]} columns`);
  p.text('0123456789'.repeat(5).slice(0, PAPER_COLUMNS[paper.paperWidth]));
  return p.finish('Printer is ready');
}

/** ESC p 0 25 250: the drawer kick on pin 2 (the usual drawer port). */
const PULSE = [0x1b, 0x70, 0x00, 0x19, 0xfa];

/** The bytes with one drawer pulse in front (the drawer opens while the receipt prints). */
export function withPulse(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + PULSE.length);
  // After ESC @ (initialize) so the printer is in a known state.
  out.set(bytes.subarray(0, 2), 0);
  out.set(PULSE, 2);
  out.set(bytes.subarray(2), 2 + PULSE.length);
  return out;
}

/** A drawer kick alone (Open Drawer). */
/** The same bytes without the drawer pulse `withPulse` put in (a receipt sent too late to kick the drawer). */
export function withoutPulse(bytes: Uint8Array): Uint8Array {
  const has = PULSE.every((b, i) => bytes[2 + i] === b);
  if (!has) return bytes;
  const out = new Uint8Array(bytes.length - PULSE.length);
  out.set(bytes.subarray(0, 2), 0);
  out.set(bytes.subarray(2 + PULSE.length), 2);
  return out;
}

export function renderDrawerPulse(): Uint8Array {
  return Uint8Array.from([0x1b, 0x40, ...PULSE]);
}

/** The printers the encoder knows by name (for the user guide). */
export function supportedPrinterModels(): string[] {
  return ReceiptPrinterEncoder.printerModels.map((m) => m.name);
}
