import { centsToDecimal } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { addDays, type LocalDate, localDateOf, zonedTimeToInstant } from '../../lib/store-time';
import type { DbOrTx } from '../client';
import { assetCheckouts, expenses, products, userActivity } from '../schema/index';
import { DEMO_EXPENSES, DEMO_USERS } from './demo-data';
import type { Random } from './random';
import { type Catalogue, DAY, HISTORY_DAYS, insertChunked, MINUTE, type UserIds } from './seed-support';

/** Expenses, asset checkouts and sign-in activity of the demo store. */

export async function seedExpenses(
  tx: DbOrTx,
  random: Random,
  ctx: { now: Date; timeZone: string; userIds: UserIds },
): Promise<void> {
  const today = localDateOf(ctx.now, ctx.timeZone);
  const rows: (typeof expenses.$inferInsert)[] = [];
  const startOfToday = zonedTimeToInstant(today, 0, 0, ctx.timeZone).getTime();
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 0; daysAgo--) {
    const date: LocalDate = addDays(today, -daysAgo);
    // Today has two so far (the Expense Tracker opens on Today), earlier in the day than now.
    const count =
      daysAgo === 0
        ? 2
        : random.weighted([
            [0, 30],
            [1, 50],
            [2, 20],
          ] as const);
    for (let i = 0; i < count; i++) {
      const example = random.pick(DEMO_EXPENSES);
      const createdAt =
        daysAgo === 0
          ? new Date(Math.max(startOfToday, ctx.now.getTime() - random.int(10, 240) * MINUTE))
          : zonedTimeToInstant(date, random.int(9, 16), random.int(0, 59), ctx.timeZone);
      rows.push({
        id: random.uuid(),
        userId: (random.chance(0.8) ? ctx.userIds.manager : ctx.userIds.admin) as string,
        category: example.category,
        amount: centsToDecimal(random.int(example.min, example.max)),
        description: example.description,
        paymentMethod: random.weighted([
          ['cash', 25],
          ['credit_card', 40],
          ['bank_transfer', 30],
          ['other', 5],
        ] as const),
        receiptNumber: random.chance(0.7) ? `RCPT-${random.digits(5)}` : null,
        vendor: example.vendor,
        notes: random.chance(0.1) ? 'Paid from petty cash float' : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  await insertChunked(tx, expenses, rows);
}

export async function seedCheckouts(
  tx: DbOrTx,
  random: Random,
  ctx: { now: Date; userIds: UserIds; catalogue: Catalogue },
): Promise<void> {
  const at = (days: number, hours = 0) => new Date(ctx.now.getTime() + days * DAY + hours * 60 * MINUTE);
  const product = (sku: string) => {
    const found = ctx.catalogue.bySku.get(sku);
    if (!found) throw new Error(`demo checkout refers to unknown SKU ${sku}`);
    return found.id;
  };
  const user = (key: string) => ctx.userIds[key] as string;
  type Row = typeof assetCheckouts.$inferInsert;
  const returned = (
    sku: string,
    who: string,
    out: number,
    due: number,
    back: number,
    condition: Row['returnCondition'],
    notes: string | null,
  ): Row => ({
    id: random.uuid(),
    productId: product(sku),
    userId: user(who),
    checkedOutAt: at(out),
    expectedReturnAt: at(due),
    returnedAt: at(back),
    returnCondition: condition,
    notes,
    status: 'returned',
  });
  const active = (sku: string, who: string, out: number, due: number, notes: string | null): Row => ({
    id: random.uuid(),
    productId: product(sku),
    userId: user(who),
    checkedOutAt: at(out),
    expectedReturnAt: at(due),
    notes,
    // Overdue (spec §4) is computed from the expected return when read, never stored.
    status: 'checked_out',
  });
  await tx
    .insert(assetCheckouts)
    .values([
      returned('AST-DRIL-01', 'cashier1', -20, -18, -18.2, 'good', 'Shelving install in the stock room'),
      returned('AST-PROJ-01', 'manager', -15, -13, -13, 'damaged', 'Lamp flickers; reported to Engineering'),
      returned('AST-SOLD-01', 'deptManager', -9, -7, -6.8, 'needs_maintenance', 'Tip worn out'),
      returned('AST-LAPT-01', 'procurement', -6, -4, -4.1, 'good', null),
      active('AST-LAPT-01', 'deptManager', -2, 5, 'Curriculum planning week'),
      active('AST-MULT-01', 'cashier2', -1, 2, null),
      active('AST-TORQ-01', 'cashier1', -10, -3, 'Bike rack repair'),
      active('AST-PROJ-01', 'procurement', -5, -1, 'Supplier presentation'),
    ]);
  // The soldering iron came back needing maintenance and is out of service until a manager clears it.
  await tx
    .update(products)
    .set({ serviceFlag: 'needs_maintenance', serviceFlaggedAt: at(-6.8) })
    .where(eq(products.id, product('AST-SOLD-01')));
}

export async function seedActivity(tx: DbOrTx, random: Random, ctx: { now: Date; userIds: UserIds }): Promise<void> {
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ];
  const rows: (typeof userActivity.$inferInsert)[] = [];
  for (const [index, user] of DEMO_USERS.entries()) {
    const userId = ctx.userIds[user.key] as string;
    const ipAddress = `192.168.1.${20 + index}`;
    for (let daysAgo = 6; daysAgo >= 0; daysAgo--) {
      if (!random.chance(user.role === 'cashier' ? 0.8 : 0.5)) continue;
      const loginAt = new Date(ctx.now.getTime() - daysAgo * DAY - random.int(60, 600) * MINUTE);
      const sessionId = random.uuid().replace(/-/g, '');
      const userAgent = random.pick(agents);
      rows.push({
        id: random.uuid(),
        userId,
        activityType: 'login',
        timestamp: loginAt,
        ipAddress,
        userAgent,
        details: { role: user.role, name: `${user.firstName} ${user.lastName}` },
        sessionId,
      });
      const logoutAt = new Date(loginAt.getTime() + random.int(20, 400) * MINUTE);
      if (logoutAt < ctx.now) {
        rows.push({
          id: random.uuid(),
          userId,
          activityType: 'logout',
          timestamp: logoutAt,
          ipAddress,
          userAgent,
          details: null,
          sessionId,
        });
      }
    }
  }
  // A couple of wrong PINs: no user is known for a failed attempt.
  for (const hoursAgo of [30, 5]) {
    rows.push({
      id: random.uuid(),
      userId: null,
      activityType: 'login_failed',
      timestamp: new Date(ctx.now.getTime() - hoursAgo * 60 * MINUTE),
      ipAddress: '192.168.1.99',
      userAgent: agents[0] ?? null,
      details: { reason: 'invalid_pin' },
      sessionId: null,
    });
  }
  await insertChunked(tx, userActivity, rows);
}
