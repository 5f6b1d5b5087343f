import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { signedInUser } from '../../lib/signed-in-user';
import { approvalFor } from './approver.service';

/**
 * The reusable manager-PIN approval (issue #15), exercised through a route of its own: refunds,
 * voids and discounts call the same `approvalFor`.
 */
let t: TestApp;
let app: FastifyInstance;
let managerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({ config: t.config, database: t.db });
  app.post<{ Body: { approverPin?: string } }>(
    '/test/approve',
    { config: { permission: 'pos.sell' } },
    async (request) => {
      const { approver } = await approvalFor(request, signedInUser(request), request.body?.approverPin, {
        action: 'test',
        details: { amount: '1.00' },
      });
      return { approverId: approver?.id ?? null };
    },
  );
  await app.ready();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl' });
  await createUser(t, { role: 'cashier', pin: '3917', firstName: 'Cora' });
  await createUser(t, { role: 'manager', pin: '5821', firstName: 'Gone', isActive: false });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const approve = (cookie: string, approverPin: string | undefined, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/test/approve',
    headers: { cookie },
    payload: approverPin === undefined ? {} : { approverPin },
    remoteAddress,
  });

describe('manager PIN approval', () => {
  it("a manager's own action needs no PIN; a cashier's needs a manager's", async () => {
    const manager = await signIn(t, '4826', '10.50.0.1');
    expect((await approve(manager, undefined, '10.50.0.1')).json()).toEqual({ approverId: null });

    const cashier = await signIn(t, '2915', '10.50.0.2');
    const missing = await approve(cashier, undefined, '10.50.0.2');
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      code: 'pos.approval_required',
      message: "A manager's PIN is required to approve this.",
    });
    for (const pin of ['9999', '3917', '5821', '2915', 'abcd']) {
      const refused = await approve(cashier, pin, `10.50.1.${pin.charCodeAt(0)}`);
      expect(refused.statusCode, pin).toBe(403);
      expect(refused.json()).toEqual({ code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
    }
    const granted = await approve(cashier, '4826', '10.50.0.3');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ approverId: managerId });

    const { rows } = await t.db.execute(
      `select activity_type, details from user_activity where activity_type like 'approval_%' order by timestamp`,
    );
    expect(rows.map((r) => (r as { activity_type: string }).activity_type)).toEqual([
      'approval_refused',
      'approval_refused',
      'approval_refused',
      'approval_refused',
      'approval_refused',
      'approval_granted',
    ]);
    expect((rows.at(-1) as { details: unknown }).details).toMatchObject({
      action: 'test',
      amount: '1.00',
      approverId: managerId,
      approverName: 'Maria User',
      requestedBy: 'Carl User',
    });
  });

  it('wrong approval PINs count against the person asking (issue #30 item 4): 10 a day from any browser, then a manager in person', async () => {
    // Cora asks from a fresh browser and address each time: neither buys a fresh allowance.
    for (let i = 0; i < 10; i++) {
      const browser = await signIn(t, '3917', `10.60.${i}.1`);
      expect((await approve(browser, '0000', `10.60.${i}.1`)).statusCode).toBe(403);
    }
    const cora = await signIn(t, '3917', '10.60.20.1');
    const used = await approve(cora, '4826', '10.60.20.1');
    expect(used.statusCode).toBe(429);
    expect(used.json().message).toBe('Too many wrong manager PINs today. A manager must sign in to approve this.');
    expect(Number(used.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    // Not the till's failures: the manager signs in there, and another cashier's approval still passes.
    const signInThere = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '4826' },
      remoteAddress: '10.60.20.1',
    });
    expect(signInThere.statusCode).toBe(200);
    const carl = await signIn(t, '2915', '10.60.20.1');
    expect((await approve(carl, '4826', '10.60.20.1')).statusCode).toBe(200);
    // Cora's own session is untouched.
    expect((await app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: cora } })).statusCode).toBe(200);
  });
});
