import { escapeLiteral } from 'pg';
import type { Database } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';

/** A statement of the sale path: constant SQL text with numbered parameters of declared types. */
export type HotStatement = { name: string; text: string; types: readonly string[] };

/**
 * The sale path's statements are constant texts: no query building per sale, and they are
 * parsed and planned once per connection instead of once per sale (planning the sale statement
 * costs more than running it).
 * - PostgreSQL server: named prepared statements of the wire protocol, with bound parameters.
 *   With `preparedStatements` off (DATABASE_PREPARED_STATEMENTS=false, behind a transaction-pooling
 *   PgBouncer that gives each transaction another server connection, ADR 0016) the same text is
 *   sent as the unnamed statement: parsed and planned per sale, but valid on any connection.
 * - PGlite: one session, whose query protocol cannot bind parameters to EXECUTE; the statement is
 *   PREPAREd once and EXECUTEd with literal arguments, each escaped by pg's escapeLiteral (a port
 *   of libpq's PQescapeLiteral) and cast to its declared type.
 */
export async function runHot(
  database: Database,
  statement: HotStatement,
  values: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  if (database.pool) {
    const query = database.preparedStatements
      ? { name: statement.name, text: statement.text, values: [...values] }
      : { text: statement.text, values: [...values] };
    return (await database.pool.query(query)).rows;
  }
  const execute = `execute ${statement.name}(${values.map((v, i) => literal(v, statement.types[i] as string)).join(', ')})`;
  await prepareOnce(database, statement);
  try {
    return (await database.execute(execute, [])).rows;
  } catch (error) {
    // 26000: the session lost the prepared statement (never expected with PGlite): prepare again.
    if (pgErrorCode(error) !== '26000') throw error;
    preparedStatements.get(database)?.delete(statement.name);
    await prepareOnce(database, statement);
    return (await database.execute(execute, [])).rows;
  }
}

const preparedStatements = new WeakMap<Database, Set<string>>();

async function prepareOnce(database: Database, statement: HotStatement): Promise<void> {
  let prepared = preparedStatements.get(database);
  if (!prepared) {
    prepared = new Set();
    preparedStatements.set(database, prepared);
  }
  if (prepared.has(statement.name)) return;
  try {
    await database.execute(`prepare ${statement.name}(${statement.types.join(', ')}) as ${statement.text}`, []);
  } catch (error) {
    // 42P05: already prepared in this session.
    if (pgErrorCode(error) !== '42P05') throw error;
  }
  prepared.add(statement.name);
}

/** A SQL literal of `type` for a value of the sale path (strings, safe integers, null, arrays of them). */
export function literal(value: unknown, type: string): string {
  if (Array.isArray(value)) {
    return value.length === 0 ? `'{}'::${type}` : `array[${value.map((v) => element(v)).join(', ')}]::${type}`;
  }
  return `${element(value)}::${type}`;
}

function element(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return escapeLiteral(value);
  throw new TypeError(`unsupported value for a SQL literal: ${typeof value}`);
}
