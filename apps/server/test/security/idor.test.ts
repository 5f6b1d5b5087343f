import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procDepartments, procItems, shifts, transactions, users } from '../../src/db/schema/index';
import { postSale, saleBody, startShift } from '../../src/modules/pos/pos-test-support';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../build-test-app';
import { type StoreIds, seedStore } from './fixtures';

/**
 * Issue #8 part 2: IDOR. Where the spec limits what a user sees (a cashier's own shifts and
 * receipts; today only for the POS roles), guessing or enumerating ids reveals nothing and
 * changes nothing. Roles with 'pos.sell' but not 'reports.view' are held to the same rule for
 * shifts and receipts; sales lists over a range follow 'reports.ranges' (issue #13 item 20).
 */
let t: TestApp;
let store: StoreIds;
const people: Record<string, { id: string; cookie: string }> = {};
let manager: string;
let bShift: number;
let bSale: string;
let bSaleKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  store = await seedStore(t);
  const staff = [
    ['a', 'cashier', '2915'],
    ['b', 'cashier', '3862'],
    ['dept', 'department_manager', '5174'],
    ['proc', 'procurement_admin', '6048'],
  ] as const;
  for (const [key, role, pin] of staff) {
    const id = await createUser(t, { role, pin });
    people[key] = { id, cookie: await signIn(t, pin, `10.10.0.${pin.slice(0, 2)}`) };
  }
  await createUser(t, { role: 'manager', pin: '4826' });
  manager = await signIn(t, '4826', '10.10.0.99');
  bShift = (await startShift(t, people.b!.cookie, '50.00')).id;
  bSaleKey = randomUUID();
  const sale = await postSale(
    t,
    people.b!.cookie,
    saleBody([{ productId: store.productId, quantity: 2, unitPrice: '4.50' }], 'cash', { notes: 'B private note' }),
    bSaleKey,
  );
  expect(sale.statusCode).toBe(201);
  bSale = sale.json().id;
});
afterAll(async () => {
  await t.close();
});

const OTHERS = ['a', 'dept', 'proc'] as const;

describe("another cashier's shift", () => {
  it.each(OTHERS)('is not found for %s, by its id or by enumerating ids', async (who) => {
    const cookie = people[who]!.cookie;
    const response = await inject(t, { method: 'GET', url: `/api/shifts/${bShift}/summary`, cookie });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('50.00');
    for (let id = 1; id <= bShift + 3; id++) {
      const probe = await inject(t, { method: 'GET', url: `/api/shifts/${id}/summary`, cookie });
      expect(probe.statusCode, `shift ${id}`).toBe(404);
    }
  });

  it('cannot be ended by someone else, whatever ids the body names; it stays open', async () => {
    for (const who of OTHERS) {
      const response = await inject(t, {
        method: 'POST',
        url: '/api/shifts/end',
        cookie: people[who]!.cookie,
        payload: { id: bShift, shiftId: bShift, cashierId: people.b!.id, userId: people.b!.id, countedCash: '0.00' },
      });
      expect([400, 404, 409], who).toContain(response.statusCode);
    }
    const [row] = await t.db.db.select().from(shifts).where(eq(shifts.id, bShift));
    expect(row?.endedAt).toBeNull();
    expect(row?.countedCash).toBeNull();
  });

  it('is readable by its cashier and by a manager (the control case)', async () => {
    for (const cookie of [people.b!.cookie, manager]) {
      expect((await inject(t, { method: 'GET', url: `/api/shifts/${bShift}/summary`, cookie })).statusCode).toBe(200);
    }
  });
});

describe('every route that reads one shift or one sale by its id', () => {
  /** Found among the registered routes, so a shift or sale read added later is held to the rule too. */
  const byIdReads = () =>
    t.app.routePermissions.filter((r) => r.method === 'GET' && /^\/api\/(shifts|transactions)\/:id\b/.test(r.url));

  it("answers 404 to everyone but the owner and managers, and never leaks the other's data", async () => {
    const routes = byIdReads();
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/shifts/:id/summary', '/api/transactions/:id/receipt']),
    );
    for (const route of routes) {
      const url = route.url.replace(':id', route.url.startsWith('/api/shifts') ? String(bShift) : bSale);
      for (const who of OTHERS) {
        const response = await inject(t, { method: 'GET', url, cookie: people[who]!.cookie });
        expect([403, 404], `${url} as ${who}: ${response.statusCode}`).toContain(response.statusCode);
        expect(response.body, `${url} as ${who}`).not.toContain('B private note');
      }
      // B's shift is still open: it has no Z report yet (written when the shift ends), so even its
      // cashier and a manager get the Z report's own 404; every other read answers them 200.
      const openShiftHasNoZ = route.url === '/api/shifts/:id/z-report';
      for (const cookie of [people.b!.cookie, manager]) {
        const response = await inject(t, { method: 'GET', url, cookie });
        if (openShiftHasNoZ) {
          expect(response.statusCode, url).toBe(404);
          expect(response.json().code, url).toBe('pos.z_report_not_found');
        } else {
          expect(response.statusCode, url).toBe(200);
        }
      }
    }
  });
});

