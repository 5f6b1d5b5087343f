import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { parseCsv } from '../../lib/csv';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * Issue #13 item 7: a cashier reads other staff's sales without their payment notes and reference
 * codes, through GET /api/transactions, the daily CSV and the VTPD export; their own sales and a
 * manager's view keep everything.
 */
let t: TestApp;
let casey: string;
let robin: string;
let manager: string;
let caseySale: string;
let robinSale: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  casey = await signIn(t, '2915', '10.7.0.1');
  robin = await signIn(t, '3862', '10.7.0.2');
  manager = await signIn(t, '4826', '10.7.0.3');
  await startShift(t, casey);
  await startShift(t, robin);
  const bakery = await createCategory(t, 'Bakery');
  const muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 50, categoryId: bakery });
  const sale = (cookie: string, referenceCode: string, notes: string) =>
    postSale(
      t,
      cookie,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'eftpos', { referenceCode, notes }),
    );
  caseySale = (await sale(casey, '111222', 'Casey: customer asked for a copy')).json().id;
  robinSale = (await sale(robin, '333444', 'Robin: tip left in jar')).json().id;
});
afterAll(async () => {
  await t.close();
});

type Listed = { id: string; referenceCode: string | null; notes: string | null; total: string };
const listAs = async (cookie: string) => {
  const response = await inject(t, { method: 'GET', url: '/api/transactions', cookie });
  expect(response.statusCode).toBe(200);
  return new Map((response.json() as Listed[]).map((s) => [s.id, s]));
};
const csvAs = async (url: string, cookie: string) => {
  const response = await inject(t, { method: 'GET', url, cookie });
  expect(response.statusCode).toBe(200);
  return parseCsv(response.body);
};

describe("other staff's sales as a cashier reads them", () => {
  it('GET /api/transactions lists every sale, but another cashier’s without notes and reference', async () => {
    const seen = await listAs(casey);
    expect(seen.get(caseySale)).toMatchObject({
      referenceCode: 'VTPD111222',
      notes: 'Casey: customer asked for a copy',
    });
    expect(seen.get(robinSale)).toMatchObject({ referenceCode: null, notes: null, total: '4.61' });
    const robinSees = await listAs(robin);
    expect(robinSees.get(robinSale)).toMatchObject({ referenceCode: 'VTPD333444', notes: 'Robin: tip left in jar' });
    expect(robinSees.get(caseySale)).toMatchObject({ referenceCode: null, notes: null });
  });

  it('a manager (reports.view) still reads every sale in full', async () => {
    const seen = await listAs(manager);
    expect(seen.get(caseySale)).toMatchObject({
      referenceCode: 'VTPD111222',
      notes: 'Casey: customer asked for a copy',
    });
    expect(seen.get(robinSale)).toMatchObject({ referenceCode: 'VTPD333444', notes: 'Robin: tip left in jar' });
  });

  it("the daily CSV has every sale of the day, another cashier's without its reference", async () => {
    const rows = await csvAs('/api/reports/daily.csv', casey);
    const byCashier = new Map(rows.map((r) => [r.Cashier, r]));
    expect(rows).toHaveLength(2);
    expect(byCashier.get('Casey Till')?.Reference).toBe('VTPD111222');
    expect(byCashier.get('Robin Drawer')).toMatchObject({ Reference: '', Total: '4.61' });
    const managerRows = await csvAs('/api/reports/daily.csv', manager);
    expect(managerRows.map((r) => r.Reference).sort()).toEqual(['VTPD111222', 'VTPD333444']);
  });

  it("today's VTPD export keeps a cashier's own references and notes only", async () => {
    const rows = await csvAs('/api/reports/vtpd.csv', casey);
    const byCashier = new Map(rows.map((r) => [r.Cashier, r]));
    expect(byCashier.get('Casey Till')).toMatchObject({
      'VTPD Reference': 'VTPD111222',
      Notes: 'Casey: customer asked for a copy',
    });
    expect(byCashier.get('Robin Drawer')).toMatchObject({ 'VTPD Reference': '', Notes: '' });
    expect(JSON.stringify(rows)).not.toContain('333444');
    expect(JSON.stringify(rows)).not.toContain('tip left');
  });
});
