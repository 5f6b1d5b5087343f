import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../types';
import { PRINT_DELAY_MS, printReceipt } from './print-receipt';
import { receiptHtml } from './receipt-html';

const cashReceipt: Receipt = {
  items: [
    { name: 'Latte (Takeaway Big Cup)', quantity: 1, total: '4.50' },
    { name: 'Blueberry Muffin', quantity: 2, total: '8.00' },
  ],
  subtotal: '12.50',
  tax: '0.00',
  total: '12.50',
  paymentMethod: 'cash',
  amountReceived: '20.00',
  changeDue: '7.50',
  referenceCode: null,
  notes: null,
  cashierName: 'Casey Cash',
  timestamp: '2024-06-03T01:30:00.000Z',
};

const cardReceipt: Receipt = {
  ...cashReceipt,
  tax: '0.31',
  total: '12.81',
  paymentMethod: 'credit_card',
  amountReceived: '12.81',
  changeDue: '0.00',
  referenceCode: 'VTPD445566',
  notes: 'Signed <b>slip</b>',
};

/** The receipt as text, the way a reader of the print window sees it. */
function text(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the printed receipt (spec §9 Receipt)', () => {
  it('is 400 px wide', () => {
    expect(receiptHtml(cashReceipt)).toMatch(/width: 400px/);
  });

  it('lists the items, subtotal, Tax (0%), total, cash received and change, and who served', () => {
    const content = text(receiptHtml(cashReceipt, { number: 'A1B2C3' }));
    expect(content).toContain('1 × Latte (Takeaway Big Cup) $4.50');
    expect(content).toContain('2 × Blueberry Muffin $8.00');
    expect(content).toContain('Subtotal $12.50');
    expect(content).toContain('Tax (0%) $0.00');
    expect(content).toContain('Total $12.50');
    expect(content).toContain('Payment Method Cash');
    expect(content).toContain('Amount Received $20.00');
    expect(content).toContain('Change Due $7.50');
    expect(content).toContain('Served by Casey Cash');
    expect(content).toContain('#A1B2C3');
    expect(content).not.toContain('Card Fee');
    expect(content).not.toContain('Reference');
  });

  it('a card sale shows the card fee, the reference/approval code block and the notes, and no change', () => {
    const content = text(receiptHtml(cardReceipt));
    expect(content).toContain('Card Fee (2.5%) $0.31');
    expect(content).toContain('Total $12.81');
    expect(content).toContain('Payment Method Credit Card');
    expect(content).toContain('Reference / Approval Code VTPD445566');
    expect(content).toContain('Payment Notes: Signed <b>slip</b>');
    expect(content).not.toContain('Change Due');
  });

  it('escapes what the cashier typed', () => {
    expect(receiptHtml(cardReceipt)).toContain('Signed &lt;b&gt;slip&lt;/b&gt;');
  });

  it('a reprint is marked COPY at the top and the bottom, with the same number and totals (issue #15)', () => {
    const original = text(receiptHtml(cashReceipt, { number: 'A1B2C3' }));
    const html = receiptHtml(cashReceipt, { number: 'A1B2C3', copy: true });
    const copy = text(html);
    expect(original).not.toContain('COPY');
    expect(html.match(/data-copy>COPY</g)).toHaveLength(2);
    expect(copy).toContain('#A1B2C3');
    expect(copy).toContain('Total $12.50');
    expect(copy.replace(/COPY/g, '').replace(/\s+/g, ' ')).toBe(
      original.replace(/\s+/g, ' ').replace('Receipt #', 'COPY · Receipt #').replace('COPY · ', ''),
    );
  });

  it("says 'Unknown Cashier' when the cashier has no name", () => {
    expect(text(receiptHtml({ ...cashReceipt, cashierName: null }))).toContain('Served by Unknown Cashier');
    expect(text(receiptHtml({ ...cashReceipt, cashierName: '  ' }))).toContain('Served by Unknown Cashier');
  });
});

describe('printing (spec §4: write, wait 250 ms, print, close, then dismiss)', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the receipt, prints after the delay, closes the window and then reports done', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let written = '';
    const popup = {
      document: { open: () => {}, write: (html: string) => (written += html), close: () => {} },
      focus: () => {},
      print: () => calls.push('print'),
      close: () => calls.push('close'),
    } as unknown as Window;
    const outcome = printReceipt(cashReceipt, { openWindow: () => popup, onDone: () => calls.push('done') });
    expect(outcome).toBe('printed');
    expect(written).toContain('Served by Casey Cash');
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['print', 'close', 'done']);
  });

  it('reports a blocked window without printing', () => {
    const onDone = vi.fn();
    expect(printReceipt(cashReceipt, { openWindow: () => null, onDone })).toBe('blocked');
    expect(onDone).not.toHaveBeenCalled();
  });
});
