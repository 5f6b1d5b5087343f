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
