import { type AssetCheckout, CHECKOUT_LIST_DEFAULT_LIMIT } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { assetCheckouts } from '../../db/schema/index';
import { createCategory, createProduct } from '../pos/pos-test-support';

/**
 * GET /api/asset-checkouts a page at a time (spec §2 Asset checkout, §7): `limit`, a `cursor` from
 * X-Next-Cursor, the whole list's size in X-Total-Count; filters hold across pages.
 */

let t: TestApp;
let manager: string;
let cashier: string;
let cashierId: string;
let otherId: string;
let drill: string;

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR);

type Loan = { userId?: string; checkedOutAt: Date; expectedReturnAt?: Date | null; returnedAt?: Date | null };

/** Loans written in one statement (so they share created_at, as a batch would). Returns their ids. */
async function loans(list: Loan[]): Promise<string[]> {
  const rows = await t.db.db
    .insert(assetCheckouts)
    .values(
      list.map((loan) => ({
        productId: drill,
        userId: loan.userId ?? otherId,
        checkedOutAt: loan.checkedOutAt,
        expectedReturnAt: loan.expectedReturnAt ?? null,
        returnedAt: loan.returnedAt ?? null,
        status: loan.returnedAt ? ('returned' as const) : ('checked_out' as const),
        returnCondition: loan.returnedAt ? ('good' as const) : null,
      })),
    )
    .returning({ id: assetCheckouts.id });
  return rows.map((r) => r.id);
}

const get = (query: string, cookie = manager) =>
  inject(t, { method: 'GET', url: `/api/asset-checkouts${query}`, cookie });

