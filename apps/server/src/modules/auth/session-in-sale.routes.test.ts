import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { transactions } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { addPerson, buildStore, call, type Store, signInAs, signInWithPin } from '../users/users.test-support';

/**
 * Issue #38 item 5 (ADR 0028): the sale makes no session lookup of its own; its one statement
 * checks the session. Several app instances share one database (ADR 0016): a session ended on one
 * instance (sign-out, disable, role or PIN change) is refused on the very next sale on ANOTHER
 * instance that served that session a moment before, with 401 and nothing written, and so is any
 * other answer that sale would have got (a refusal, a replay).
 */

let store: Store;
let other: FastifyInstance;
let otherApp: TestApp;
let manager: string;
let category: string;
let muffin: string;

beforeAll(async () => {
  store = await buildStore();
  manager = await signInAs(store, 'manager');
  other = await buildApp({ config: store.t.config, database: store.t.db });
  await other.ready();
  otherApp = { ...store.t, app: other };
  category = await createCategory(store.t, 'Bakery');
  muffin = await createProduct(store.t, { name: 'Muffin', price: '4.50', stock: 100, categoryId: category });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await store?.t.close();
});

const sale = () => saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);

async function salesOf(userId: string): Promise<number> {
  return (await store.t.db.db.select().from(transactions).where(eq(transactions.userId, userId))).length;
}

/** A cashier selling on the other instance (which now holds their session from a moment ago). */
async function sellingCashier() {
  const person = await addPerson(store, 'cashier');
  const cookie = await signInWithPin(store, person.pin as string);
  await startShift(store.t, cookie);
  expect((await postSale(otherApp, cookie, sale())).statusCode).toBe(201);
  expect((await postSale(otherApp, cookie, sale())).statusCode).toBe(201);
  return { ...person, cookie };
}

describe('the sale checks its session in its own statement', () => {
  it('a sale after sign-out on another instance is refused (401) and writes nothing', async () => {
    const cashier = await sellingCashier();
    expect((await inject(store.t, { method: 'POST', url: '/auth/logout', cookie: cashier.cookie })).statusCode).toBe(
      200,
    );
    const before = await salesOf(cashier.id);
    expect((await postSale(otherApp, cashier.cookie, sale())).statusCode).toBe(401);
    expect(await salesOf(cashier.id)).toBe(before);
  });

  it('a sale after the user is disabled on another instance is refused (401) and writes nothing', async () => {
    const cashier = await sellingCashier();
    const off = await call(store, manager, 'PUT', `/api/users/${cashier.id}/status`, { isActive: false });
    expect(off.statusCode).toBe(200);
    const before = await salesOf(cashier.id);
    expect((await postSale(otherApp, cashier.cookie, sale())).statusCode).toBe(401);
    expect(await salesOf(cashier.id)).toBe(before);
  });

  it('a sale after a role change on another instance is refused (401) and writes nothing', async () => {
    const cashier = await sellingCashier();
    const role = await call(store, manager, 'PUT', `/api/users/${cashier.id}/role`, { role: 'manager' });
    expect(role.statusCode).toBe(200);
    const before = await salesOf(cashier.id);
    expect((await postSale(otherApp, cashier.cookie, sale())).statusCode).toBe(401);
    expect(await salesOf(cashier.id)).toBe(before);
  });

  it('a sale after a PIN change on another instance is refused (401) and writes nothing', async () => {
    const cashier = await sellingCashier();
    const admin = await signInAs(store, 'admin');
    const pin = await call(store, admin, 'POST', `/admin/users/${cashier.id}/pin`, { generate: true });
    expect(pin.statusCode).toBe(200);
    const before = await salesOf(cashier.id);
    expect((await postSale(otherApp, cashier.cookie, sale())).statusCode).toBe(401);
    expect(await salesOf(cashier.id)).toBe(before);
  });

  it('an ended session gets 401, not the refusal or the replay the sale would have got', async () => {
    const cashier = await sellingCashier();
    const key = randomUUID();
    expect((await postSale(otherApp, cashier.cookie, sale(), key)).statusCode).toBe(201);
    expect((await inject(store.t, { method: 'POST', url: '/auth/logout', cookie: cashier.cookie })).statusCode).toBe(
      200,
    );
    // The same key again (a replay would answer 200 with the sale).
    expect((await postSale(otherApp, cashier.cookie, sale(), key)).statusCode).toBe(401);
    // Wrong totals (a live session gets 409) and an unknown product (400).
    const wrong = saleBody([{ productId: muffin, quantity: 1, unitPrice: '1.00' }]);
    expect((await postSale(otherApp, cashier.cookie, wrong)).statusCode).toBe(401);
    const unknown = saleBody([{ productId: randomUUID(), quantity: 1, unitPrice: '4.50' }]);
    expect((await postSale(otherApp, cashier.cookie, unknown)).statusCode).toBe(401);
    // A malformed body (the schema's 400 for a live session).
    expect((await postSale(otherApp, cashier.cookie, { items: [] })).statusCode).toBe(401);
  });

  it('a live session keeps selling, and its refusals are the usual ones', async () => {
    const cashier = await sellingCashier();
    const wrong = saleBody([{ productId: muffin, quantity: 1, unitPrice: '1.00' }]);
    expect((await postSale(otherApp, cashier.cookie, wrong)).statusCode).toBe(409);
    expect((await postSale(otherApp, cashier.cookie, sale())).statusCode).toBe(201);
    const key = randomUUID();
    expect((await postSale(otherApp, cashier.cookie, sale(), key)).statusCode).toBe(201);
    expect((await postSale(otherApp, cashier.cookie, sale(), key)).statusCode).toBe(200);
  });
});
