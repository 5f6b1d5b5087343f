import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaperWidth, Receipt, Refund, ShiftReport } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { decodedText, decodeEscPos } from './escpos-decode';
import { renderDrawerPulse, renderReceipt, renderRefund, renderShiftReport, withPulse } from './escpos-render';
import { tookCash } from './printers.service';

/**
 * Issue #36: the ESC/POS of each document at 58 and 80 mm against golden files, byte for byte (.hex)
 * and as the printer reads it (.txt, decoded). `UPDATE_GOLDEN=1` rewrites them after a deliberate
 * layout change; look at the .txt diff before committing it.
 */
const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const timeZone = 'Australia/Sydney';

const cashReceipt: Receipt = {
  items: [
    { name: 'Flat White', quantity: 2, total: '9.00' },
    { name: 'Banana bread, toasted, with butter and honey', quantity: 1, total: '6.50', discount: null },
  ],
  subtotal: '15.50',
  tax: '0.00',
  total: '15.50',
  paymentMethod: 'cash',
  amountReceived: '20.00',
  changeDue: '4.50',
  referenceCode: null,
  notes: null,
  cashierName: 'Ann Lee',
  timestamp: '2026-11-29T01:02:03.000Z',
};

const cardReceipt: Receipt = {
  items: [{ name: 'Flat White', quantity: 1, total: '4.50' }],
  subtotal: '4.50',
  tax: '0.11',
  total: '4.61',
  paymentMethod: 'eftpos',
  amountReceived: '4.61',
  changeDue: '0.00',
  referenceCode: 'VTPD123456',
  notes: null,
  cashierName: 'Ann Lee',
  timestamp: '2026-11-29T01:05:00.000Z',
};

const refund: Refund = {
  id: '018f0000-0000-7000-8000-00000000abcd',
  number: 'R00ABCD',
  transactionId: '018f0000-0000-7000-8000-000000c0ffee',
  transactionNumber: 'C0FFEE',
  shiftId: 7,
  createdAt: '2026-11-29T02:00:00.000Z',
  reason: 'Damaged',
  note: null,
  restock: false,
  paymentMethod: 'cash',
  subtotal: '4.50',
  cardFee: '0.00',
  total: '4.50',
  cashier: { id: 'u1', name: 'Ann Lee' },
  approvedBy: { id: 'u2', name: 'Maria Manager' },
  lines: [
    {
      id: 'l1',
      itemId: 'i1',
      productId: 'p1',
      variantId: null,
      name: 'Flat White',
      variantName: null,
      quantity: 1,
      unitPrice: '4.50',
      totalPrice: '4.50',
    },
  ],
};

const zReport = {
  kind: 'Z',
  number: 12,
  shiftId: 7,
  store: { id: 's1', name: 'Main Store' },
  cashier: { id: 'u1', name: 'Ann Lee' },
  startedAt: '2026-11-28T21:00:00.000Z',
  endedAt: '2026-11-29T06:00:00.000Z',
  generatedAt: '2026-11-29T06:00:00.000Z',
  salesCount: 2,
  itemsSold: 4,
  grossSales: '20.00',
  discounts: '0.00',
  subtotal: '20.00',
  cardFees: '0.11',
  total: '20.11',
  refunds: { count: 1, total: '4.50', cash: '4.50' },
  voids: { count: 0, total: '0.00' },
  netTotal: '15.61',
  totalsByMethod: [
    { paymentMethod: 'cash', count: 1, total: '15.50' },
    { paymentMethod: 'eftpos', count: 1, total: '4.61' },
  ],
  openingFloat: '100.00',
  cashSales: '15.50',
  cashRefunds: '4.50',
  expectedCash: '111.00',
  countedCash: '110.00',
  overShort: '-1.00',
  firstSaleNumber: 'C0FFEE',
  lastSaleNumber: 'BEEF01',
} as unknown as ShiftReport;

/** The same shift read while still open: an X report (nothing closed, nothing counted). */
const xReport = {
  ...zReport,
  kind: 'X',
  number: null,
  endedAt: null,
  countedCash: null,
  overShort: null,
} as unknown as ShiftReport;

const WIDTHS: PaperWidth[] = [58, 80];

function hex(bytes: Uint8Array): string {
  return `${(
    Buffer.from(bytes)
      .toString('hex')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n`;
}

function golden(name: string, bytes: Uint8Array) {
  const txt = path.join(GOLDEN, `${name}.txt`);
  const bin = path.join(GOLDEN, `${name}.hex`);
  if (process.env.UPDATE_GOLDEN) {
    writeFileSync(txt, decodedText(bytes));
    writeFileSync(bin, hex(bytes));
  }
  expect(decodedText(bytes)).toBe(readFileSync(txt, 'utf8'));
  expect(hex(bytes)).toBe(readFileSync(bin, 'utf8'));
}

