import type { DomainEvent, Product, Role } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { assetCheckouts, shifts, transactionItems, transactionPayments, transactions } from '../../db/schema/index';

/** Demo-style PINs for the catalogue tests, one per role used. */
export const TEST_PINS = {
  cashier: '2915',
  manager: '4826',
  super_admin: '7391',
  department_manager: '5174',
} as const satisfies Partial<Record<Role, string>>;

export type Sessions = Record<keyof typeof TEST_PINS, string> & { managerId: string; cashierId: string };

/** A user per role, each signed in; returns their cookies. */
export async function signInEveryone(t: TestApp): Promise<Sessions> {
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  let n = 1;
  for (const [role, pin] of Object.entries(TEST_PINS)) {
    ids[role] = await createUser(t, { role: role as Role, pin });
    cookies[role] = await signIn(t, pin, `10.20.0.${n++}`);
  }
  return {
    ...(cookies as Record<keyof typeof TEST_PINS, string>),
    managerId: ids.manager as string,
    cashierId: ids.cashier as string,
  };
}

let counter = 0;
/** Digits only: a random letter suffix once spelled 'zq' and leaked into the search tests' results. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${++counter}-${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

export async function aCategory(t: TestApp, cookie: string, name = uniqueName('Category')): Promise<string> {
  const response = await inject(t, { method: 'POST', url: '/api/categories', cookie, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`category: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

export async function aProduct(
  t: TestApp,
  cookie: string,
  fields: Record<string, unknown> & { categoryId: string },
): Promise<Product> {
  const response = await inject(t, {
    method: 'POST',
    url: '/api/products',
    cookie,
    payload: { name: uniqueName('Product'), price: '4.50', sku: uniqueName('SKU').replace(/\W/g, ''), ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`product: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Records a sale of the product straight in the tables (the POS module owns the sale API). */
export async function aSaleOf(t: TestApp, cashierId: string, productId: string, variantId: string | null = null) {
  const [shift] = await t.db.db.insert(shifts).values({ cashierId }).returning({ id: shifts.id });
  const [sale] = await t.db.db
    .insert(transactions)
    .values({
      userId: cashierId,
      shiftId: (shift as { id: number }).id,
      subtotal: '4.50',
      tax: '0.00',
      total: '4.50',
      paymentMethod: 'cash',
    })
    .returning({ id: transactions.id });
  // Issue #34: every sale has its tenders (one here).
  await t.db.db
    .insert(transactionPayments)
    .values({ transactionId: (sale as { id: string }).id, seq: 1, method: 'cash', amount: '4.50' });
  await t.db.db.insert(transactionItems).values({
    transactionId: (sale as { id: string }).id,
    productId,
    variantId,
    variantName: null,
    quantity: 1,
    unitPrice: '4.50',
    totalPrice: '4.50',
  });
  await t.db.db
    .update(shifts)
    .set({ isOpen: false, endedAt: new Date() })
    .where(eq(shifts.id, (shift as { id: number }).id));
  return (sale as { id: string }).id;
}

export async function aCheckoutOf(t: TestApp, userId: string, productId: string) {
  await t.db.db.insert(assetCheckouts).values({ productId, userId });
}

/** Collects the live-update events published while the test runs. */
export function recordEvents(t: TestApp): { events: DomainEvent[]; stop: () => void; clear: () => void } {
  const events: DomainEvent[] = [];
  const stop = t.app.events.subscribe((event) => events.push(event));
  return { events, stop, clear: () => events.splice(0) };
}

/** Waits until an event of the type arrives (PostgreSQL delivers NOTIFY asynchronously). */
export async function eventually<T>(check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  while (true) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
