import { describe, expect, test } from 'vitest';
import { bumpSalesRevision, salesRevision } from '../modules/analytics/analytics.repository';
import { nextNumber, nextYearDocument, type YearDocumentKind, zReportSequence } from '../modules/numbering/index';
import { MIGRATIONS_FOLDER } from './migrate';
import { migrate, migrationDatabases, rows, script } from './migration-test-support';

/**
 * Issue #33 item 1 / ADR 0026: migration 0026 folds proc_document_counters into document_counters
 * and moves the sales revision to cache_versions. A database of the previous version (migrations
 * up to 0025) with numbers already issued continues every sequence after the upgrade: the next
 * number follows the last one issued (no reuse, no gap), and the sales revision keeps its value.
 */

const databases = migrationDatabases();

describe('migration 0026 (one table of document numbers)', () => {
  test('every sequence continues after the upgrade, and the sales revision keeps its value', async () => {
    const database = await databases.at(25);

    // Numbers issued before the upgrade, in the previous version's two tables.
    await script(
      database,
      `insert into stores (id, name, code) values ('00000000-0000-4000-8000-0000000000a2', 'Library Café', 'LIB');
       update document_counters set last_value = 7 where name = 'z_report:' || default_store_id()::text;
       insert into document_counters (name, last_value) values
         ('z_report:00000000-0000-4000-8000-0000000000a2', 3),
         ('sales_revision', 12);
       insert into proc_document_counters (kind, year, last_value) values
         ('REQ', 2025, 31), ('REQ', 2026, 4), ('PO', 2026, 9), ('GRN', 2026, 2),
         ('JOB', 2026, 15), ('DN', 2026, 3), ('AST', 2026, 120);`,
    );
    const [main] = await rows<{ id: string }>(database, `select default_store_id()::text as id`);
    const mainStore = main?.id as string;
    expect(
      await rows(database, `select last_value from document_counters where name = 'z_report:${mainStore}'`),
    ).toEqual([{ last_value: 7 }]);

    await migrate(database, MIGRATIONS_FOLDER);

    // One table: every document number is a row of document_counters, and nothing else is.
    expect(await rows(database, `select to_regclass('proc_document_counters') is null as gone`)).toEqual([
      { gone: true },
    ]);
    const counters = await rows<{ name: string; last_value: number }>(
      database,
      `select name, last_value from document_counters order by name`,
    );
    expect(counters).toEqual(
      [
        { name: 'AST:2026', last_value: 120 },
        { name: 'DN:2026', last_value: 3 },
        { name: 'GRN:2026', last_value: 2 },
        { name: 'JOB:2026', last_value: 15 },
        { name: 'PO:2026', last_value: 9 },
        { name: 'REQ:2025', last_value: 31 },
        { name: 'REQ:2026', last_value: 4 },
        { name: 'z_report:00000000-0000-4000-8000-0000000000a2', last_value: 3 },
        { name: `z_report:${mainStore}`, last_value: 7 },
      ].sort((a, b) => (a.name < b.name ? -1 : 1)),
    );

    // The next number of each sequence follows the last one issued before the upgrade.
    const { db } = database;
    const next = (kind: YearDocumentKind, year: number) => db.transaction((tx) => nextYearDocument(tx, kind, year));
    expect(await next('REQ', 2026)).toBe('REQ-2026-00005');
    expect(await next('REQ', 2025)).toBe('REQ-2025-00032');
    expect(await next('PO', 2026)).toBe('PO-2026-00010');
    expect(await next('GRN', 2026)).toBe('GRN-2026-00003');
    expect(await next('JOB', 2026)).toBe('JOB-2026-00016');
    expect(await next('DN', 2026)).toBe('DN-2026-00004');
    expect(await next('AST', 2026)).toBe('AST-2026-00121');
    expect(await next('REQ', 2027)).toBe('REQ-2027-00001');
    expect(await db.transaction((tx) => nextNumber(tx, zReportSequence(mainStore)))).toBe(8);
    expect(await db.transaction((tx) => nextNumber(tx, zReportSequence('00000000-0000-4000-8000-0000000000a2')))).toBe(
      4,
    );

    // The sales revision (a cache version, not a document number) kept its value in its own table.
    expect(await salesRevision(db)).toBe(12);
    await db.transaction((tx) => bumpSalesRevision(tx));
    expect(await salesRevision(db)).toBe(13);
    expect(await rows(database, `select name, version from cache_versions`)).toEqual([
      { name: 'sales_revision', version: 13 },
    ]);
  });
});