/** Follows X-Next-Cursor from the first page to the last; every page must agree on the total. */
async function allPages(query: string, cookie = manager) {
  const pages: AssetCheckout[][] = [];
  const totals = new Set<string>();
  let cursor: string | undefined;
  do {
    const sep = query ? '&' : '?';
    const response = await get(`${query}${cursor ? `${sep}cursor=${cursor}` : ''}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json());
    totals.add(String(response.headers['x-total-count']));
    cursor = response.headers['x-next-cursor'] as string | undefined;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  expect(totals.size).toBe(1);
  return { pages, rows: pages.flat(), total: Number([...totals][0]) };
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826' });
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Cashier' });
  otherId = await createUser(t, { role: 'cashier', firstName: 'Chris', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.62.0.1');
  cashier = await signIn(t, '2915', '10.62.0.2');
  const tools = await createCategory(t, 'Lab Tools');
  drill = await createProduct(t, { name: 'Cordless Drill', price: '99.00', stock: 1000, categoryId: tools });
  // 70 loans over the last days, two to each hour (ties broken by id): 35 overdue, the rest
  // returned (one in five), out without a due date, or out and not yet due; a tenth are Casey's.
  await loans(
    Array.from({ length: 70 }, (_, i): Loan => {
      const checkedOutAt = at(-100 + Math.floor(i / 2));
      const base = { userId: i % 10 === 0 ? cashierId : otherId, checkedOutAt };
      if (i % 2 === 0) return { ...base, expectedReturnAt: at(-51 + i) }; // from i = 52 on, not yet due
      if (i % 5 === 1) return { ...base, expectedReturnAt: at(-90), returnedAt: at(-80) };
      if (i % 5 === 3) return base;
      return { ...base, expectedReturnAt: at(-1 - i) };
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('paging GET /api/asset-checkouts', () => {
  it(`answers ${CHECKOUT_LIST_DEFAULT_LIMIT} newest first by default, with the total and a cursor for more`, async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const page = response.json() as AssetCheckout[];
    expect(page).toHaveLength(CHECKOUT_LIST_DEFAULT_LIMIT);
    expect(response.headers['x-total-count']).toBe('70');
    expect(response.headers['x-next-cursor']).toBe(page[page.length - 1]?.id);
    const times = page.map((c) => Date.parse(c.checkedOutAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('following the cursor lists every checkout exactly once, in order, and the last page has no cursor', async () => {
    const { pages, rows, total } = await allPages('?limit=7');
    expect(total).toBe(70);
    expect(pages).toHaveLength(10);
    expect(rows).toHaveLength(70);
    expect(new Set(rows.map((c) => c.id)).size).toBe(70);
    const whole = (await get('?limit=5000')).json() as AssetCheckout[];
    expect(rows.map((c) => c.id)).toEqual(whole.map((c) => c.id));
    const last = await get(`?limit=7&cursor=${rows[62]?.id}`);
    expect(last.json()).toHaveLength(7);
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('keeps a filter on every page and counts only what it keeps', async () => {
    const everything = (await get('?limit=5000')).json() as AssetCheckout[];
    for (const filter of ['overdue', 'returned', 'checked_out'] as const) {
      const expected = everything.filter((c) =>
        filter === 'checked_out' ? c.returnedAt === null : c.status === filter,
      );
      expect(expected.length).toBeGreaterThan(4);
      const { rows, total } = await allPages(`?status=${filter}&limit=4`);
      expect(total, filter).toBe(expected.length);
      expect(
        rows.map((c) => c.id),
        filter,
      ).toEqual(expected.map((c) => c.id));
    }
  });

  it('a loan recorded between two pages shifts nothing: the next page carries on where the last ended', async () => {
    const first = await get('?limit=5');
    const firstIds = (first.json() as AssetCheckout[]).map((c) => c.id);
    const [fresh] = await loans([{ checkedOutAt: new Date(), expectedReturnAt: at(24) }]);
    const second = await get(`?limit=5&cursor=${first.headers['x-next-cursor']}`);
    const secondIds = (second.json() as AssetCheckout[]).map((c) => c.id);
    expect(secondIds).toHaveLength(5);
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
    expect(secondIds).not.toContain(fresh);
    expect(second.headers['x-total-count']).toBe('71');
    const whole = ((await get('?limit=5000')).json() as AssetCheckout[]).map((c) => c.id);
    expect(whole[0]).toBe(fresh);
    expect(whole.slice(6, 11)).toEqual(secondIds);
    await t.db.execute('delete from asset_checkouts where id = $1', [fresh]);
  });

  it('sort=due lists the most overdue first across pages, loans without a due date last', async () => {
    const everything = (await get('?limit=5000')).json() as AssetCheckout[];
    const overdue = await allPages('?status=overdue&sort=due&limit=3');
    const due = overdue.rows.map((c) => Date.parse(c.expectedReturnAt as string));
    expect([...due].sort((a, b) => a - b)).toEqual(due);
    expect(overdue.rows.map((c) => c.id).sort()).toEqual(
      everything
        .filter((c) => c.status === 'overdue')
        .map((c) => c.id)
        .sort(),
    );
    const first = await get('?status=overdue&sort=due&limit=3');
    expect(first.headers['x-total-count']).toBe(String(overdue.total));
    expect((first.json() as AssetCheckout[]).map((c) => c.id)).toEqual(overdue.rows.slice(0, 3).map((c) => c.id));

    const out = await allPages('?status=checked_out&sort=due&limit=6');
    expect(new Set(out.rows.map((c) => c.id)).size).toBe(out.total);
    expect(out.rows).toHaveLength(out.total);
    const undated = out.rows.findIndex((c) => c.expectedReturnAt === null);
    expect(undated).toBeGreaterThan(0);
    expect(out.rows.slice(undated).every((c) => c.expectedReturnAt === null)).toBe(true);
  });

  it('the overdue count stays whole: the total matches institutional analytics beyond one page', async () => {
    const page = await get('?status=overdue&limit=1');
    const analytics = await inject(t, { method: 'GET', url: '/api/analytics/institution', cookie: manager });
    expect(analytics.statusCode).toBe(200);
    expect(Number(page.headers['x-total-count'])).toBe(analytics.json().cards.overdueItems);
    expect(analytics.json().cards.overdueItems).toBeGreaterThan(1);
  });

  it("a cashier pages through their own loans only; another's checkout is no cursor for them", async () => {
    const mine = await allPages('?limit=2', cashier);
    expect(mine.total).toBe(7);
    expect(mine.rows).toHaveLength(7);
    expect(mine.rows.every((c) => c.userId === cashierId)).toBe(true);
    const someoneElses = ((await get('?limit=5000')).json() as AssetCheckout[]).find((c) => c.userId === otherId);
    const refused = await get(`?cursor=${someoneElses?.id}`, cashier);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'validation',
      message: 'cursor must be the X-Next-Cursor value of an earlier page of this list',
      errors: { cursor: 'cursor must be the X-Next-Cursor value of an earlier page of this list' },
    });
  });

  it('refuses a bad limit, cursor or sort with a clear 400', async () => {
    const limitMessage = 'limit must be a whole number from 1 to 5000';
    for (const limit of ['0', '5001', 'ten', '2.5', '-3', '']) {
      const response = await get(`?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json(), limit).toEqual({
        code: 'validation',
        message: limitMessage,
        errors: { limit: limitMessage },
      });
    }
    const cursorMessage = 'cursor must be the X-Next-Cursor value of an earlier page of this list';
    for (const cursor of ['abc', '00000000-0000-4000-8000-000000000000']) {
      const response = await get(`?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message, cursor).toBe(cursorMessage);
    }
    const sort = await get('?sort=oldest');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Sort must be newest or due');
  });
});
