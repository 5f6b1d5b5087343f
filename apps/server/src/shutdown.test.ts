import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../test/test-db';
import { freePort } from './lib/free-port';

/**
 * Issue #20 item 6: SIGTERM ended the process only once every browser holding an /api/events
 * stream went away. The real server (server.ts, as `npm start` runs it) is started, a signed-in
 * client holds a stream open, and SIGTERM must end the process within 10 s with exit code 0,
 * after the stream got a retry hint.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let child: ChildProcess | null = null;
let dataDir = '';
let db: TestDatabase | null = null;
let output = '';
let port = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-shutdown-'));
  port = await freePort();
  // On PostgreSQL a migrated database of its own (the live updates then go through LISTEN/NOTIFY);
  // otherwise the in-process PGlite in a fresh folder.
  if (process.env.TEST_DATABASE_URL) db = await createTestDb();
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      EMBEDDED_DATABASE: 'pglite',
      DATABASE_URL: db?.url ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become ready:\n${output}`);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await db?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('SIGTERM with an /api/events stream open: the stream gets a retry hint and the process exits 0 within 10 s', async () => {
    const pin = /super_admin PIN is (\d+)/.exec(output)?.[1];
    expect(pin, output).toBeTruthy();
    const signIn = await fetch(`http://127.0.0.1:${port}/auth/pin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pin }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] as string)
      .join('; ');

    // A browser's EventSource: one long-lived keep-alive request.
    let received = '';
    const streamEnded = new Promise<void>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie, accept: 'text/event-stream' } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.on('data', (chunk) => {
            received += String(chunk);
          });
          response.on('end', resolve);
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    for (let i = 0; i < 100 && !received.includes('connected'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toContain(': connected');

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000)),
    ]);

    // Exit code 0 is the 10 s bound: the server's own hard stop (SHUTDOWN_LIMIT_MS, server.ts) exits
    // with 1 when the shutdown has not finished by then. No wall-clock assertion here (issue #31: a
    // loaded machine stretches the signal's delivery and the process's exit, not the server's work).
    expect(code, output).toBe(0);
    await streamEnded;
    expect(received).toMatch(/retry: \d+\n: server shutting down/);
    expect(output).toContain('"msg":"stopped"');
  }, 30_000);
});
