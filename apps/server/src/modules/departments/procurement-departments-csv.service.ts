import type { Readable } from 'node:stream';
import type { ImportRowStatus, ProcDepartmentImportResult } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { type CsvColumn, csvStream, readCsvImport } from '../../lib/csv';
import { runKeyedImport, yieldToEventLoop } from '../../lib/csv-import';
import { pgErrorCode } from '../../lib/db-errors';
import { badRequest } from '../../lib/errors';
import { storeToday } from '../../lib/sales-range';
import {
  findProcDepartmentsByCodes,
  insertProcDepartment,
  isSelfOrBelow,
  type ProcDepartmentRow,
  procDepartmentsAfter,
  updateProcDepartment,
} from './departments.repository';
import { clashOf, type DepartmentDeps, procDepartmentBodySchema } from './procurement-departments.service';

/** The procurement department CSV columns, in order (export writes them; import reads them by name). */
export const PROC_DEPARTMENT_CSV_COLUMNS = [
  'code',
  'name',
  'description',
  'parentCode',
  'status',
  'createdAt',
] as const;

type ExportRow = ProcDepartmentRow & { parentCode: string | null };

const COLUMNS: Record<(typeof PROC_DEPARTMENT_CSV_COLUMNS)[number], (row: ExportRow) => unknown> = {
  code: (r) => r.code,
  name: (r) => r.name,
  description: (r) => r.description,
  parentCode: (r) => r.parentCode,
  status: (r) => (r.isArchived ? 'archived' : 'active'),
  createdAt: (r) => r.createdAt.toISOString(),
};

const csvColumns: CsvColumn<ExportRow>[] = PROC_DEPARTMENT_CSV_COLUMNS.map((header) => ({
  header,
  value: COLUMNS[header],
}));

const PAGE_SIZE = 1000;

async function* everyDepartment(db: DbOrTx): AsyncGenerator<ExportRow> {
  let after: { code: string; id: string } | null = null;
  while (true) {
    const page = await procDepartmentsAfter(db, after, PAGE_SIZE);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { code: last.code, id: last.id };
  }
}

/** GET /api/procurement/departments/export.csv: every department by code, streamed, formula-escaped. */
export function exportProcDepartmentsCsv(deps: DepartmentDeps): Readable {
  return csvStream(csvColumns, everyDepartment(deps.database.db));
}

/** procurement-departments-YYYY-MM-DD.csv, dated in the store's time zone. */
export function procDepartmentsExportFileName(timeZone: string, now = new Date()): string {
  return `procurement-departments-${storeToday(timeZone, now)}.csv`;
}

export const MAX_IMPORT_ROWS = 10_000;

type RowOutcome = { status: ImportRowStatus; reason?: string; id?: string };

type ImportContext = {
  cell: (record: Record<string, string>, column: string) => string | undefined;
  /** Departments by upper-cased code: the stored ones, then those the file creates. */
  byCode: Map<string, ProcDepartmentRow>;
};

const invalidCsv = (message: string) => badRequest('procurement.invalid_csv', message);

/**
 * POST /api/procurement/departments/import. Rows are matched to departments by code (compared
 * upper-cased): an unknown code is created, a known one updated. Columns code and name are
 * required; description, parentCode (a code stored or created by an earlier row; empty = root)
 * and status (active or archived) are read when present, and an absent column keeps the stored
 * value. Each row is validated like the form (code ≤ 50, name ≤ 255, both unique) and written in
 * its own savepoint, so a refused row changes nothing; the rest commits in chunks as the file goes
 * (runKeyedImport).
 */
