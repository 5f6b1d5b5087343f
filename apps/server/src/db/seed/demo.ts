import { randomInt } from 'node:crypto';
import { isTrivialPin, type Role } from '@retail-hub/shared';
import { hashPin } from '../../lib/pin-hash';
import type { Db, DbOrTx } from '../client';
import { users } from '../schema/index';
import { seedBackOffice } from './demo-back-office';
import { seedCatalogue } from './demo-catalogue';
import { DEMO_USERS } from './demo-data';
import { seedActivity, seedCheckouts, seedExpenses } from './demo-operations';
import { seedDepartments, seedUsers } from './demo-people';
import { seedSales, seedZReports } from './demo-sales';
import { createRandom } from './random';

/** The demo sign-in PINs (README and tests). Each belongs to one active demo user. */
export const DEMO_PINS: readonly { role: Role; pin: string; name: string }[] = DEMO_USERS.map((u) => ({
  role: u.role,
  pin: u.pin,
  name: `${u.firstName} ${u.lastName}`,
}));

export type SeedDemoOptions = {
  /** The PIN pepper from the config: PINs are stored as HMAC-SHA-256(pepper, pin) only. */
  pepper: string;
  /** IANA zone of the store (e.g. 'Australia/Sydney'): store hours are local wall-clock times. */
  timeZone: string;
  /** The present moment; the sales history ends before it. Defaults to the current time. */
  now?: Date;
};

/** Fixed seed of the generator: the same `now` and time zone give the same store. */
const SEED = 20_240_601;

/** True when the users table has no rows: the first start of a new installation. */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * DEMO_DATA=false: creates the one super_admin "Administrator" with a random, non-trivial PIN and
 * returns it so the boot can show it once (security guide, PINs: an admin may generate a random PIN).
 */
export async function seedInitialAdmin(db: DbOrTx, pepper: string): Promise<{ pin: string }> {
  let pin: string;
  do {
    pin = String(randomInt(0, 10_000)).padStart(4, '0');
  } while (isTrivialPin(pin));
  await db.insert(users).values({ firstName: 'Administrator', role: 'super_admin', pinHash: hashPin(pepper, pin) });
  return { pin };
}

/**
 * Fills an empty database with a demo store: the demo users (DEMO_PINS), the departments (one
 * table), a catalogue of ~40 products (some low or out of stock, some institutional assets),
 * 30 days of closed shifts and sales, expenses, asset checkouts and a little activity, and the back
 * office (two cafés and Central Stores, suppliers, orders, transfers, registered assets, a job).
 * Deterministic for a given `now` and `timeZone`; all in one transaction (all or nothing).
 */
export async function seedDemoStore(db: Db, opts: SeedDemoOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const random = createRandom(SEED);
  await db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) throw new Error('seedDemoStore: the database already has users');
    const userIds = await seedUsers(tx, random, opts.pepper, now);
    const departmentIds = await seedDepartments(tx, random, userIds, now);
    const catalogue = await seedCatalogue(tx, random, departmentIds, now);
    await seedSales(tx, random, { now, timeZone: opts.timeZone, userIds, catalogue });
    await seedExpenses(tx, random, { now, timeZone: opts.timeZone, userIds });
    await seedCheckouts(tx, random, { now, userIds, catalogue });
    await seedActivity(tx, random, { now, userIds });
    // Issue #32: the back office and the two cafés, through the services the API uses.
    await seedBackOffice(tx, { now, timeZone: opts.timeZone, userIds, catalogue });
    await seedZReports(tx);
  });
}
