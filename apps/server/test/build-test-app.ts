import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@retail-hub/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config/config';
import { users } from '../src/db/schema/index';
import { LOG_REDACT_PATHS } from '../src/lib/log-redaction';
import { hashPin } from '../src/lib/pin-hash';
import { auditStock } from '../src/modules/stock/stock-audit.repository';
import { createTestDb, type TestDatabase } from './test-db';

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
  db: TestDatabase;
  config: Config;
  close: () => Promise<void>;
  /**
   * Issue #32 item 5: `close()` runs the stock self-audit (`auditStock`, what `npm run audit:stock`
   * runs) on the database before it is dropped, and fails the file when a quantity disagrees with
   * its ledger or a ledger row names a missing document. Only a test that alters the ledger by hand
   * on purpose (the audit's own test) sets this false; unset means true.
   */
  auditStockOnClose?: boolean;
};

/**
 * Issue #32 item 5: every API test database ends with `npm run audit:stock`'s audit, on PGlite and
 * on PostgreSQL, so every stock movement the API suite makes is checked against the one ledger.
 */
async function auditBeforeDrop(db: TestDatabase): Promise<void> {
  const { disagreements } = await auditStock(db.db);
  if (disagreements.length === 0) return;
  const lines = disagreements.map((d) => `  ${d.kind}: ${d.subject}: ${d.actual} (ledger/document: ${d.expected})`);
  throw new Error(`audit:stock on the test database: ${disagreements.length} disagree\n${lines.join('\n')}`);
}

/** A fresh app on a fresh migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDb();
  return appOn(db, overrides, () => db.cleanup());
}

async function appOn(db: TestDatabase, overrides: Partial<Config>, afterClose: () => Promise<void>): Promise<TestApp> {
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
      try {
        if (testApp.auditStockOnClose !== false) await auditBeforeDrop(db);
      } finally {
        await afterClose();
      }
    },
  };
  return testApp;
}

/**
 * One database for a file whose every test wants an empty one (issue #31: a database per test
 * cost ~1.4 s of the ~2.4 s each test of auth.routes.test.ts took). `fresh()` empties every table
 * the migrations left empty (TRUNCATE … RESTART IDENTITY; the rows migrations seed stay) and
 * builds a new app on it, so a test starts as on a new database; that app's `close()` leaves the
 * database open. `close()` ends the database. Call `fresh()` in beforeEach, `close()` in afterAll.
 */
export async function sharedTestDatabase(overrides: Partial<Config> = {}) {
  const db = await createTestDb();
  const tables = await db.execute(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const empty: string[] = [];
  for (const { name } of tables.rows as Array<{ name: string }>) {
    const rows = await db.execute(`select exists (select 1 from ${name}) as any`);
    if (!(rows.rows[0] as { any: boolean }).any) empty.push(name);
  }
  // A table a kept (non-empty) table references cannot be truncated (the default store references
  // proc_locations): such tables are emptied with DELETE instead, after the truncate.
  const references = (
    await db.execute(
      `select format('%I.%I', n1.nspname, c1.relname) as "from", format('%I.%I', n2.nspname, c2.relname) as "to"
         from pg_constraint k
         join pg_class c1 on c1.oid = k.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
         join pg_class c2 on c2.oid = k.confrelid join pg_namespace n2 on n2.oid = c2.relnamespace
        where k.contype = 'f' and n1.nspname = 'public'`,
    )
  ).rows as Array<{ from: string; to: string }>;
  const deleted = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const { from, to } of references) {
      const fromKept = !empty.includes(from) || deleted.has(from);
      if (fromKept && from !== to && empty.includes(to) && !deleted.has(to)) {
        deleted.add(to);
        changed = true;
      }
    }
  }
  const truncated = empty.filter((name) => !deleted.has(name));
  let open: TestApp | null = null;
  const closeApp = async () => {
    const app = open;
    open = null;
    if (app) await app.app.close();
    // Issue #32 item 5: the previous test's stock agrees with its ledger before it is emptied.
    if (app && app.auditStockOnClose !== false) await auditBeforeDrop(db);
  };
  return {
    async fresh(): Promise<TestApp> {
      await closeApp();
      await db.execute(`truncate ${truncated.join(', ')} restart identity`);
      for (const name of deleted) await db.execute(`delete from ${name}`);
      open = await appOn(db, overrides, async () => {});
      const testApp = open;
      // The test's close() closes its app (a test may have swapped in a restarted one) once.
      testApp.close = async () => {
        if (open === testApp) await closeApp();
      };
      return testApp;
    },
    async close(): Promise<void> {
      try {
        await closeApp();
      } finally {
        await db.cleanup();
      }
    },
  };
}

export type SharedTestDatabase = Awaited<ReturnType<typeof sharedTestDatabase>>;

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
