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

  it('wrong approval PINs count against the PIN throttle: after 5, even the right PIN and a sign-in wait', async () => {
    const cashier = await signIn(t, '2915', '10.60.0.1');
    for (let i = 0; i < 5; i++) expect((await approve(cashier, '0000', '10.60.0.9')).statusCode).toBe(403);
    const locked = await approve(cashier, '4826', '10.60.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed attempts\. Try again in \d+ seconds\.$/);
    const signInFromThere = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '4826' },
      remoteAddress: '10.60.0.9',
    });
    expect(signInFromThere.statusCode).toBe(429);
    // The cashier's own session is untouched.
    expect((await app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: cashier } })).statusCode).toBe(
      200,
    );
  });
});
