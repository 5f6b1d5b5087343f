import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db';
import { buildApp } from './app';
import { testConfig } from './config/config';

/**
 * Issue #13 item 21: `npm start` printed a JSON line for every request (6,400 in 35 minutes).
 * Request lines are off unless LOG_REQUESTS=true; warnings and errors are logged either way.
 */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function appLogging(logRequests: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const db = await createTestDb();
  const app = await buildApp({ config: testConfig({ logRequests }), database: db, logger: { level: 'info', stream } });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await db.cleanup();
  });
  return { app, lines };
}

describe('request logging', () => {
  it('is off by default: a request writes no log line', async () => {
    const { app, lines } = await appLogging(false);
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines.filter((line) => /incoming request|request completed/.test(line))).toEqual([]);
    app.log.warn('disk nearly full');
    expect(lines.some((line) => line.includes('disk nearly full'))).toBe(true);
  });

  it('with LOG_REQUESTS=true each request gets its incoming and completed lines', async () => {
    const { app, lines } = await appLogging(true);
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(lines.filter((line) => line.includes('incoming request'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(1);
  });
});

describe('request ids (issue #20 item 5)', () => {
  it('every answer carries X-Request-Id; a 500 returns the same id in its body and the error line carries it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await createTestDb();
    const app = await buildApp({ config: testConfig(), database: db, logger: { level: 'info', stream } });
    app.get('/api/test-failure', { config: { permission: 'public' } }, async () => {
      throw new Error('something broke');
    });
    await app.ready();
    closers.push(async () => {
      await app.close();
      await db.cleanup();
    });

    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);

    const failed = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(failed.statusCode).toBe(500);
    const id = failed.headers['x-request-id'];
    expect(failed.json()).toEqual({ message: 'Internal Server Error', code: 'internal', requestId: id });
    const errorLine = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(errorLine).toMatchObject({ reqId: id, level: 50 });
    expect(errorLine.err.message).toBe('something broke');
  });

  it('a forwarded X-Request-Id is used only behind a trusted proxy', async () => {
    const direct = await appLogging(false);
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'haproxy-0123456789' },
    });
    expect(spoofed.headers['x-request-id']).not.toBe('haproxy-0123456789');

    const db = await createTestDb();
    const proxied = await buildApp({ config: testConfig({ trustProxy: true }), database: db });
    closers.push(async () => {
      await proxied.close();
      await db.cleanup();
    });
    const forwarded = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'haproxy-0123456789' },
    });
    expect(forwarded.headers['x-request-id']).toBe('haproxy-0123456789');
    const junk = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\n' } });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/);
  });
});
