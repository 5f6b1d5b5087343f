import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procDepartments, users } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

/**
 * Issue #34 item 3 (docs/adr/0034): customers, accounts, the account tender charged within its
 * credit limit by the sale's own statement (10 tills charging 10.00 each against 50.00: exactly 5),
 * statements, payments on account, refunds and voids giving it back, and who sees what.
 */
let t: TestApp;
let manager: string;
let cashier: string;
let dana: string;
let otherManager: string;
let engineering: string;
let science: string;
let scone: string;
let cashierIds: string[] = [];
const tills: string[] = [];

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return Array.isArray(await t.db.db.execute(query))
    ? ((await t.db.db.execute(query)) as unknown as T[])
    : ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  const [eng] = await t.db.db.insert(procDepartments).values({ code: 'ENG', name: 'Engineering' }).returning();
  const [sci] = await t.db.db.insert(procDepartments).values({ code: 'SCI', name: 'Science' }).returning();
  engineering = (eng as { id: string }).id;
  science = (sci as { id: string }).id;
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Cal', lastName: 'Cashier' });
  const danaId = await createUser(t, {
    role: 'department_manager',
    pin: '5174',
    firstName: 'Dana',
    lastName: 'Engineer',
  });
  const sciId = await createUser(t, { role: 'department_manager', pin: '6183', firstName: 'Sam', lastName: 'Science' });
  await t.db.db.update(users).set({ procDepartmentId: engineering }).where(eq(users.id, danaId));
  await t.db.db.update(users).set({ procDepartmentId: science }).where(eq(users.id, sciId));
  manager = await signIn(t, '4826', '10.34.3.1');
  cashier = await signIn(t, '2915', '10.34.3.2');
  dana = await signIn(t, '5174', '10.34.3.3');
  otherManager = await signIn(t, '6183', '10.34.3.4');
  await startShift(t, manager, '50.00');
  await startShift(t, cashier, '0.00');
  const cafe = await createCategory(t, 'Café');
  scone = await createProduct(t, { name: 'Scone', price: '10.00', stock: 1000, categoryId: cafe });
  cashierIds = [];
  for (let i = 0; i < 10; i++) {
    const pin = String(3001 + 41 * i);
    cashierIds.push(await createUser(t, { role: 'cashier', pin, firstName: `Till ${i}` }));
    const cookie = await signIn(t, pin, `10.34.4.${i + 1}`);
    await startShift(t, cookie);
    tills.push(cookie);
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
});

function accountSale(accountId: string, quantity = 1, extra: Record<string, unknown> = {}) {
  const amount = (10 * quantity).toFixed(2);
  return {
    ...saleBody([{ productId: scone, quantity, unitPrice: '10.00' }], 'cash'),
    paymentMethod: 'account',
    amountReceived: null,
    tenders: [{ method: 'account', amount, accountId }],
    ...extra,
  };
}

