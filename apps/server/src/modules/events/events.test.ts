import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { createEventBus } from './event-bus';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Reads the SSE stream until `predicate` matches the text received so far. */
async function readUntil(body: ReadableStream<Uint8Array>, predicate: (text: string) => boolean): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 5000;
  while (!predicate(text)) {
    if (Date.now() > deadline) throw new Error(`timed out; received: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}

describe('live updates', () => {
  it('a signed-in terminal receives a published sale event on /api/events', async () => {
    t = await buildTestApp();
    await createUser(t, { role: 'cashier', pin: '2915' });
    const cookie = await signIn(t, '2915');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/events`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reading = readUntil(response.body!, (text) => text.includes('sale.recorded'));
    await new Promise((r) => setTimeout(r, 100));
    await t.app.events.publish('sale.recorded', ['abc']);
    const text = await reading;
    const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes('sale.recorded'));
    expect(JSON.parse(line!.slice(6))).toMatchObject({ type: 'sale.recorded', ids: ['abc'] });
  });

  it('each role receives only the events of data it may read: no expense or staff events for a cashier', async () => {
    t = await buildTestApp();
    await createUser(t, { role: 'cashier', pin: '2915' });
    await createUser(t, { role: 'manager', pin: '4826' });
    const cashier = await signIn(t, '2915', '10.8.0.1');
    const manager = await signIn(t, '4826', '10.8.0.2');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (cookie: string) => (await fetch(`${address}/api/events`, { headers: { cookie } })).body!;
    const asCashier = readUntil(await open(cashier), (text) => text.includes('shift.changed'));
    const asManager = readUntil(await open(manager), (text) => text.includes('shift.changed'));
    await new Promise((r) => setTimeout(r, 100));
    // Published in this order; every stream sees its events in order, so shift.changed comes last.
    await t.app.events.publish('expense.changed', ['e1']);
    await t.app.events.publish('user.changed', ['u1']);
    await t.app.events.publish('department.changed', ['d1']);
    await t.app.events.publish('sale.recorded', ['s1']);
    await t.app.events.publish('shift.changed', ['1']);
    const typesIn = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)).type);
    expect(typesIn(await asCashier)).toEqual(['sale.recorded', 'shift.changed']);
    expect(typesIn(await asManager)).toEqual([
      'expense.changed',
      'user.changed',
      'department.changed',
      'sale.recorded',
      'shift.changed',
    ]);
  });

  it('the event stream refuses a visitor without a session', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL an event published by one instance reaches the listeners of another (LISTEN/NOTIFY)',
    async () => {
      t = await buildTestApp();
      const url = t.db.url as string;
      const silent = t.app.log;
      const busA = createEventBus(t.db, url, silent);
      const busB = createEventBus(t.db, url, silent);
      try {
        const received = new Promise((resolve) => busB.subscribe(resolve));
        // Give both LISTEN connections a moment to be established.
        await new Promise((r) => setTimeout(r, 500));
        await busA.publish('stock.changed', ['p1']);
        await expect(received).resolves.toMatchObject({ type: 'stock.changed', ids: ['p1'] });
      } finally {
        await busA.close();
        await busB.close();
      }
    },
  );
});
