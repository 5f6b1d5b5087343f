import { ROLES, type Role } from '@retail-hub/shared';
import type { Database } from '../../src/db/client';
import { createUser, signIn, type TestApp } from '../build-test-app';

/** One PIN per role (the demo PINs), none of them trivial. */
export const ROLE_PINS: Record<Role, string> = {
  cashier: '2915',
  manager: '4826',
  department_manager: '5174',
  procurement_admin: '6048',
  super_admin: '7391',
};

/** A syntactically valid id that names nothing. */
export const DUMMY_UUID = '00000000-0000-4000-8000-000000000000';

/** Replaces :params with a dummy uuid (or the given value) and a trailing wildcard with a name. */
export function concreteUrl(url: string, param: string = DUMMY_UUID): string {
  return url.replace(/:[A-Za-z]+/g, param).replace(/\*$/, 'x');
}

/** One user per role with the role's PIN, signed in from its own address. */
export async function usersForEveryRole(
  t: TestApp,
): Promise<{ ids: Record<Role, string>; cookies: Record<Role, string> }> {
  const ids = {} as Record<Role, string>;
  const cookies = {} as Record<Role, string>;
  for (const [index, role] of ROLES.entries()) {
    ids[role] = await createUser(t, { role, pin: ROLE_PINS[role], firstName: `Sec ${role}` });
    cookies[role] = await signIn(t, ROLE_PINS[role], `10.77.0.${index + 1}`);
  }
  return { ids, cookies };
}

/**
 * Tables that legitimately change on any request (session touch, activity log, throttle
 * counters), the server's own key material made once on first need (approval_sealing_keys: the
 * offline-approval key pair, created by whichever request first asks for the public key, ADR 0014),
 * or belong to the migration tool; everything else is business data.
 */
export const VOLATILE_TABLES = new Set([
  'sessions',
  'user_activity',
  'auth_throttle',
  'approval_sealing_keys',
  '__drizzle_migrations',
]);

export async function businessTables(database: Database): Promise<string[]> {
  const { rows } = await database.execute(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => String(r.tablename)).filter((name) => !VOLATILE_TABLES.has(name));
}

/**
 * A cheap fingerprint of every business table: row count and an md5 over the rows' text, in one
 * statement. Two equal fingerprints mean nothing was written.
 */
export async function fingerprint(database: Database, tables: string[]): Promise<Record<string, string>> {
  const sqlText = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as print from "${name}" t`,
    )
    .join(' union all ');
  const { rows } = await database.execute(sqlText);
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.print)]));
}

/** Every text-like value of every column of every table (public schema), as `table.column: value`. */
export async function everyStoredText(database: Database): Promise<string[]> {
  const { rows: tables } = await database.execute(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations'`,
  );
  const out: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await database.execute(`select row_to_json(t)::text as j from "${String(tablename)}" t`);
    for (const row of rows) {
      const record = JSON.parse(String(row.j)) as Record<string, unknown>;
      for (const [column, value] of Object.entries(record)) {
        if (value === null) continue;
        out.push(`${String(tablename)}.${column}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
      }
    }
  }
  return out;
}

/**
 * True when `needle` (a PIN) appears in `text` as a value of its own: not inside a longer run of
 * digits or hex, nor as a uuid group or a time (timestamps, hashes, uuids contain every 4-digit
 * run sooner or later).
 */
export function containsStandalone(text: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^0-9A-Za-z:.-])${escaped}([^0-9A-Za-z:.-]|$)`).test(text);
}
