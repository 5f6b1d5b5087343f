import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procLocations } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { postInventoryMovement } from '../stores/inventory.service';
import { applyStockCount, applyStockDelta } from './stock-ledger.repository';
import { defaultSellingLocation, ledgerMismatches } from './stock-test-support';

/**
 * Issue #37 items 1 and 2 (ADR 0036): a moving weighted average cost per item and location, the
 * cost of what left recorded on the sale line (never rewritten by a later receipt), and the stock
 * valuation as of a moment from the ledger (unchanged by later movements). After every test the
 * self-audit finds each level's quantity AND value equal to its ledger's.
 */
let t: TestApp;
let manager: string;
let cashier: string;
let cafe: string;
let central: string;
let category: string;

async function itemOf(productId: string): Promise<string> {
  const { rows } = await t.db.execute('select id from proc_items where pos_product_id = $1', [productId]);
  return (rows[0] as { id: string }).id;
}

function receive(itemId: string, locationId: string, units: number, unitCost: string) {
  return postInventoryMovement(t.db.db, {
    itemId,
    toLocationId: locationId,
    qtyMilli: units * 1000,
    reason: 'receipt',
    unitCost,
  });
}

type Valuation = {
  asOf: string;
  rows: Array<{ itemId: string; locationId: string; quantity: string; unitCost: string; value: string }>;
  totalValue: string;
};

async function valuation(query: string): Promise<Valuation> {
  const response = await inject(t, { method: 'GET', url: `/api/stock-valuation?${query}`, cookie: manager });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Valuation;
}

async function rowOf(itemId: string, locationId: string, asOf?: string) {
  const query = `locationId=${locationId}${asOf ? `&asOf=${encodeURIComponent(asOf)}` : ''}`;
  const found = (await valuation(query)).rows.find((r) => r.itemId === itemId);
  return found ? { quantity: found.quantity, unitCost: found.unitCost, value: found.value } : null;
}

/** A moment strictly between what was written before and what is written after. */
async function moment(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 15));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 15));
  return at;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '5173', firstName: 'Mona' });
  manager = await signIn(t, '5173', '10.37.0.1');
  await createUser(t, { role: 'cashier', pin: '2864', firstName: 'Cal' });
  cashier = await signIn(t, '2864', '10.37.0.2');
  await startShift(t, cashier);
  await startShift(t, manager);
  cafe = await defaultSellingLocation(t);
  const [row] = await t.db.db
    .insert(procLocations)
    .values({ code: `COST-${process.pid}`, name: 'Central stores' })
    .returning({ id: procLocations.id });
  central = (row as { id: string }).id;
  category = await createCategory(t, 'Costed');
});

afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