export async function importProcDepartmentsCsv(
  deps: DepartmentDeps,
  text: string,
): Promise<ProcDepartmentImportResult> {
  const file = await readCsvImport(text, {
    rowNoun: 'department',
    required: ['code', 'name'],
    maxRows: MAX_IMPORT_ROWS,
    invalid: invalidCsv,
  });
  const { records } = file;
  const cell = (record: Record<string, string>, column: string): string | undefined =>
    file.cell(record, column)?.trim();

  const { db } = deps.database;
  const codes = [
    ...new Set(records.flatMap((r) => [cell(r, 'code'), cell(r, 'parentCode')]).filter((c): c is string => Boolean(c))),
  ];
  const context: ImportContext = { cell, byCode: new Map() };
  for (let i = 0; i < codes.length; i += 250) {
    for (const department of await findProcDepartmentsByCodes(db, codes.slice(i, i + 250))) {
      context.byCode.set(department.code.toUpperCase(), department);
    }
    await yieldToEventLoop();
  }

  const result: ProcDepartmentImportResult = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: [] };
  const changedIds: string[] = [];
  try {
    await runKeyedImport({
      db,
      records,
      keyOf: (record) => (cell(record, 'code') ?? '').toUpperCase(),
      missingKey: 'Code is required',
      duplicateKey: (code, firstRow) => `Code "${code}" appears more than once in the file (first at row ${firstRow}).`,
      importRow: (tx, record, code) => importRow(tx, context, record, code),
      onRow: (row, code, outcome: RowOutcome) => {
        result[outcome.status] += 1;
        result.rows.push({ row, code, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) });
        if (outcome.id) changedIds.push(outcome.id);
      },
    });
  } finally {
    if (changedIds.length > 0) await deps.events.publish('department.changed', changedIds.slice(0, 100));
  }
  return result;
}

async function importRow(
  tx: DbOrTx,
  context: ImportContext,
  record: Record<string, string>,
  code: string,
): Promise<RowOutcome> {
  const existing = context.byCode.get(code);
  const parsed = procDepartmentBodySchema.safeParse({ code, name: context.cell(record, 'name') ?? '' });
  if (!parsed.success) {
    return { status: 'refused', reason: [...new Set(parsed.error.issues.map((i) => i.message))].join('; ') };
  }
  const body = parsed.data;

  const descriptionCell = context.cell(record, 'description');
  const description = descriptionCell === undefined ? (existing?.description ?? null) : descriptionCell || null;

  let parentId = existing?.parentId ?? null;
  const parentCode = context.cell(record, 'parentCode');
  if (parentCode !== undefined) {
    if (parentCode === '') parentId = null;
    else {
      const parent = context.byCode.get(parentCode.toUpperCase());
      if (!parent) return { status: 'refused', reason: `Parent department "${parentCode}" does not exist.` };
      if (parent.code.toUpperCase() === code)
        return { status: 'refused', reason: 'A department cannot be its own parent.' };
      if (existing && (await isSelfOrBelow(tx, parent.id, existing.id))) {
        return {
          status: 'refused',
          reason: `Department "${parent.code}" is below "${code}" and cannot be its parent.`,
        };
      }
      parentId = parent.id;
    }
  }

  let isArchived = existing?.isArchived ?? false;
  const statusCell = context.cell(record, 'status');
  if (statusCell) {
    const status = statusCell.toLowerCase();
    if (status !== 'active' && status !== 'archived') {
      return { status: 'refused', reason: 'Status must be active or archived' };
    }
    isArchived = status === 'archived';
  }

  if (
    existing &&
    existing.name === body.name &&
    existing.description === description &&
    existing.parentId === parentId &&
    existing.isArchived === isArchived
  ) {
    return { status: 'unchanged' };
  }

  try {
    return await tx.transaction(async (savepoint) => {
      const clash = await clashOf(savepoint, body, existing?.id ?? null);
      if (clash) return { status: 'refused' as const, reason: clash.message };
      const values = { code: existing?.code ?? body.code, name: body.name, description, parentId, isArchived };
      if (existing) {
        await updateProcDepartment(savepoint, existing.id, values);
        context.byCode.set(code, { ...existing, ...values });
        return { status: 'updated' as const, id: existing.id };
      }
      const id = await insertProcDepartment(savepoint, values);
      context.byCode.set(code, { id, ...values, createdAt: new Date() });
      return { status: 'created' as const, id };
    });
  } catch (error) {
    const pgCode = pgErrorCode(error);
    // Integrity refusals (class 23) belong to the row; anything else (a lost connection) fails the file.
    if (pgCode?.startsWith('23')) {
      return { status: 'refused', reason: `Refused by the database (${pgCode}).` };
    }
    throw error;
  }
}
