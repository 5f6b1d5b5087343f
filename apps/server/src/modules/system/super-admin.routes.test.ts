import { totalmem } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivity } from '../../db/schema/index';
import {
  addPerson,
  buildStore,
  call,
  expectNoCredential,
  freshAddress,
  type Store,
  signInAs,
} from '../users/users.test-support';
import { cgroupMemoryLimit } from './memory';

/** spec §7 Developer dashboard: stats, activity, users (health has its own shape test in the permission matrix). */

let store: Store;
let admin: string;
beforeAll(async () => {
  store = await buildStore();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  // Two days ago: counted nowhere in the 24-hour figures.
  await store.t.db.db.insert(userActivity).values([
    { userId: store.ids.cashier, activityType: 'login', timestamp: hoursAgo(48) },
    { userId: store.ids.deptManager, activityType: 'sale', timestamp: hoursAgo(30) },
  ]);
  // Today: the admin twice, the cashier once, one failed PIN from nobody.
  admin = await signInAs(store, 'admin');
  await signInAs(store, 'admin');
  await signInAs(store, 'cashier');
  await store.t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload: { pin: '0001' },
    remoteAddress: freshAddress(),
  });
});
afterAll(async () => {
  await store.t.close();
});

describe('developer dashboard', () => {
  it('stats count users, distinct active users and sign-ins of the last 24 hours, with a breakdown by type', async () => {
    const response = await call(store, admin, 'GET', '/api/super-admin/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalUsers: 6,
      activeUsers24h: 2,
      totalLogins24h: 3,
      activityBreakdown: [
        { activityType: 'login', count: 3 },
        { activityType: 'login_failed', count: 1 },
      ],
    });
  });

  it('an administrative change shows up in the stats and at the top of the activity feed, saying to whom', async () => {
    const person = await addPerson(store, 'cashier');
    await call(store, admin, 'PUT', `/api/users/${person.id}/role`, { role: 'manager' });
    const stats = (await call(store, admin, 'GET', '/api/super-admin/stats')).json();
    expect(stats.totalUsers).toBe(7);
    expect(stats.activityBreakdown).toContainEqual({ activityType: 'role_changed', count: 1 });

    const feed = await call(store, admin, 'GET', '/api/super-admin/activity');
    expect(feed.statusCode).toBe(200);
    const [latest] = feed.json();
    expect(latest).toEqual({
      id: expect.any(String),
      activityType: 'role_changed',
      ipAddress: '10.200.0.1',
      timestamp: expect.any(String),
      summary: `${person.name}: Cashier → Manager`,
      user: { firstName: 'Sam', lastName: 'Admin', role: 'super_admin' },
    });
  });

  it('the feed is newest first, at most 100, with a null user for a failed PIN', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      userId: null,
      activityType: 'login_failed',
      timestamp: new Date(Date.now() - 3_600_000 - i * 1000),
    }));
    await store.t.db.db.insert(userActivity).values(rows);
    const feed = (await call(store, admin, 'GET', '/api/super-admin/activity')).json() as Array<{
      timestamp: string;
      user: unknown;
      activityType: string;
    }>;
    expect(feed).toHaveLength(100);
    const times = feed.map((row) => Date.parse(row.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(feed.find((row) => row.activityType === 'login_failed')?.user).toBeNull();
  });

  it('the feed filters by activity type (issue #15 item 9) and refuses a type that cannot be one', async () => {
    const feed = (await call(store, admin, 'GET', '/api/super-admin/activity?type=login_failed')).json() as Array<{
      activityType: string;
    }>;
    expect(feed.length).toBeGreaterThan(0);
    expect(feed.every((e) => e.activityType === 'login_failed')).toBe(true);
    const sales = (await call(store, admin, 'GET', '/api/super-admin/activity?type=sale')).json() as Array<{
      activityType: string;
    }>;
    expect(sales.map((e) => e.activityType)).toEqual(['sale']);
    expect((await call(store, admin, 'GET', '/api/super-admin/activity?type=nothing_like_this')).json()).toEqual([]);
    expect((await call(store, admin, 'GET', "/api/super-admin/activity?type=x'%20or%201=1")).statusCode).toBe(400);
  });

  it('the read-only user list has the spec fields and no credential', async () => {
    const response = await call(store, admin, 'GET', '/api/super-admin/users');
    expect(response.statusCode).toBe(200);
    expectNoCredential(response.body);
    for (const user of response.json() as Array<Record<string, unknown>>) {
      expect(Object.keys(user).sort()).toEqual(
        ['createdAt', 'department', 'email', 'firstName', 'id', 'isActive', 'lastName', 'role'].sort(),
      );
    }
  });

  it('a manager is refused every developer call', async () => {
    const manager = await signInAs(store, 'manager');
    for (const url of ['stats', 'activity', 'users', 'outbox', 'health']) {
      expect((await call(store, manager, 'GET', `/api/super-admin/${url}`)).statusCode, url).toBe(403);
    }
  });
});

describe('System Health memory (issue #30 item 24)', () => {
  it("is the process's resident memory against the container's limit or the machine's memory, with the heap as a detail", async () => {
    const response = await call(store, admin, 'GET', '/api/super-admin/health');
    expect(response.statusCode).toBe(200);
    const { memory } = response.json() as {
      memory: { used: number; total: number; limit: string; heapUsed: number; heapTotal: number };
    };
    const rss = process.memoryUsage().rss / 1024 / 1024;
    // Before: V8's heap used over heap reserved (tens of MB over a little more).
    expect(Math.abs(memory.used - rss)).toBeLessThan(rss * 0.25);
    const limit = cgroupMemoryLimit();
    const expected = limit !== null && limit < totalmem() ? limit : totalmem();
    expect(memory.total).toBe(Math.round(expected / 1024 / 1024));
    expect(memory.limit).toBe(limit !== null && limit < totalmem() ? 'container' : 'machine');
    expect(memory.heapUsed).toBeGreaterThan(0);
    expect(memory.heapUsed).toBeLessThanOrEqual(memory.heapTotal);
    expect(memory.heapTotal).toBeLessThan(memory.used);
  });
});
