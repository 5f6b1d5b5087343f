import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

/** Issue #20 item 2: liveness answers while the process serves; readiness needs the database and every migration. */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close().catch(() => {});
});

async function app(): Promise<TestApp> {
  const t = await buildTestApp();
  apps.push(t);
  return t;
}

describe('GET /api/health (liveness) and GET /api/health/ready (readiness)', () => {
  it('on a migrated, reachable database both answer 200', async () => {
    const t = await app();
    const live = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      database: 'connected',
      migrations: 'current',
    });
  });

  it('a pending migration makes readiness 503 (liveness stays 200)', async () => {
    const t = await app();
    await t.db.execute(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'connected', migrations: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('an unreachable database makes readiness 503 while liveness stays 200', async () => {
    const t = await app();
    await t.db.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'disconnected' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
