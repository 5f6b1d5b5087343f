import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@retail-hub/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config/config';
import { users } from '../src/db/schema/index';
import { LOG_REDACT_PATHS } from '../src/lib/log-redaction';
import { hashPin } from '../src/lib/pin-hash';
import { createTestDb } from './test-db';

let auditStream: ReturnType<typeof createWriteStream> | null = null;
/**
 * With API_TEST_LOG_DIR set (scripts/test.mjs sets it for the PGlite API pass), every test app
 * logs at debug level, with a line per request, to one file per worker there, with the
 * production redaction; apps/server/test/log-audit.test.ts then greps the whole log for PINs,
 * cookies and secrets (issue #20 item 5).
 */
function auditLogStream() {
  const dir = process.env.API_TEST_LOG_DIR;
  if (!dir) return null;
  if (!auditStream) {
    mkdirSync(dir, { recursive: true });
    auditStream = createWriteStream(path.join(dir, `api-${process.pid}.jsonl`), { flags: 'a' });
  }
  return auditStream;
}

export type TestApp = {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDb>>;
  config: Config;
  close: () => Promise<void>;
};

/** A fresh app on a fresh migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDb();
  const audit = auditLogStream();
  const config = testConfig(audit ? { logRequests: true, ...overrides } : overrides);
  const app = await buildApp({
    config,
    database: db,
    ...(audit ? { logger: { level: 'debug', redact: LOG_REDACT_PATHS, stream: audit } } : {}),
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    db,
    config,
    close: async () => {
      await testApp.app.close();
      await db.cleanup();
    },
  };
  return testApp;
}

/** Inserts a user with a PIN and returns its id. */
export async function createUser(
  t: TestApp,
  user: { role: Role; pin?: string; firstName?: string; lastName?: string; email?: string; isActive?: boolean },
): Promise<string> {
  const [row] = await t.db.db
    .insert(users)
    .values({
      firstName: user.firstName ?? `Test ${user.role}`,
      lastName: user.lastName ?? 'User',
      email: user.email ?? null,
      role: user.role,
      pinHash: user.pin ? hashPin(t.config.pinPepper, user.pin) : null,
      isActive: user.isActive ?? true,
    })
    .returning({ id: users.id });
  return (row as { id: string }).id;
}

/** The session cookie from a response's Set-Cookie, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('rh_session') && c.value);
  if (!cookie) throw new Error(`no session cookie in response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in with a PIN and returns the Cookie header to send on later requests. */
export async function signIn(t: TestApp, pin: string, remoteAddress = '10.0.0.1'): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/auth/pin', payload: { pin }, remoteAddress });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function inject(t: TestApp, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({ ...rest, headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) } });
}
