import { isTrivialPin, type Role } from '@retail-hub/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import type { Config } from '../../config/config';
import { shifts, transactionPayments, transactions, userActivity, users } from '../../db/schema/index';

/** The staff of a small store, one per role plus a second manager and cashier, with their PINs. */
export const STAFF = {
  admin: { role: 'super_admin', pin: '7391', firstName: 'Sam', lastName: 'Admin', email: 'sam@store.test' },
  manager: { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager', email: 'morgan@store.test' },
  otherManager: { role: 'manager', pin: '4862', firstName: 'Max', lastName: 'Lead', email: 'max@store.test' },
  deptManager: { role: 'department_manager', pin: '5174', firstName: 'Dana', lastName: 'Dept', email: null },
  cashier: { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Cashier', email: 'casey@store.test' },
  otherCashier: { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Till', email: 'chris@store.test' },
} as const satisfies Record<
  string,
  { role: Role; pin: string; firstName: string; lastName: string; email: string | null }
>;

export type StaffKey = keyof typeof STAFF;
export type Store = { t: TestApp; ids: Record<StaffKey, string> };

let addressCounter = 0;
/** A different client address per sign-in, so the sign-in throttle never interferes with a test. */
export function freshAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function buildStore(overrides: Partial<Config> = {}): Promise<Store> {
  const t = await buildTestApp(overrides);
  const ids = {} as Record<StaffKey, string>;
  for (const [key, person] of Object.entries(STAFF) as [StaffKey, (typeof STAFF)[StaffKey]][]) {
    ids[key] = await createUser(t, { ...person, email: person.email ?? undefined });
  }
  return { t, ids };
}

export function signInAs(store: Store, key: StaffKey): Promise<string> {
  return signIn(store.t, STAFF[key].pin, freshAddress());
}

/** A request from a fixed client address (PIN refusals count against it like failed sign-ins). */
export function call(
  store: Store,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  remoteAddress = '10.200.0.1',
) {
  return inject(store.t, {
    method,
    url,
    cookie,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The answer to "who am I" for a cookie: 200 while the session lives, 401 once it ended. */
export async function sessionStatus(store: Store, cookie: string): Promise<number> {
  return (await inject(store.t, { method: 'GET', url: '/auth/session', cookie })).statusCode;
}

export async function pinSignInStatus(store: Store, pin: string): Promise<number> {
  const response = await store.t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload: { pin },
    remoteAddress: freshAddress(),
  });
  return response.statusCode;
}

export async function userRow(store: Store, id: string) {
  const [row] = await store.t.db.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A shift and one cash sale by `userId`, written directly (the POS module is not under test here). */
export async function recordSaleBy(store: Store, userId: string): Promise<string> {
  const [shift] = await store.t.db.db.insert(shifts).values({ cashierId: userId }).returning({ id: shifts.id });
  const [sale] = await store.t.db.db
    .insert(transactions)
    .values({
      userId,
      shiftId: (shift as { id: number }).id,
      subtotal: '4.50',
      tax: '0.00',
      total: '4.50',
      paymentMethod: 'cash',
    })
    .returning({ id: transactions.id });
  // Issue #34: every sale has its tenders (one here).
  await store.t.db.db
    .insert(transactionPayments)
    .values({ transactionId: (sale as { id: string }).id, seq: 1, method: 'cash', amount: '4.50' });
  return (sale as { id: string }).id;
}

/** The latest activity row of a type about one user (details.targetUserId), or by one user when no target. */
export async function latestActivityAbout(store: Store, activityType: string, targetUserId: string) {
  const rows = await store.t.db.db
    .select()
    .from(userActivity)
    .where(
      and(eq(userActivity.activityType, activityType), sql`${userActivity.details}->>'targetUserId' = ${targetUserId}`),
    )
    .orderBy(desc(userActivity.timestamp))
    .limit(1);
  return rows[0];
}

const usedPins = new Set<string>(Object.values(STAFF).map((person) => person.pin));
let nextPin = 6100;
/** A PIN no other test person holds and the trivial-PIN rule accepts. */
export function unusedPin(): string {
  while (true) {
    const pin = String(nextPin++).padStart(4, '0');
    if (!usedPins.has(pin) && !isTrivialPin(pin)) {
      usedPins.add(pin);
      return pin;
    }
  }
}

let personCounter = 0;
/** A new person for one test, so tests sharing a store never act on the same user. */
export async function addPerson(
  store: Store,
  role: Role,
  options: { withPin?: boolean; email?: boolean; isActive?: boolean } = {},
): Promise<{ id: string; pin: string | null; email: string | null; name: string }> {
  personCounter++;
  const pin = options.withPin === false ? null : unusedPin();
  const email = options.email === false ? null : `person${personCounter}@store.test`;
  const firstName = `Person${personCounter}`;
  const id = await createUser(store.t, {
    role,
    firstName,
    lastName: 'Test',
    ...(pin ? { pin } : {}),
    ...(email ? { email } : {}),
    isActive: options.isActive ?? true,
  });
  return { id, pin, email, name: `${firstName} Test` };
}

/** Signs in with any PIN from a fresh address. */
export function signInWithPin(store: Store, pin: string): Promise<string> {
  return signIn(store.t, pin, freshAddress());
}

/** Every response body of a test must be free of credentials. */
export function expectNoCredential(body: string): void {
  for (const word of ['pinHash', 'pin_hash', 'sessionId']) {
    if (body.includes(word)) throw new Error(`response carries ${word}: ${body.slice(0, 200)}`);
  }
}