describe('cost of goods (issue #37 item 1)', () => {
  it('receipts at two prices give the weighted average; a sale line keeps its cost after a later receipt', async () => {
    const beans = await createProduct(t, { name: 'Beans', price: '9.00', stock: 0, categoryId: category });
    const item = await itemOf(beans);
    await receive(item, cafe, 10, '2.00');
    await receive(item, cafe, 30, '3.00');
    // (10 × 2.00 + 30 × 3.00) / 40 = 2.75
    expect(await rowOf(item, cafe)).toEqual({ quantity: '40', unitCost: '2.7500', value: '110.00' });

    const sold = await postSale(t, cashier, saleBody([{ productId: beans, quantity: 4, unitPrice: '9.00' }]));
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    expect(await rowOf(item, cafe)).toEqual({ quantity: '36', unitCost: '2.7500', value: '99.00' });

    // A later receipt at 5.00 moves the average to (99 + 50) / 46 = 3.2391; the sale line keeps 2.75.
    await receive(item, cafe, 10, '5.00');
    expect(await rowOf(item, cafe)).toEqual({ quantity: '46', unitCost: '3.2391', value: '149.00' });
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager });
    expect(detail.statusCode, detail.body).toBe(200);
    const line = detail.json().lines[0] as { id: string; unitCost: string };
    expect(line.unitCost).toBe('2.7500');
    // The cashier who sold it reads the sale as before: no cost (reports.view only).
    const asCashier = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: cashier });
    expect(asCashier.statusCode, asCashier.body).toBe(200);
    expect(asCashier.json().lines[0]).not.toHaveProperty('unitCost');
    const { rows } = await t.db.execute(
      `select unit_cost::text as c from proc_inventory_transactions where ref_id = $1 and reason = 'sale'`,
      [saleId],
    );
    expect(rows).toEqual([{ c: '2.7500' }]);

    // A refund gives the unit back at the cost it left at, and its line says so.
    const refunded = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${saleId}/refunds`,
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: { lines: [{ itemId: line.id, quantity: 1 }], reason: 'Customer changed mind', restock: true },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect((refunded.json().lines as Array<{ unitCost: string }>)[0]?.unitCost).toBe('2.7500');
    // 149.00 + 2.75 over 47 units.
    expect(await rowOf(item, cafe)).toEqual({ quantity: '47', unitCost: '3.2287', value: '151.75' });
  });

  it("a transfer carries the source's average into the destination's", async () => {
    const tea = await createProduct(t, { name: 'Tea', price: '4.00', stock: 0, categoryId: category });
    const item = await itemOf(tea);
    await receive(item, central, 10, '1.00');
    await receive(item, cafe, 10, '3.00');
    await postInventoryMovement(t.db.db, {
      itemId: item,
      fromLocationId: central,
      toLocationId: cafe,
      qtyMilli: 10_000,
      reason: 'transfer',
    });
    expect(await rowOf(item, central)).toBeNull();
    expect(await rowOf(item, cafe)).toEqual({ quantity: '20', unitCost: '2.0000', value: '40.00' });
  });
});

describe('margin (issue #37 item 2)', () => {
  it('top products answer cost, gross margin and margin %, and sort by margin; the summary totals them', async () => {
    const cake = await createProduct(t, { name: 'Cake', price: '9.00', stock: 0, categoryId: category });
    const bun = await createProduct(t, { name: 'Bun', price: '3.00', stock: 0, categoryId: category });
    await receive(await itemOf(cake), cafe, 10, '2.00');
    await receive(await itemOf(bun), cafe, 10, '1.00');
    const sold = await postSale(
      t,
      cashier,
      saleBody([
        { productId: cake, quantity: 2, unitPrice: '9.00' },
        { productId: bun, quantity: 5, unitPrice: '3.00' },
      ]),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const ask = async (query: string) => {
      const response = await inject(t, {
        method: 'GET',
        url: `/api/analytics/top-products?limit=100&${query}`,
        cookie: manager,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<Record<string, unknown> & { product: { id: string } }>).filter((p) =>
        [cake, bun].includes(p.product.id),
      );
    };
    const bySold = await ask('margin=true');
    expect(bySold.map((p) => p.product.id)).toEqual([bun, cake]);
    expect(bySold[1]).toMatchObject({
      totalSold: 2,
      totalRevenue: '18.00',
      totalCost: '4.00',
      grossMargin: '14.00',
      marginPercent: 77.8,
    });
    expect(bySold[0]).toMatchObject({
      totalSold: 5,
      totalRevenue: '15.00',
      totalCost: '5.00',
      grossMargin: '10.00',
      marginPercent: 66.7,
    });
    expect((await ask('sort=margin')).map((p) => p.product.id)).toEqual([cake, bun]);
    // Without asking, the answer is as before (no cost), and a cashier never gets it.
    expect(Object.keys((await ask(''))[0] ?? {})).not.toContain('totalCost');
    const cashierAsks = await inject(t, {
      method: 'GET',
      url: '/api/analytics/top-products?margin=true',
      cookie: cashier,
    });
    expect(JSON.stringify(cashierAsks.json())).not.toContain('totalCost');
    const summary = await inject(t, { method: 'GET', url: '/api/analytics/summary?margin=true', cookie: manager });
    expect(summary.statusCode, summary.body).toBe(200);
    const s = summary.json() as { totalRevenue: string; totalCost: string; grossMargin: string };
    expect(Number(s.totalRevenue) - Number(s.totalCost)).toBeCloseTo(Number(s.grossMargin), 2);
    expect(Number(s.totalCost)).toBeGreaterThanOrEqual(9);
  });
});

describe('stock valuation (issue #37 item 2)', () => {
  it('the value as of a past moment is unchanged by every movement after it', async () => {
    const jam = await createProduct(t, { name: 'Jam', price: '6.00', stock: 0, categoryId: category });
    const item = await itemOf(jam);
    await receive(item, cafe, 8, '1.50');
    await receive(item, central, 5, '1.20');
    const before = await moment();
    const then = { cafe: await rowOf(item, cafe, before), central: await rowOf(item, central, before) };
    expect(then).toEqual({
      cafe: { quantity: '8', unitCost: '1.5000', value: '12.00' },
      central: { quantity: '5', unitCost: '1.2000', value: '6.00' },
    });
    // Afterwards: a sale, a receipt at another price, a transfer, a count and a write-off.
    const sold = await postSale(t, cashier, saleBody([{ productId: jam, quantity: 3, unitPrice: '6.00' }]));
    expect(sold.statusCode, sold.body).toBe(201);
    await receive(item, cafe, 4, '2.10');
    await postInventoryMovement(t.db.db, {
      itemId: item,
      fromLocationId: central,
      toLocationId: cafe,
      qtyMilli: 2000,
      reason: 'transfer',
    });
    await applyStockCount(t.db.db, { productId: jam, counted: 9, reason: 'count', userId: null });
    await applyStockDelta(t.db.db, { productId: jam, quantity: -1, reason: 'writeoff', userId: null });
    expect({ cafe: await rowOf(item, cafe, before), central: await rowOf(item, central, before) }).toEqual(then);
    // And a moment before anything was received values nothing.
    expect(await rowOf(item, cafe, '2000-01-01T00:00:00Z')).toBeNull();
  });

  it('filters by store and category, totals the rows, and downloads the same as a CSV', async () => {
    const other = await createCategory(t, 'Uncosted');
    const oil = await createProduct(t, { name: 'Oil', price: '8.00', stock: 0, categoryId: other });
    const item = await itemOf(oil);
    await receive(item, cafe, 3, '4.25');
    const { rows } = await t.db.execute('select id from stores where id = default_store_id()');
    const storeId = (rows[0] as { id: string }).id;
    const json = await valuation(`storeId=${storeId}&categoryId=${other}`);
    expect(json.rows).toEqual([
      {
        itemId: item,
        sku: expect.any(String),
        name: 'Oil',
        locationId: cafe,
        location: expect.any(String),
        quantity: '3',
        unitCost: '4.2500',
        value: '12.75',
      },
    ]);
    expect(json.totalValue).toBe('12.75');
    const csv = await inject(t, {
      method: 'GET',
      url: `/api/stock-valuation?storeId=${storeId}&categoryId=${other}&format=csv`,
      cookie: manager,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('SKU,Item,Location,Quantity,Unit cost,Value');
    expect(lines[1]).toContain(',Oil,');
    expect(lines[1]?.endsWith(',3,4.2500,12.75')).toBe(true);
    expect(lines[2]).toBe('Total,,,,,12.75');
  });

  it('answers 400 for a bad moment and 403 to a cashier', async () => {
    const bad = await inject(t, { method: 'GET', url: '/api/stock-valuation?asOf=yesterday', cookie: manager });
    expect(bad.statusCode).toBe(400);
    const cashierAsks = await inject(t, { method: 'GET', url: '/api/stock-valuation', cookie: cashier });
    expect(cashierAsks.statusCode).toBe(403);
  });
});

/**
 * The property (issue #37 "Done when"): for random sequences of receipts at random costs, transfers,
 * issues, till sales, counts and write-offs, the valuation equals an independent model of the
 * moving average (exact integer arithmetic: quantities in units, costs in 1/10,000, values in
 * 1/10,000,000, averages rounded half away from zero as PostgreSQL's round does), and every level's
 * value equals its ledger's (afterEach's audit).
 */
describe('valuation = Σ quantity × cost (property)', () => {
  type Step =
    | { kind: 'receive'; at: 'cafe' | 'central'; units: number; cost: number }
    | { kind: 'transfer'; units: number }
    | { kind: 'sell'; units: number }
    | { kind: 'count'; units: number }
    | { kind: 'writeoff'; units: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('receive' as const),
      at: fc.constantFrom('cafe' as const, 'central' as const),
      units: fc.integer({ min: 1, max: 20 }),
      cost: fc.integer({ min: 0, max: 99_999 }), // cents ×100: 0.0000 … 9.9999
    }),
    fc.record({ kind: fc.constant('transfer' as const), units: fc.integer({ min: 1, max: 10 }) }),
    fc.record({ kind: fc.constant('sell' as const), units: fc.integer({ min: 1, max: 10 }) }),
    fc.record({ kind: fc.constant('count' as const), units: fc.integer({ min: 0, max: 30 }) }),
    fc.record({ kind: fc.constant('writeoff' as const), units: fc.integer({ min: 1, max: 5 }) }),
  );

  /** round(n / d) half away from zero, n and d BigInt, d > 0. */
  const divRound = (n: bigint, d: bigint) => (n >= 0n ? (2n * n + d) / (2n * d) : -((2n * -n + d) / (2n * d)));
  const fixed = (v: bigint, scale: number) => {
    const neg = v < 0n;
    const s = (neg ? -v : v).toString().padStart(scale + 1, '0');
    return `${neg ? '-' : ''}${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  };

  it('holds for random movement sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        run += 1;
        const product = await createProduct(t, { name: `Prop ${run}`, price: '5.00', stock: 0, categoryId: category });
        const item = await itemOf(product);
        // The model: per location units, average (1e-4) and value (1e-7).
        const model = {
          cafe: { units: 0n, avg: 0n, value: 0n },
          central: { units: 0n, avg: 0n, value: 0n },
        };
        const where = { cafe, central };
        const takeOut = (at: 'cafe' | 'central', units: bigint) => {
          const m = model[at];
          m.units -= units;
          m.value -= units * m.avg * 1000n;
          return m.avg;
        };
        const putIn = (at: 'cafe' | 'central', units: bigint, cost: bigint) => {
          const m = model[at];
          m.avg = divRound(m.value + units * cost * 1000n, (m.units + units) * 1000n);
          if (m.avg < 0n) m.avg = 0n;
          m.units += units;
          m.value += units * cost * 1000n;
        };
        for (const s of steps) {
          if (s.kind === 'receive') {
            await receive(item, where[s.at], s.units, fixed(BigInt(s.cost), 4));
            putIn(s.at, BigInt(s.units), BigInt(s.cost));
          } else if (s.kind === 'transfer') {
            if (model.central.units < BigInt(s.units)) continue;
            await postInventoryMovement(t.db.db, {
              itemId: item,
              fromLocationId: central,
              toLocationId: cafe,
              qtyMilli: s.units * 1000,
              reason: 'transfer',
            });
            putIn('cafe', BigInt(s.units), takeOut('central', BigInt(s.units)));
          } else if (s.kind === 'sell' || s.kind === 'writeoff') {
            if (model.cafe.units < BigInt(s.units)) continue;
            const result = await applyStockDelta(t.db.db, {
              productId: product,
              quantity: -s.units,
              reason: s.kind === 'sell' ? 'sale' : 'writeoff',
              userId: null,
            });
            expect(result.outcome).toBe('applied');
            takeOut('cafe', BigInt(s.units));
          } else {
            await applyStockCount(t.db.db, { productId: product, counted: s.units, reason: 'count', userId: null });
            const m = model.cafe;
            const delta = BigInt(s.units) - m.units;
            m.units += delta;
            m.value += delta * m.avg * 1000n;
          }
        }
        for (const at of ['cafe', 'central'] as const) {
          const m = model[at];
          const cents = divRound(m.value, 100_000n);
          const expected =
            m.units === 0n && cents === 0n
              ? null
              : {
                  quantity: m.units.toString(),
                  unitCost: fixed(m.units > 0n ? divRound(m.value, m.units * 1000n) : 0n, 4),
                  value: fixed(cents, 2),
                };
          expect(await rowOf(item, where[at])).toEqual(expected);
        }
        expect(await ledgerMismatches(t)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
