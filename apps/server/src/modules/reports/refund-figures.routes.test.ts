import { randomUUID } from 'node:crypto';
import { decimalToCents } from '@retail-hub/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { ledgerMismatches } from '../stock/stock-test-support';

/**
 * Issue #15 item 3: refunds and voids in the figures. One shift: a cash sale and a VTPD card sale,
 * each partly refunded (cash from the till, and back to the card), and a VTPD card sale voided.
 * Daily stats, the Sales Reports summary, the daily CSV, the shift CSV, the VTPD export, the shift
 * summary and the X report all show the refunds as negative amounts, leave the void out, and add
 * up to the same net figure.
 */

let t: TestApp;
let manager: string;
let shiftId: number;
const sales: Record<'cash' | 'card' | 'voided', { id: string; total: string }> = {} as never;
const refunds: Record<'cash' | 'card', { number: string; total: string }> = {} as never;
let before: { totalSales: string; totalTransactions: number; totalItemsSold: number };

const cells = (body: string) => parse(body, { relax_column_count: false }) as string[][];
const sumColumn = (rows: string[][], header: string) => {
  const index = (rows[0] as string[]).indexOf(header);
  return rows.slice(1).reduce((sum, row) => sum + decimalToCents(row[index] as string), 0);
};
const get = (url: string) => inject(t, { method: 'GET', url, cookie: manager });

async function sell(lines: Array<{ productId: string; quantity: number; unitPrice: string }>, card: boolean) {
  const response = await postSale(
    t,
    manager,
    saleBody(
      lines,
      card ? 'eftpos' : 'cash',
      card ? { referenceCode: `VTPD${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` } : {},
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, total: response.json().total as string };
}

async function refundFirstLine(saleId: string, quantity: number) {
  const detail = (await get(`/api/transactions/${saleId}`)).json();
  const response = await inject(t, {
    method: 'POST',
    url: `/api/transactions/${saleId}/refunds`,
    cookie: manager,
    headers: { 'idempotency-key': randomUUID() },
    payload: { lines: [{ itemId: detail.lines[0].id, quantity }], reason: 'Other' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { number: response.json().number as string, total: response.json().total as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  manager = await signIn(t, '4826', '10.62.0.1');
  before = (await get('/api/analytics/daily-stats')).json();
  shiftId = (await startShift(t, manager, '100.00')).id;
  const category = await createCategory(t, 'Garden');
  const rake = await createProduct(t, { name: 'Rake', price: '10.00', stock: 20, categoryId: category });
  const seeds = await createProduct(t, { name: 'Seeds', price: '5.00', stock: 20, categoryId: category });

  sales.cash = await sell([{ productId: rake, quantity: 2, unitPrice: '10.00' }], false); // 20.00
  sales.card = await sell([{ productId: seeds, quantity: 2, unitPrice: '5.00' }], true); // 10.00 + fee
  sales.voided = await sell([{ productId: seeds, quantity: 1, unitPrice: '5.00' }], true);
  refunds.cash = await refundFirstLine(sales.cash.id, 1); // -10.00 in cash
  refunds.card = await refundFirstLine(sales.card.id, 1); // -5.00 and half the fee, to the card
  const voided = await inject(t, {
    method: 'POST',
    url: `/api/transactions/${sales.voided.id}/void`,
    cookie: manager,
    payload: { reason: 'Wrong customer' },
  });
  expect(voided.statusCode, voided.body).toBe(200);
});
afterAll(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
  await t?.close();
});

const cents = (value: string) => decimalToCents(value);
/** Sales less refunds: what the day (and the shift) really took. */
const net = () =>
  cents(sales.cash.total) + cents(sales.card.total) - cents(refunds.cash.total) - cents(refunds.card.total);

describe('refunds and voids in the figures', () => {
  it('daily stats: today net of refunds, the voided sale left out', async () => {
    const stats = (await get('/api/analytics/daily-stats')).json();
    expect(cents(stats.totalSales) - cents(before.totalSales)).toBe(net());
    expect(stats.totalTransactions - before.totalTransactions).toBe(2);
    // 4 units sold, 2 refunded; the voided unit never counts.
    expect(stats.totalItemsSold - before.totalItemsSold).toBe(2);
  });

  it('the Sales Reports summary shows the refunds as a negative amount and the net revenue', async () => {
    const summary = (await get('/api/analytics/summary')).json();
    expect(summary.refundCount).toBe(2);
    expect(cents(summary.totalRefunds)).toBe(-(cents(refunds.cash.total) + cents(refunds.card.total)));
    expect(cents(summary.totalRevenue)).toBe(net());
    expect(summary.totalTransactions).toBe(2);
  });

  it('the daily CSV lists the refunds as negative rows with their own numbers; its totals add up to the net', async () => {
    const response = await get('/api/reports/daily.csv');
    expect(response.statusCode).toBe(200);
    const rows = cells(response.body);
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toEqual([
      sales.cash.id.slice(-6).toUpperCase(),
      sales.card.id.slice(-6).toUpperCase(),
      refunds.cash.number,
      refunds.card.number,
    ]);
    const refundRow = rows.find((r) => r[0] === refunds.cash.number) as string[];
    expect(refundRow.slice(-3)).toEqual(['-10.00', '0.00', '-10.00']);
    expect(refundRow).toContain('1 x Rake');
    expect(sumColumn(rows, 'Total')).toBe(net());
  });

  it('the shift CSV: the same rows, the same net', async () => {
    const response = await get(`/api/shifts/${shiftId}/transactions.csv`);
    expect(response.statusCode).toBe(200);
    const rows = cells(response.body);
    expect(rows).toHaveLength(5);
    expect(sumColumn(rows, 'Total')).toBe(net());
  });

  it('the VTPD export: the card sale and its refund (negative, naming the sale), never the voided sale', async () => {
    const response = await get('/api/reports/vtpd.csv');
    expect(response.statusCode).toBe(200);
    const rows = cells(response.body);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids).not.toContain(sales.voided.id);
    expect(ids).toContain(sales.card.id);
    expect(rows).toHaveLength(3);
    const refundRow = rows[1] as string[];
    expect(refundRow.join(',')).toContain(`REFUND of #${sales.card.id.slice(-6).toUpperCase()}: Other`);
    expect(sumColumn(rows, 'Total')).toBe(cents(sales.card.total) - cents(refunds.card.total));
    expect(sumColumn(rows, 'Card Fee')).toBeGreaterThan(0);
  });

  it('shift summary and X report: float + cash sales − cash refunds = expected cash; voids apart', async () => {
    const summary = (await get(`/api/shifts/${shiftId}/summary`)).json();
    expect(summary).toMatchObject({
      salesCount: 2,
      openingFloat: '100.00',
      cashSales: '20.00',
      cashRefunds: '10.00',
      expectedCash: '110.00',
      refundsCount: 2,
    });
    expect(cents(summary.total) - cents(summary.refundsTotal)).toBe(net());
    const x = (await get('/api/shifts/current/x-report')).json();
    expect(x.voids).toEqual({ count: 1, total: sales.voided.total });
    expect(cents(x.netTotal)).toBe(net());
    expect(x.expectedCash).toBe('110.00');
  });
});