async function openAccount(body: Record<string, unknown>) {
  const response = await inject(t, { method: 'POST', url: '/api/accounts', cookie: manager, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; balance: string; creditLimit: string; available: string };
}

describe('customers', () => {
  it('a cashier adds, finds and edits a customer; a number is unique ignoring case; bad input is 400 with fields', async () => {
    const created = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: cashier,
      payload: { name: 'Ada Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', number: 'S1234' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ada = created.json();
    expect(ada).toMatchObject({ name: 'Ada Lovelace', number: 'S1234', accountId: null, notes: null });

    const duplicate = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: cashier,
      payload: { name: 'Someone Else', number: 's1234' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'customers.number_taken' });

    const bad = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: cashier,
      payload: { name: ' ', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', email: 'Enter a valid e-mail address' });

    for (const search of ['lovel', 's12', '7946', 'ADA@EXAMPLE']) {
      const found = await inject(t, {
        method: 'GET',
        url: `/api/customers?search=${encodeURIComponent(search)}`,
        cookie: cashier,
      });
      expect(found.statusCode).toBe(200);
      expect(
        found.json().map((c: { id: string }) => c.id),
        search,
      ).toContain(ada.id);
    }
    const none = await inject(t, { method: 'GET', url: '/api/customers?search=%25', cookie: cashier });
    expect(none.json()).toEqual([]);

    const edited = await inject(t, {
      method: 'PATCH',
      url: `/api/customers/${ada.id}`,
      cookie: cashier,
      payload: { notes: 'Prefers oat milk', phone: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Ada Lovelace',
      notes: 'Prefers oat milk',
      phone: null,
      number: 'S1234',
    });
    const missing = await inject(t, {
      method: 'PATCH',
      url: `/api/customers/${randomUUID()}`,
      cookie: cashier,
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a sale carries its customer and appears in the customer's purchase history; an unknown customer is 400 and writes nothing", async () => {
    const created = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: cashier,
      payload: { name: 'Grace Hopper' },
    });
    const grace = created.json().id as string;
    const sale = await postSale(t, cashier, {
      ...saleBody([{ productId: scone, quantity: 1, unitPrice: '10.00' }]),
      customerId: grace,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const history = await inject(t, { method: 'GET', url: `/api/customers/${grace}/sales`, cookie: cashier });
    expect(history.json()).toEqual([
      expect.objectContaining({ id: sale.json().id, total: '10.00', paymentMethod: 'cash' }),
    ]);

    const [before] = await q<{ n: number }>(sql`select count(*)::int as n from transactions`);
    const unknown = await postSale(t, cashier, {
      ...saleBody([{ productId: scone, quantity: 1, unitPrice: '10.00' }]),
      customerId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ customerId: 'Unknown customer' });
    const [after] = await q<{ n: number }>(sql`select count(*)::int as n from transactions`);
    expect(after?.n).toBe(before?.n);
  });
});

describe('accounts', () => {
  it('a manager opens one account per department; a cashier may not; bad bodies are 400', async () => {
    const refused = await inject(t, {
      method: 'POST',
      url: '/api/accounts',
      cookie: cashier,
      payload: { kind: 'department', departmentId: science, creditLimit: '100.00' },
    });
    expect(refused.statusCode).toBe(403);
    const sci = await openAccount({ kind: 'department', departmentId: science, creditLimit: '100.00' });
    expect(sci).toMatchObject({ balance: '0.00', creditLimit: '100.00', available: '100.00' });
    const again = await inject(t, {
      method: 'POST',
      url: '/api/accounts',
      cookie: manager,
      payload: { kind: 'department', departmentId: science, creditLimit: '5.00' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('accounts.duplicate');
    const bad = await inject(t, {
      method: 'POST',
      url: '/api/accounts',
      cookie: manager,
      payload: { kind: 'customer', creditLimit: '-1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      customerId: 'Choose the customer',
      creditLimit: 'Must be an amount like 12.50',
    });
  });

  it('10 tills charging 10.00 each at once against a 50.00 limit: exactly 5 succeed, the balance is 50.00 and refused sales wrote nothing', async () => {
    const account = await openAccount({ kind: 'department', departmentId: engineering, creditLimit: '50.00' });
    const [before] = await q<{ sales: number; stock: number }>(
      sql`select (select count(*)::int from transactions) as sales,
                 (select sum(on_hand_qty)::int from proc_stock_levels l join proc_items i on i.id = l.item_id where i.pos_product_id = ${scone}::uuid) as stock`,
    );
    const responses = await Promise.all(tills.map((cookie) => postSale(t, cookie, accountSale(account.id))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({
        code: 'pos.account_limit',
        message: "This charge is above the account's credit limit: 0.00 available",
      });
    }
    const [after] = await q<{ sales: number; stock: number; balance: string; entries: number; payments: number }>(
      sql`select (select count(*)::int from transactions) as sales,
                 (select sum(on_hand_qty)::int from proc_stock_levels l join proc_items i on i.id = l.item_id where i.pos_product_id = ${scone}::uuid) as stock,
                 (select balance::text from accounts where id = ${account.id}::uuid) as balance,
                 (select count(*)::int from account_entries where account_id = ${account.id}::uuid) as entries,
                 (select count(*)::int from transaction_payments where account_id = ${account.id}::uuid) as payments`,
    );
    expect(after?.sales).toBe((before?.sales ?? 0) + 5);
    expect(after?.stock).toBe((before?.stock ?? 0) - 5);
    expect(after).toMatchObject({ balance: '50.00', entries: 5, payments: 5 });
    const listed = await inject(t, { method: 'GET', url: '/api/accounts', cookie: cashier });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({
        id: account.id,
        name: 'Engineering',
        balance: '50.00',
        available: '0.00',
        pendingCharges: 5,
      }),
    );
  });

  it('an account tender must name a known account; paymentMethod account alone is 400; nothing is written', async () => {
    const noAccount = await postSale(t, cashier, {
      ...accountSale(randomUUID()),
      tenders: [{ method: 'account', amount: '10.00' }],
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().errors).toEqual({ 'tenders.0.accountId': 'Choose the account to charge' });
    const unknown = await postSale(t, cashier, accountSale(randomUUID()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'tenders.0.accountId': 'Unknown account' });
    const alone = await postSale(t, cashier, { ...accountSale(randomUUID()), tenders: undefined });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ paymentMethod: 'Choose the account to charge' });
  });

  it("a refund 'in cash' of a sale charged to an account gives the charge back to the account, never cash", async () => {
    const created = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: manager,
      payload: { name: 'Cass Refund', number: 'ST-CASH-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = await openAccount({ kind: 'customer', customerId: created.json().id, creditLimit: '50.00' });
    const sale = await postSale(t, manager, accountSale(account.id));
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().id as string;
    const line = (await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager })).json()
      .lines[0].id as string;
    const refund = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${saleId}/refunds`,
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        lines: [{ itemId: line, quantity: 1 }],
        reason: 'Customer changed mind',
        restock: true,
        method: 'cash',
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const went = await t.db.execute(
      'select method::text as method, amount::text as amount from refund_payments where refund_id = $1',
      [refund.json().id],
    );
    expect(went.rows).toEqual([{ method: 'account', amount: '10.00' }]);
    const accounts = (await inject(t, { method: 'GET', url: '/api/accounts', cookie: manager })).json() as Array<{
      id: string;
      balance: string;
    }>;
    expect(accounts.find((a) => a.id === account.id)?.balance).toBe('0.00');
  });

  it('statement of the month: opening, charges with sale numbers, a refund, a payment, closing; CSV; a void gives the charge back', async () => {
    const created = await inject(t, {
      method: 'POST',
      url: '/api/customers',
      cookie: manager,
      payload: { name: 'Linus Account', number: 'ST-77' },
    });
    const customer = created.json().id as string;
    const account = await openAccount({ kind: 'customer', customerId: customer, creditLimit: '100.00' });
    // 30.00 charged (20.00 on account + 10.00 cash), then 10.00 charged.
    const split = await postSale(t, manager, {
      ...saleBody([{ productId: scone, quantity: 3, unitPrice: '10.00' }], 'cash'),
      paymentMethod: 'account',
      amountReceived: null,
      customerId: customer,
      tenders: [
        { method: 'cash', amount: '10.00', amountReceived: '10.00' },
        { method: 'account', amount: '20.00', accountId: account.id },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().paymentMethod).toBe('account');
    const second = await postSale(t, manager, accountSale(account.id));
    expect(second.statusCode, second.body).toBe(201);
    // A refund of one scone from the split sale goes back to the account tender first (non-cash first).
    const saleId = split.json().id as string;
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager });
    const itemId = detail.json().lines[0].id as string;
    const refund = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${saleId}/refunds`,
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        lines: [{ itemId, quantity: 1 }],
        reason: 'Customer changed mind',
        restock: true,
        method: 'original',
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const payment = await inject(t, {
      method: 'POST',
      url: `/api/accounts/${account.id}/payments`,
      cookie: manager,
      payload: { amount: '5.00', method: 'bank_transfer', referenceCode: 'INV-1' },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    expect(payment.json()).toMatchObject({ balance: '15.00', available: '85.00' });
    const cashierPayment = await inject(t, {
      method: 'POST',
      url: `/api/accounts/${account.id}/payments`,
      cookie: cashier,
      payload: { amount: '5.00', method: 'cash' },
    });
    expect(cashierPayment.statusCode).toBe(403);

    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const statement = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${account.id}/statement?month=${month}`,
      cookie: manager,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const s = statement.json();
    expect(s).toMatchObject({
      month,
      openingBalance: '0.00',
      charges: '20.00',
      payments: '5.00',
      closingBalance: '15.00',
    });
    expect(s.entries.map((e: { kind: string; amount: string }) => [e.kind, e.amount])).toEqual([
      ['charge', '20.00'],
      ['charge', '10.00'],
      ['refund', '-10.00'],
      ['payment', '-5.00'],
    ]);
    expect(s.entries[0].saleNumber).toBe(saleId.slice(-6).toUpperCase());
    expect(s.entries[0].approval).toBeNull(); // a customer's charges need no approval

    const next = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${account.id}/statement?month=2099-01`,
      cookie: manager,
    });
    expect(next.json()).toMatchObject({
      openingBalance: '15.00',
      charges: '0.00',
      closingBalance: '15.00',
      entries: [],
    });

    const csv = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${account.id}/statement?month=${month}&format=csv`,
      cookie: manager,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Entry,Sale,Method,Reference,Approval,Amount');
    expect(lines[1]).toBe(',opening,,,,,0.00');
    expect(lines.at(-1)).toBe(',closing,,,,,15.00');
    expect(lines).toHaveLength(7);

    const bad = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${account.id}/statement?month=2026-13`,
      cookie: manager,
    });
    expect(bad.statusCode).toBe(400);

    // A void returns the whole account tender.
    const voided = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${second.json().id}/void`,
      cookie: manager,
      payload: { reason: 'Wrong account' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const [row] = await q<{ balance: string }>(sql`select balance::text from accounts where id = ${account.id}::uuid`);
    expect(row?.balance).toBe('5.00');
  });

  it("a department manager sees and approves only their own department's account and charges", async () => {
    const list = await inject(t, { method: 'GET', url: '/api/accounts', cookie: dana });
    expect(list.json().map((a: { name: string }) => a.name)).toEqual(['Engineering']);
    const eng = list.json()[0] as { id: string };
    const all = await inject(t, { method: 'GET', url: '/api/accounts', cookie: manager });
    const sci = all.json().find((a: { name: string }) => a.name === 'Science') as { id: string };

    const own = await inject(t, { method: 'GET', url: `/api/accounts/${eng.id}/statement`, cookie: dana });
    expect(own.statusCode).toBe(200);
    const pending = own.json().entries.filter((e: { approval: string }) => e.approval === 'pending');
    expect(pending).toHaveLength(5);
    const other = await inject(t, { method: 'GET', url: `/api/accounts/${sci.id}/statement`, cookie: dana });
    expect(other.statusCode).toBe(403);
    const otherCsv = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${eng.id}/statement?format=csv`,
      cookie: otherManager,
    });
    expect(otherCsv.statusCode).toBe(403);
    const cashierStatement = await inject(t, {
      method: 'GET',
      url: `/api/accounts/${eng.id}/statement`,
      cookie: cashier,
    });
    expect(cashierStatement.statusCode).toBe(403);

    const notHers = await inject(t, {
      method: 'POST',
      url: `/api/accounts/${eng.id}/charges/${pending[0].id}/approve`,
      cookie: otherManager,
    });
    expect(notHers.statusCode).toBe(403);
    const approved = await inject(t, {
      method: 'POST',
      url: `/api/accounts/${eng.id}/charges/${pending[0].id}/approve`,
      cookie: dana,
    });
    expect(approved.statusCode).toBe(204);
    const twice = await inject(t, {
      method: 'POST',
      url: `/api/accounts/${eng.id}/charges/${pending[0].id}/approve`,
      cookie: dana,
    });
    expect(twice.statusCode).toBe(409);
    const after = await inject(t, { method: 'GET', url: `/api/accounts/${eng.id}/statement`, cookie: dana });
    const first = after.json().entries.find((e: { id: string }) => e.id === pending[0].id);
    expect(first).toMatchObject({ approval: 'approved', approvedBy: 'Dana Engineer' });
  });

  it('a limit is not set below the balance (409); a higher one lets charges through again', async () => {
    const eng = (await inject(t, { method: 'GET', url: '/api/accounts', cookie: dana })).json()[0] as { id: string };
    const below = await inject(t, {
      method: 'PATCH',
      url: `/api/accounts/${eng.id}`,
      cookie: manager,
      payload: { creditLimit: '40.00' },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().code).toBe('accounts.limit_below_balance');
    const raised = await inject(t, {
      method: 'PATCH',
      url: `/api/accounts/${eng.id}`,
      cookie: manager,
      payload: { creditLimit: '60.00' },
    });
    expect(raised.json()).toMatchObject({ creditLimit: '60.00', available: '10.00' });
    const sale = await postSale(t, cashier, accountSale(eng.id));
    expect(sale.statusCode, sale.body).toBe(201);
  });
});