describe("another cashier's sale", () => {
  it.each(OTHERS)('has no receipt for %s (404, nothing of it in the answer)', async (who) => {
    const response = await inject(t, {
      method: 'GET',
      url: `/api/transactions/${bSale}/receipt`,
      cookie: people[who]!.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('B private note');
    expect(response.body).not.toContain(bSale);
  });

  it("cannot be fetched by replaying its Idempotency-Key from another cashier's session", async () => {
    const body = saleBody([{ productId: store.productId, quantity: 2, unitPrice: '4.50' }]);
    const shift = await startShift(t, people.a!.cookie);
    const response = await postSale(t, people.a!.cookie, body, bSaleKey);
    expect(response.statusCode).toBe(409);
    expect(response.body).not.toContain(bSale);
    expect(response.body).not.toContain('B private note');
    const rows = await t.db.db.select().from(transactions).where(eq(transactions.shiftId, shift.id));
    expect(rows).toEqual([]);
  });

  it('is readable by its cashier and by a manager (the control case)', async () => {
    for (const cookie of [people.b!.cookie, manager]) {
      const response = await inject(t, { method: 'GET', url: `/api/transactions/${bSale}/receipt`, cookie });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('sales lists beyond today', () => {
  it('are refused to another cashier (403), whatever range the query asks for', async () => {
    for (const query of ['startDate=2020-01-01', 'endDate=2099-12-31', 'startDate=2020-01-01&endDate=2099-12-31']) {
      const response = await inject(t, { method: 'GET', url: `/api/transactions?${query}`, cookie: people.a!.cookie });
      expect(response.statusCode, query).toBe(403);
    }
  });

  it.each(['dept', 'proc'] as const)(
    "are answered for %s, who have the manager's ranges (issue #13 item 20)",
    async (who) => {
      const response = await inject(t, {
        method: 'GET',
        url: '/api/transactions?startDate=2020-01-01&endDate=2020-01-07',
        cookie: people[who]!.cookie,
      });
      expect(response.statusCode).toBe(200);
    },
  );
});

describe('users above one’s level', () => {
  it('a manager cannot read credentials, set the PIN of, or disable a super admin', async () => {
    const adminId = await createUser(t, { role: 'super_admin', pin: '7391' });
    const pin = await inject(t, {
      method: 'POST',
      url: `/admin/users/${adminId}/pin`,
      cookie: manager,
      payload: { generate: true },
    });
    expect(pin.statusCode).toBe(403);
    expect(pin.body).not.toMatch(/"pin"/);
    const status = await inject(t, {
      method: 'PUT',
      url: `/api/users/${adminId}/status`,
      cookie: manager,
      payload: { isActive: false },
    });
    expect(status.statusCode).toBe(403);
    const signInStill = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '7391' },
      remoteAddress: '10.10.9.9',
    });
    expect(signInStill.statusCode).toBe(200);
  });
});

/**
 * Issue #30 items 7 and 8: the scope rules hold on every route that changes one sale or one asset
 * unit, found among the registered routes (so one added later is held to them too), not only on
 * the reads: a cashier cannot act on another cashier's sale (refund, void, receipt copy or e-mail),
 * even with a manager's PIN, and a department manager cannot act on another department's unit
 * (lend it, take it back, change it). Each answers 404, as reading it does, and changes nothing.
 */
describe('the scope rules on every route that acts on one sale or one asset unit', () => {
  it("another cashier's sale: every POST /api/transactions/:id/… is 404, even with a manager's PIN", async () => {
    await inject(t, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie: people.a!.cookie,
      payload: { openingFloat: '0.00' },
    });
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${bSale}`, cookie: manager });
    const lineId = (detail.json().lines as Array<{ id: string }>)[0]!.id;
    const routes = t.app.routePermissions.filter(
      (r) => r.method !== 'GET' && r.method !== 'HEAD' && r.url.startsWith('/api/transactions/:id/'),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/transactions/:id/refunds', 'POST /api/transactions/:id/void']),
    );
    // One body every one of them accepts (each route keeps the fields it knows); a real printer, so
    // that printing the receipt is refused for the sale's scope, not for the printer.
    const printer = await inject(t, {
      method: 'POST',
      url: '/api/printers',
      cookie: manager,
      payload: { name: 'IDOR counter', connection: 'network', host: '127.0.0.1', port: 9, paperWidth: 58 },
    });
    expect(printer.statusCode, printer.body).toBe(201);
    const payload = {
      printerId: printer.json().id,
      lines: [{ itemId: lineId, quantity: 1 }],
      reason: 'Wrong item',
      restock: true,
      approverPin: '4826',
      email: 'customer@example.com',
    };
    for (const route of routes) {
      const response = await inject(t, {
        method: route.method as 'POST',
        url: route.url.replace(':id', bSale),
        cookie: people.a!.cookie,
        headers: { 'idempotency-key': randomUUID() },
        payload,
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(404);
      expect(response.body).not.toContain('B private note');
    }
    const [sale] = await t.db.db.select().from(transactions).where(eq(transactions.id, bSale));
    expect(sale?.status).toBe('completed');
    const { rows } = await t.db.execute('select count(*)::int as n from refunds where transaction_id = $1', [bSale]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("another department's unit: lending it, taking it back and every /api/procurement/assets/:id change is 404", async () => {
    const [own, other] = await t.db.db
      .insert(procDepartments)
      .values([
        { code: 'IDOR-OWN', name: 'Scope Own' },
        { code: 'IDOR-OTHER', name: 'Scope Other' },
      ])
      .returning({ id: procDepartments.id });
    await t.db.db.update(users).set({ procDepartmentId: own!.id }).where(eq(users.id, people.dept!.id));
    const [item] = await t.db.db
      .insert(procItems)
      .values({ sku: 'IDOR-LADDER', name: 'Scope ladder', isAsset: true })
      .returning({ id: procItems.id });
    const created = await inject(t, {
      method: 'POST',
      url: '/api/procurement/assets',
      cookie: manager,
      payload: { itemId: item!.id, departmentId: other!.id, assetTag: 'SCOPE-OTHER-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const unit = created.json().id as string;
    const dept = people.dept!.cookie;
    expect((await inject(t, { method: 'GET', url: `/api/procurement/assets/${unit}`, cookie: dept })).statusCode).toBe(
      404,
    );

    const lend = await inject(t, {
      method: 'POST',
      url: '/api/asset-checkouts',
      cookie: dept,
      payload: { assetId: unit, userId: people.a!.id },
    });
    expect(lend.statusCode, lend.body).toBe(404);
    const loan = await inject(t, {
      method: 'POST',
      url: '/api/asset-checkouts',
      cookie: manager,
      payload: { assetId: unit, userId: people.a!.id },
    });
    expect(loan.statusCode, loan.body).toBe(201);
    const giveBack = await inject(t, {
      method: 'POST',
      url: `/api/asset-checkouts/${loan.json().id}/return`,
      cookie: dept,
      payload: { returnCondition: 'damaged' },
    });
    expect(giveBack.statusCode, giveBack.body).toBe(404);

    const changes = t.app.routePermissions.filter(
      (r) => !['GET', 'HEAD'].includes(r.method) && r.url.startsWith('/api/procurement/assets/:id'),
    );
    expect(changes.length).toBeGreaterThan(0);
    for (const route of changes) {
      const response = await inject(t, {
        method: route.method as 'PATCH',
        url: route.url.replace(':id', unit),
        cookie: dept,
        payload: { notes: 'mine now' },
      });
      expect([403, 404], `${route.method} ${route.url}: ${response.body}`).toContain(response.statusCode);
    }
    const after = await inject(t, { method: 'GET', url: `/api/procurement/assets/${unit}`, cookie: manager });
    expect(after.json()).toMatchObject({ notes: null, custodianId: people.a!.id, state: 'checked_out' });
    const jobs = await t.db.execute('select count(*)::int as n from proc_maintenance where asset_id = $1', [unit]);
    expect(jobs.rows[0]).toEqual({ n: 0 });
  });
});

describe("another till's customer display (issue #36 item 4)", () => {
  it("no one else pairs, reads, unpairs or feeds a till's display, whichever terminal id they name", async () => {
    const terminalId = randomUUID();
    const beat = await inject(t, {
      method: 'POST',
      url: '/api/terminals/heartbeat',
      cookie: people.b!.cookie,
      payload: { terminalId, unsyncedCount: 0 },
    });
    expect(beat.statusCode).toBeLessThan(300);
    const state = {
      phase: 'sale',
      storeName: null,
      lines: [{ name: 'Spoofed', size: null, quantity: 1, amount: '1.00', discount: null }],
      discount: null,
      cardFee: null,
      total: '1.00',
      paidBy: null,
      tendered: null,
      changeDue: null,
    };
    for (const cookie of [people.a!.cookie, people.dept!.cookie, manager]) {
      for (const [method, url] of [
        ['POST', `/api/terminals/${terminalId}/display-code`],
        ['GET', `/api/terminals/${terminalId}/display`],
        ['DELETE', `/api/terminals/${terminalId}/display`],
        ['PUT', `/api/terminals/${terminalId}/display/state`],
      ] as const) {
        const response = await inject(t, { method, url, cookie, ...(method === 'PUT' ? { payload: state } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const { rows } = await t.db.execute(
      'select count(*)::int as n from customer_display_pairings where terminal_id = $1',
      [terminalId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});
