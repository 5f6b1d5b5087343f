import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';

/**
 * Issue #30 item 16: a manager's PIN typed for a discount above the cap is checked when it is
 * typed (POST /api/discounts/approval-check), not only at Complete Sale: a cashier's own PIN, an
 * unknown one or another cashier's is refused there, before the cart shows the discount.
 */
let t: TestApp;
let cashier: string;
let managerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Cashier' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Cash' });
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  cashier = await signIn(t, '3862', '10.93.0.1');
});
afterAll(async () => {
  await t?.close();
});

const check = (payload: unknown, remoteAddress = '10.93.1.1', cookie: string | null = cashier) =>
  inject(t, {
    method: 'POST',
    url: '/api/discounts/approval-check',
    ...(cookie ? { cookie } : {}),
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

async function activity(type: string): Promise<number> {
  const { rows } = await t.db.execute(
    `select count(*)::int as n from user_activity where activity_type = $1 and details->>'action' = 'discount'`,
    [type],
  );
  return (rows[0] as { n: number }).n;
}

describe('POST /api/discounts/approval-check', () => {
  it("names the manager and their cap for a manager's PIN", async () => {
    const ok = await check({ approverPin: '4826' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ approver: { id: managerId, name: 'Morgan Manager' }, capPercent: 100 });
  });

  it("refuses the cashier's own PIN, another cashier's and an unknown one (403), each recorded", async () => {
    const before = await activity('approval_refused');
    for (const [pin, address] of [
      ['3862', '10.93.2.1'],
      ['2915', '10.93.2.2'],
      ['0000', '10.93.2.3'],
    ] as const) {
      const refused = await check({ approverPin: pin }, address);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
    }
    expect(await activity('approval_refused')).toBe(before + 3);
  });

  it('counts wrong PINs on the PIN throttle: guessing ends in 429, not an oracle', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      statuses.push((await check({ approverPin: '0001' }, '10.93.3.1')).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
  });

  it('refuses a malformed body (400 with the field message) and a signed-out caller (401)', async () => {
    const bad = await check({ approverPin: '12a' }, '10.93.4.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.approverPin).toBe('Manager PIN must be 4 digits');
    expect((await check({ approverPin: '4826' }, '10.93.4.2', null)).statusCode).toBe(401);
  });
});
