import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../../../test/test-db';
import { type Database, openDatabase } from '../../db/client';
import { documentNumber, nextNumber, nextYearDocument, storeYear, yearSequence, zReportSequence } from './index';

/**
 * Issue #33 item 1, ADR 0026: one generator for every gap-free sequence, one counter table, and
 * no other module writing it.
 */

class Rollback extends Error {}

async function lastValue(db: Database['db'], name: string): Promise<number | null> {
  const result = (await db.execute(sql`select last_value from document_counters where name = ${name}`)) as unknown as
    | { rows?: { last_value: number }[] }
    | { last_value: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return rows[0] ? Number(rows[0].last_value) : null;
}

describe('the document-number service', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('formats KIND-YYYY-NNNNN and names one counter row per sequence', () => {
    expect(documentNumber('REQ', 2026, 42)).toBe('REQ-2026-00042');
    expect(documentNumber('PO', 2026, 123_456)).toBe('PO-2026-123456');
    expect(yearSequence('GRN', 2027)).toBe('GRN:2027');
    expect(zReportSequence('0191a7c4-0000-7000-8000-000000000001')).toBe(
      'z_report:0191a7c4-0000-7000-8000-000000000001',
    );
    // The store's calendar year: 23:30 UTC on 31 December is already next year in Auckland.
    const newYearsEve = new Date('2026-12-31T23:30:00Z');
    expect(storeYear('UTC', newYearsEve)).toBe(2026);
    expect(storeYear('Pacific/Auckland', newYearsEve)).toBe(2027);
  });

  it('counts from 1 per sequence, and a rolled-back document gives its number back', async () => {
    const { db } = t;
    expect(await db.transaction((tx) => nextYearDocument(tx, 'JOB', 2031))).toBe('JOB-2031-00001');
    expect(await db.transaction((tx) => nextYearDocument(tx, 'JOB', 2031))).toBe('JOB-2031-00002');
    // Another kind, another year, a Z sequence: each its own row, from 1.
    expect(await db.transaction((tx) => nextYearDocument(tx, 'DN', 2031))).toBe('DN-2031-00001');
    expect(await db.transaction((tx) => nextYearDocument(tx, 'JOB', 2032))).toBe('JOB-2032-00001');
    const store = 'z-test-store';
    expect(await db.transaction((tx) => nextNumber(tx, zReportSequence(store)))).toBe(1);

    await expect(
      db.transaction(async (tx) => {
        expect(await nextYearDocument(tx, 'JOB', 2031)).toBe('JOB-2031-00003');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await lastValue(db, 'JOB:2031')).toBe(2);
    expect(await db.transaction((tx) => nextYearDocument(tx, 'JOB', 2031))).toBe('JOB-2031-00003');
  });

  it('no module but numbering writes document_counters (schema and tests aside)', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !/test/.test(entry.name)) {
          const relative = path.relative(src, file).split(path.sep).join('/');
          if (relative.startsWith('modules/numbering/') || relative.startsWith('db/schema/')) continue;
          if (/document_counters|documentCounters/.test(readFileSync(file, 'utf8'))) offenders.push(relative);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});

const CALLERS = 24;

// PGlite is one connection that runs statements one after another, so only a server shows races.
describe.skipIf(!process.env.TEST_DATABASE_URL)('one sequence under concurrency on PostgreSQL', () => {
  let t: TestDatabase;
  let wide: Database;
  beforeAll(async () => {
    t = await createTestDb();
    // One connection per caller, so all of them are in flight at once (the test pool has 5).
    wide = await openDatabase({ kind: 'postgres', url: t.url as string, poolSize: CALLERS });
  });
  afterAll(async () => {
    await wide?.close();
    await t?.cleanup();
  });

  it(`${CALLERS} callers at once, every fourth rolled back: the committed numbers are 1…n, no gap, no repeat`, async () => {
    const outcomes = await Promise.all(
      Array.from({ length: CALLERS }, (_, i) =>
        wide.db
          .transaction(async (tx) => {
            const number = await nextYearDocument(tx, 'PO', 2030);
            // Hold the row a moment, as a document's other writes would, so the others queue on it.
            await tx.execute(sql`select pg_sleep(0.01)`);
            if (i % 4 === 3) throw new Rollback();
            return number;
          })
          .catch((error: unknown) => {
            if (error instanceof Rollback) return null;
            throw error;
          }),
      ),
    );
    const committed = outcomes.filter((n): n is string => n !== null).sort();
    const expected = Array.from({ length: CALLERS - CALLERS / 4 }, (_, i) => documentNumber('PO', 2030, i + 1));
    expect(committed).toEqual(expected);
    expect(await lastValue(wide.db, 'PO:2030')).toBe(expected.length);
  });
});