describe('ESC/POS documents against the golden files', () => {
  for (const paperWidth of WIDTHS) {
    it(`the cash receipt at ${paperWidth} mm, with one drawer pulse`, () => {
      const bytes = withPulse(renderReceipt(cashReceipt, { number: 'C0FFEE', paperWidth, timeZone }));
      golden(`receipt-${paperWidth}`, bytes);
      const decoded = decodeEscPos(bytes);
      expect(decoded.pulses).toBe(1);
      expect(decoded.cuts).toBe(1);
      expect(decoded.qrCodes).toEqual(['C0FFEE']);
      expect(decoded.lines.every((l) => l.replace(/ \[(B|2x)\]/g, '').length <= (paperWidth === 58 ? 32 : 48))).toBe(
        true,
      );
    });

    it(`the COPY reprint at ${paperWidth} mm`, () => {
      golden(`copy-${paperWidth}`, renderReceipt(cardReceipt, { number: 'BEEF01', copy: true, paperWidth, timeZone }));
    });

    it(`the REFUND receipt at ${paperWidth} mm`, () => {
      golden(`refund-${paperWidth}`, renderRefund(refund, { paperWidth, timeZone }));
    });

    it(`the REFUND COPY at ${paperWidth} mm`, () => {
      const bytes = renderRefund(refund, { copy: true, paperWidth, timeZone });
      golden(`refund-copy-${paperWidth}`, bytes);
      const lines = decodeEscPos(bytes).lines;
      expect(lines.filter((l) => l.includes('*** COPY ***'))).toHaveLength(2);
      expect(lines.filter((l) => l.includes('*** REFUND ***'))).toHaveLength(2);
    });

    it(`the Z report at ${paperWidth} mm`, () => {
      golden(`z-report-${paperWidth}`, renderShiftReport(zReport, { paperWidth, timeZone }));
    });

    it(`the X report at ${paperWidth} mm`, () => {
      const bytes = renderShiftReport(xReport, { paperWidth, timeZone });
      golden(`x-report-${paperWidth}`, bytes);
      const lines = decodeEscPos(bytes).lines;
      expect(lines.some((l) => l.includes('X Report'))).toBe(true);
      expect(lines.some((l) => l.startsWith('Counted cash'))).toBe(false);
    });
  }

  it('a taxed REFUND at 80 mm gives back the tax by rate (issue #34 item 2, ADR 0030)', () => {
    const line = refund.lines[0] as Refund['lines'][number];
    const taxed: Refund = {
      ...refund,
      paymentMethod: 'eftpos',
      subtotal: '10.00',
      salesTax: '1.00',
      pricesIncludeTax: false,
      cardFee: '0.28',
      total: '11.28',
      lines: [
        { ...line, quantity: 2, unitPrice: '4.00', totalPrice: '8.00', taxRate: '10.00', tax: '0.80' },
        {
          ...line,
          id: 'l2',
          itemId: 'i2',
          name: 'Muffin',
          unitPrice: '2.00',
          totalPrice: '2.00',
          taxRate: '10.00',
          tax: '0.20',
        },
      ],
    };
    const bytes = renderRefund(taxed, { paperWidth: 80, timeZone });
    golden('refund-taxed-80', bytes);
    const lines = decodeEscPos(bytes).lines;
    expect(lines.some((l) => /^Tax \(10%\) +-\$1\.00$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('Tax (0%)'))).toBe(false);
    const included = decodeEscPos(
      renderRefund({ ...taxed, pricesIncludeTax: true, total: '10.27', cardFee: '0.27' }, { paperWidth: 80, timeZone }),
    ).lines;
    expect(included.some((l) => /^Tax \(10%\) incl\. +-\$1\.00$/.test(l))).toBe(true);
  });

  it('a taxed Z report at 80 mm lists the tax by rate and, under its refunds, the tax they gave back (issue #34)', () => {
    const taxed = {
      ...zReport,
      salesTax: { byRate: [{ rate: '10.00', label: 'Tax (10%)', tax: '1.35' }], total: '1.35' },
      refundedTax: { byRate: [{ rate: '10.00', label: 'Tax (10%)', tax: '0.45' }], total: '0.45' },
    };
    const lines = decodeEscPos(renderShiftReport(taxed, { paperWidth: 80, timeZone })).lines;
    const refunds = lines.findIndex((l) => l.startsWith('Refunds ('));
    expect(lines.some((l) => /^Tax \(10%\) +\$1\.35$/.test(l))).toBe(true);
    expect(lines[refunds + 1]).toMatch(/^Tax \(10%\) refunded +-\$0\.45$/);
  });

  it('reads a receipt back line by line: totals, change, COPY marks', () => {
    const lines = decodeEscPos(
      renderReceipt(cardReceipt, { number: 'BEEF01', copy: true, paperWidth: 58, timeZone }),
    ).lines;
    expect(lines.filter((l) => l.includes('*** COPY ***'))).toHaveLength(2);
    expect(lines).toContain('Total                      $4.61 [B]');
    expect(lines).toContain('Card Fee (2.5%)            $0.11');
  });
});

describe('the drawer pulse', () => {
  it('is taken on a cash sale and a split sale with a cash tender, never on a card-only sale', () => {
    expect(tookCash(cashReceipt)).toBe(true);
    expect(tookCash(cardReceipt)).toBe(false);
    const split = {
      ...cardReceipt,
      payments: [
        { method: 'eftpos', amount: '2.00', cardFee: '0.05', amountReceived: null, referenceCode: 'X1' },
        { method: 'cash', amount: '2.61', cardFee: '0.00', amountReceived: '5.00', referenceCode: null },
      ],
    } as unknown as Receipt;
    expect(tookCash(split)).toBe(true);
    const splitCards = { ...split, payments: split.payments?.map((p) => ({ ...p, method: 'eftpos' })) } as Receipt;
    expect(tookCash(splitCards)).toBe(false);
  });

  it('Open drawer is one pulse and nothing printed', () => {
    const decoded = decodeEscPos(renderDrawerPulse());
    expect(decoded).toMatchObject({ pulses: 1, cuts: 0, lines: ['[PULSE]'] });
  });

  it('an unknown command fails the decoder (a golden change cannot slip through unread)', () => {
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x99]))).toThrow(/unknown ESC/);
  });
});
