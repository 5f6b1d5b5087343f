import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { MAX_TERMINALS_PER_USER } from './terminals.service';

/**
 * Issue #30 item 11: a terminal id belongs to the device and user that created it. Another user
 * on another device cannot overwrite its heartbeat (a cashier set Chris's terminal to 0 unsynced
 * sales), and one user cannot create terminals without bound (200 fake terminals).
 */
let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Drawer' });
  await createUser(t, { role: 'cashier', pin: '3917', firstName: 'Cora', lastName: 'Spare' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  manager = await signIn(t, '4826', '10.31.0.9');
});
afterAll(async () => {
  await t.close();
});

/** Signs in on a browser (its device cookie, when it has one) and returns the Cookie header with both. */
async function signInOn(pin: string, device?: string): Promise<{ cookie: string; device: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload: { pin },
    remoteAddress: '10.31.0.1',
    ...(device ? { headers: { cookie: device } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const pick = (suffix: string) => {
    const c = response.cookies.find((x) => x.name.endsWith(suffix) && x.value);
    if (!c) throw new Error(`no ${suffix} cookie`);
    return `${c.name}=${c.value}`;
  };
  const deviceCookie = pick('rh_device');
  return { cookie: `${pick('rh_session')}; ${deviceCookie}`, device: deviceCookie };
}

const beat = (cookie: string, terminalId: string, unsyncedCount: number) =>
  inject(t, { method: 'POST', url: '/api/terminals/heartbeat', cookie, payload: { terminalId, unsyncedCount } });

async function terminal(id: string) {
  const list = await inject(t, { method: 'GET', url: '/api/terminals', cookie: manager });
  return (list.json().terminals as Array<{ id: string; unsyncedCount: number; userName: string }>).find(
    (x) => x.id === id,
  );
}

describe('terminal heartbeats (issue #30 item 11)', () => {
  it("another user on another device cannot overwrite a terminal's heartbeat; the till's own users can", async () => {
    const chris = await signInOn('3862');
    const till = randomUUID();
    expect((await beat(chris.cookie, till, 4)).statusCode).toBe(204);

    const casey = await signInOn('2915');
    const forged = await beat(casey.cookie, till, 0);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('pos.terminal_not_yours');
    expect(await terminal(till)).toMatchObject({ unsyncedCount: 4, userName: 'Chris Drawer' });

    // Casey signing in on Chris's till (the same browser) reports for it: a till is shared.
    const onTill = await signInOn('2915', chris.device);
    expect((await beat(onTill.cookie, till, 1)).statusCode).toBe(204);
    expect(await terminal(till)).toMatchObject({ unsyncedCount: 1, userName: 'Casey Till' });

    // Chris's browser lost its device cookie (the outbox kept): he still reports for his terminal,
    // which moves to the new cookie; the old device no longer reports for it.
    const chrisAgain = await signInOn('3862');
    expect((await beat(chrisAgain.cookie, till, 2)).statusCode).toBe(204);
    expect((await beat(onTill.cookie, till, 0)).statusCode).toBe(403);
    expect(await terminal(till)).toMatchObject({ unsyncedCount: 2, userName: 'Chris Drawer' });
  });

  it('without a device cookie only its creator reports for a terminal', async () => {
    const chris = await signIn(t, '3862', '10.31.1.1');
    const casey = await signIn(t, '2915', '10.31.1.2');
    const till = randomUUID();
    expect((await beat(chris, till, 2)).statusCode).toBe(204);
    expect((await beat(casey, till, 0)).statusCode).toBe(403);
    expect((await beat(chris, till, 0)).statusCode).toBe(204);
    expect(await terminal(till)).toMatchObject({ unsyncedCount: 0, userName: 'Chris Drawer' });
  });

  it(`one user keeps at most ${MAX_TERMINALS_PER_USER} terminals: a new one replaces an idle one; 429 when all hold sales`, async () => {
    const cora = await signInOn('3917');
    const coraTerminals = async () => {
      const { rows } = await t.db.execute(
        `select t.id from pos_terminals t join users u on u.id = t.created_by where u.first_name = 'Cora' order by t.id`,
      );
      return rows.map((r) => String(r.id));
    };
    // 30 new browsers that hold nothing: each is a till (none refused), and only 10 rows are kept.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await beat(cora.cookie, randomUUID(), 0)).statusCode);
    expect(answers.every((s) => s === 204)).toBe(true);
    const kept = await coraTerminals();
    expect(kept).toHaveLength(MAX_TERMINALS_PER_USER);
    // Every one of them now holds sales the server does not have: none may be forgotten.
    for (const id of kept) expect((await beat(cora.cookie, id, 3)).statusCode).toBe(204);
    const refused = await beat(cora.cookie, randomUUID(), 0);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'pos.too_many_terminals' });
    // Racing creations cannot pass the bound either.
    const more = await Promise.all(Array.from({ length: 5 }, () => beat(cora.cookie, randomUUID(), 0)));
    expect(more.every((r) => r.statusCode === 429)).toBe(true);
    expect(await coraTerminals()).toEqual(kept);
    // Her existing terminals keep reporting; once one has synced, a new till takes its place.
    expect((await beat(cora.cookie, String(kept[0]), 0)).statusCode).toBe(204);
    expect((await beat(cora.cookie, randomUUID(), 0)).statusCode).toBe(204);
    const after = await coraTerminals();
    expect(after).toHaveLength(MAX_TERMINALS_PER_USER);
    expect(after).not.toContain(kept[0]);
  });
});
