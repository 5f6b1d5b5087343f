import type { ShiftReport } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { shiftReportHtml } from './shift-report-html';

const z: ShiftReport = {
  kind: 'Z',
  number: 7,
  shiftId: 42,
  cashier: { id: 'c1', name: 'Casey Till' },
  startedAt: '2026-11-24T08:00:00.000Z',
  endedAt: '2026-11-24T16:00:00.000Z',
  generatedAt: '2026-11-24T16:00:00.000Z',
  salesCount: 2,
  itemsSold: 3,
  grossSales: '13.50',
  discounts: '0.00',
  subtotal: '13.50',
  cardFees: '0.11',
  total: '13.61',
  refunds: { count: 0, total: '0.00', cash: '0.00' },
  voids: { count: 1, total: '4.50' },
  netTotal: '13.61',
  totalsByMethod: [
    { paymentMethod: 'cash', count: 1, total: '9.00' },
    { paymentMethod: 'eftpos', count: 1, total: '4.61' },
  ],
  openingFloat: '100.00',
  cashSales: '9.00',
  cashRefunds: '0.00',
  expectedCash: '109.00',
  countedCash: '105.00',
  overShort: '-4.00',
  firstSaleNumber: 'AAAAAA',
  lastSaleNumber: 'BBBBBB',
};

const text = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ');

describe('the printed X and Z reports (issue #15 item 8)', () => {
  it('a Z report shows its number, sales, voids, methods and the cash drawer with over/short', () => {
    const content = text(shiftReportHtml(z, 'receipt', 'UTC'));
    for (const expected of [
      'Z Report #7',
      'Cashier Casey Till',
      'First sale #AAAAAA',
      'Last sale #BBBBBB',
      'Sales total $13.61',
      'Voids (1) $4.50',
      'Eftpos (1) $4.61',
      'Expected cash $109.00',
      'Counted cash $105.00',
      'Over / short -$4.00',
    ]) {
      expect(content).toContain(expected);
    }
  });

  it('prints identically each time (no clock in it) on the 400 px roll, and on A4', () => {
    expect(shiftReportHtml(z, 'receipt', 'UTC')).toBe(shiftReportHtml(z, 'receipt', 'UTC'));
    expect(shiftReportHtml(z, 'receipt', 'UTC')).toMatch(/width: 400px/);
    expect(shiftReportHtml(z, 'a4', 'UTC')).toMatch(/size: A4/);
  });

  it('names the offline sales whose discount above the cap nobody approved (none on an older Z)', () => {
    const flagged = {
      ...z,
      unapprovedDiscounts: { count: 2, total: '12.00', saleNumbers: ['C0FFEE', 'BEEF01'] },
    };
    const content = text(shiftReportHtml(flagged, 'receipt', 'UTC'));
    expect(content).toContain('Discounts not approved (2) $12.00');
    expect(content).toContain('Their sales #C0FFEE #BEEF01');
    const none = text(
      shiftReportHtml({ ...z, unapprovedDiscounts: { count: 0, total: '0.00', saleNumbers: [] } }, 'a4'),
    );
    expect(none).toContain('Discounts not approved (0) $0.00');
    expect(none).not.toContain('Their sales');
    expect(text(shiftReportHtml(z, 'receipt', 'UTC'))).not.toContain('not approved');
  });

  it('lists the tax by rate and the tax its refunds gave back, negative (issue #34); neither on an untaxed Z', () => {
    const taxed: ShiftReport = {
      ...z,
      refunds: { count: 1, total: '4.95', cash: '4.95' },
      salesTax: { byRate: [{ rate: '10.00', label: 'Tax (10%)', tax: '1.35' }], total: '1.35' },
      refundedTax: { byRate: [{ rate: '10.00', label: 'Tax (10%)', tax: '0.45' }], total: '0.45' },
    };
    const content = text(shiftReportHtml(taxed, 'receipt', 'UTC'));
    expect(content).toContain('Tax (10%) $1.35');
    expect(content).toContain('Refunds (1) -$4.95 Tax (10%) refunded -$0.45');
    expect(text(shiftReportHtml(z, 'receipt', 'UTC'))).not.toContain('refunded');
  });

  it('an X report says nothing is closed and has no number', () => {
    const content = text(shiftReportHtml({ ...z, kind: 'X', number: null, endedAt: null }, 'receipt', 'UTC'));
    expect(content).toContain('X Report');
    expect(content).toContain('nothing is closed');
    expect(content).not.toContain('#7');
  });
});
