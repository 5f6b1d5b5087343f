import type { Readable } from 'node:stream';
import {
  decimalToMilli,
  type ImportRowStatus,
  itemBodySchema,
  locationBodySchema,
  milliToQuantity,
  procCategoryBodySchema,
  procSubcategoryBodySchema,
  supplierBodySchema,
} from '@retail-hub/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type CsvColumn, csvStream, readCsvImport } from '../../lib/csv';
import { runKeyedImport } from '../../lib/csv-import';
import { AppError, badRequest } from '../../lib/errors';
import { storeToday } from '../../lib/sales-range';
import {
  type CategoryCsvRow,
  categoryCsvRows,
  findCategoryByName,
  findDepartmentsByCodes,
  findItemBySku,
  findLocationByCode,
  findPosProductBySku,
  findSubcategoryByName,
  findSupplierByName,
  type ItemRow,
  itemsAfter,
  type LocationRow,
  locationsAfter,
  type SupplierRow,
  suppliersAfter,
  updateCategory,
  updateItem,
  updateLocation,
  updateSubcategory,
  updateSupplier,
} from './masters.repository';
import {
  type StoresDeps,
  writeCategory,
  writeItem,
  writeLocation,
  writeSubcategory,
  writeSupplier,
} from './masters.service';

/**
 * CSV export and import of the purchasing masters (issue #16 item 1), like the catalogue's:
 * export streams every row (formula-escaped); import matches rows by their key (supplier name,
 * location code, item SKU, category name with the subcategory's; compared ignoring case), creates
 * unknown ones and updates known ones.
 * A column left out of the file keeps the stored value. Each row is checked like the form and
 * written in its own savepoint, so a refused row changes nothing and the answer reports every row.
 */

export type MasterKind = 'suppliers' | 'locations' | 'items' | 'categories';

/**
 * Per kind: the column a row is matched by, the columns a file needs, and the field naming each row
 * in the report (the categories' rows are named "Category" or "Category / Subcategory").
 */
export const MASTER_CSV: Record<
  MasterKind,
  { key: string; keyTitle: string; required: string[]; rowNoun: string; reportKey: 'name' | 'code' | 'sku' }
> = {
  suppliers: { key: 'name', keyTitle: 'Name', required: ['name'], rowNoun: 'supplier', reportKey: 'name' },
  locations: { key: 'code', keyTitle: 'Code', required: ['code', 'name'], rowNoun: 'location', reportKey: 'code' },
  items: { key: 'sku', keyTitle: 'SKU', required: ['sku', 'name'], rowNoun: 'item', reportKey: 'sku' },
  categories: {
    key: 'category',
    keyTitle: 'Category',
    required: ['category'],
    rowNoun: 'category',
    reportKey: 'name',
  },
};

const PAGE = 1000;
export const MAX_MASTER_IMPORT_ROWS = 10_000;

const status = (archived: boolean) => (archived ? 'archived' : 'active');
const qty = (value: string) => milliToQuantity(decimalToMilli(value)).replace(/\.?0+$/, '');

const SUPPLIER_COLUMNS: CsvColumn<SupplierRow>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'contactName', value: (r) => r.contactName },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'address', value: (r) => r.address },
  { header: 'notes', value: (r) => r.notes },
  { header: 'status', value: (r) => status(r.isArchived) },
];

const LOCATION_COLUMNS: CsvColumn<LocationRow>[] = [
  { header: 'code', value: (r) => r.code },
  { header: 'name', value: (r) => r.name },
  { header: 'departmentCode', value: (r) => r.departmentCode },
  { header: 'building', value: (r) => r.building },
  { header: 'floor', value: (r) => r.floor },
  { header: 'room', value: (r) => r.room },
  { header: 'isSelling', value: (r) => (r.isSelling ? 'yes' : 'no') },
  { header: 'status', value: (r) => status(r.isArchived) },
];

const ITEM_COLUMNS: CsvColumn<ItemRow>[] = [
  { header: 'sku', value: (r) => r.sku },
  { header: 'name', value: (r) => r.name },
  { header: 'description', value: (r) => r.description },
  { header: 'category', value: (r) => r.categoryName },
  { header: 'subcategory', value: (r) => r.subcategoryName },
  { header: 'departmentCode', value: (r) => r.departmentCode },
  { header: 'uom', value: (r) => r.uom },
  { header: 'barcode', value: (r) => r.barcode },
  { header: 'reorderPoint', value: (r) => qty(r.reorderPoint) },
  { header: 'minReorderQty', value: (r) => qty(r.minReorderQty) },
  { header: 'isAsset', value: (r) => (r.isAsset ? 'yes' : 'no') },
  { header: 'warrantyMonths', value: (r) => r.warrantyMonths },
  { header: 'serviceIntervalDays', value: (r) => r.serviceIntervalDays },
  { header: 'expectedLifespanMonths', value: (r) => r.expectedLifespanMonths },
  { header: 'posProductSku', value: (r) => r.posProductSku },
  { header: 'onHandQty', value: (r) => qty(r.onHandQty) },
  { header: 'status', value: (r) => status(r.isArchived) },
];

const CATEGORY_COLUMNS: CsvColumn<CategoryCsvRow>[] = [
  { header: 'category', value: (r) => r.category },
  { header: 'subcategory', value: (r) => r.subcategory },
  { header: 'description', value: (r) => r.description },
  { header: 'departmentCode', value: (r) => r.departmentCode },
  { header: 'status', value: (r) => status(r.isArchived) },
];

async function* pages<Row>(read: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | null = null;
  while (true) {
    const page = await read(after);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = last;
  }
}

export function exportMastersCsv(deps: StoresDeps, kind: MasterKind): Readable {
  const { db } = deps.database;
  if (kind === 'suppliers') {
    return csvStream(
      SUPPLIER_COLUMNS,
      pages<SupplierRow>((after) => suppliersAfter(db, after?.name ?? null, PAGE)),
    );
  }
  if (kind === 'categories') {
    // A few hundred rows at most: read at once, categories each followed by their subcategories.
    return csvStream(
      CATEGORY_COLUMNS,
      (async function* () {
        yield* await categoryCsvRows(db);
      })(),
    );
  }
  if (kind === 'locations') {
    return csvStream(
      LOCATION_COLUMNS,
      pages<LocationRow>((after) => locationsAfter(db, after?.code ?? null, PAGE)),
    );
  }
  return csvStream(
    ITEM_COLUMNS,
    pages<ItemRow>((after) => itemsAfter(db, after?.sku ?? null, PAGE)),
  );
}

/** e.g. stores-items-2026-11-24.csv, dated in the store's time zone. */
export function mastersExportFileName(kind: MasterKind, timeZone: string, now = new Date()): string {
  return `stores-${kind}-${storeToday(timeZone, now)}.csv`;
}

type Outcome = { status: ImportRowStatus; reason?: string; id?: string };
type ImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  rows: Array<{ row: number; status: ImportRowStatus; reason?: string; key: string }>;
};

const invalidCsv = (message: string) => badRequest('stores.invalid_csv', message);

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

function flag(value: string, column: string): boolean {
  const v = value.toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  throw new RowRefusal(`${column} must be yes or no`);
}

class RowRefusal extends Error {}

function refusalOf(error: unknown): string | null {
  if (error instanceof RowRefusal) return error.message;
  if (error instanceof AppError) {
    const fields = error.details?.errors;
    return fields && Object.keys(fields).length > 0 ? [...new Set(Object.values(fields))].join('; ') : error.message;
  }
  return null;
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RowRefusal([...new Set(result.error.issues.map((i) => i.message))].join('; '));
  return result.data;
}

function archivedOf(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  const v = value.toLowerCase();
  if (v === 'active') return false;
  if (v === 'archived') return true;
  throw new RowRefusal('Status must be active or archived');
}

/**
 * POST /api/procurement/{suppliers|locations|items|categories}/import with `{ csv }`. Required
 * columns: the key and name (categories: `category`; a row with a `subcategory` is that subcategory
 * of an existing category). Department by `departmentCode`, category and subcategory by name, the
 * linked POS product by `posProductSku`; `status` archives or restores.
 */
export async function importMastersCsv(deps: StoresDeps, kind: MasterKind, text: string): Promise<ImportResult> {
  const { key, keyTitle, required, rowNoun } = MASTER_CSV[kind];
  const file = await readCsvImport(text, { rowNoun, required, maxRows: MAX_MASTER_IMPORT_ROWS, invalid: invalidCsv });
  const cell = (record: Record<string, string>, column: string): string | undefined =>
    file.cell(record, column)?.trim();
  /** The row's name in the report and its match key: a category's name, with its subcategory's. */
  const keyValue = (record: Record<string, string>): string => {
    const value = cell(record, key) ?? '';
    const sub = kind === 'categories' ? cell(record, 'subcategory') : undefined;
    return value && sub ? `${value} / ${sub}` : value;
  };
  const { db } = deps.database;
  const codes = [...new Set(file.records.map((r) => cell(r, 'departmentCode')).filter((c): c is string => Boolean(c)))];
  const departments = await findDepartmentsByCodes(db, codes);
  const department = (record: Record<string, string>, current: string | null): string | null => {
    const code = cell(record, 'departmentCode');
    if (code === undefined) return current;
    if (code === '') return null;
    const id = departments.get(code.toUpperCase());
    if (!id) throw new RowRefusal(`Department ${code} not found`);
    return id;
  };
  /** A cell when its column is in the file, else the stored value. */
  const pick = (record: Record<string, string>, column: string, current: string | null | undefined) => {
    const value = cell(record, column);
    return value === undefined ? (current ?? null) : value || null;
  };

  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: [] };
  const changed: string[] = [];

  const importRow = async (tx: DbOrTx, record: Record<string, string>, keyValue: string): Promise<Outcome> => {
    try {
      return await tx.transaction(async (sp) => {
        const archived = archivedOf(cell(record, 'status'));
        if (kind === 'categories') {
          const category = await findCategoryByName(sp, cell(record, 'category') ?? '');
          const subName = cell(record, 'subcategory');
          if (!subName) {
            if (cell(record, 'departmentCode')) throw new RowRefusal('Only a subcategory has a department');
            const body = parsed(procCategoryBodySchema, {
              name: cell(record, 'category') ?? '',
              description: pick(record, 'description', category?.description),
            });
            const id = await writeCategory(sp, category?.id ?? null, body);
            if (archived !== undefined) await updateCategory(sp, id, { isArchived: archived });
            return { status: category ? 'updated' : 'created', id };
          }
          if (!category) throw new RowRefusal(`Category ${cell(record, 'category')} not found; add a row for it above`);
          const existing = await findSubcategoryByName(sp, category.id, subName);
          const body = parsed(procSubcategoryBodySchema, {
            name: subName,
            description: pick(record, 'description', existing?.description),
            departmentId: department(record, existing?.departmentId ?? null),
          });
          const { id } = await writeSubcategory(sp, existing ? { id: existing.id } : { categoryId: category.id }, body);
          if (archived !== undefined) await updateSubcategory(sp, id, { isArchived: archived });
          return { status: existing ? 'updated' : 'created', id };
        }
        if (kind === 'suppliers') {
          const existing = await findSupplierByName(sp, keyValue);
          const body = parsed(supplierBodySchema, {
            name: cell(record, 'name') ?? existing?.name ?? '',
            contactName: pick(record, 'contactName', existing?.contactName),
            phone: pick(record, 'phone', existing?.phone),
            email: pick(record, 'email', existing?.email),
            address: pick(record, 'address', existing?.address),
            notes: pick(record, 'notes', existing?.notes),
          });
          const id = await writeSupplier(sp, existing?.id ?? null, body);
          if (archived !== undefined) await updateSupplier(sp, id, { isArchived: archived });
          return { status: existing ? 'updated' : 'created', id };
        }
        if (kind === 'locations') {
          const existing = await findLocationByCode(sp, keyValue);
          const selling = cell(record, 'isSelling');
          const body = parsed(locationBodySchema, {
            code: cell(record, 'code') ?? '',
            name: cell(record, 'name') ?? '',
            departmentId: department(record, existing?.departmentId ?? null),
            building: pick(record, 'building', existing?.building),
            floor: pick(record, 'floor', existing?.floor),
            room: pick(record, 'room', existing?.room),
            isSelling: selling === undefined ? (existing?.isSelling ?? false) : flag(selling, 'isSelling'),
          });
          const id = await writeLocation(sp, existing?.id ?? null, body);
          if (archived !== undefined) await updateLocation(sp, id, { isArchived: archived });
          return { status: existing ? 'updated' : 'created', id };
        }
        const existing = await findItemBySku(sp, keyValue);
        let categoryId = existing?.categoryId ?? null;
        const categoryName = cell(record, 'category');
        if (categoryName !== undefined) {
          categoryId = null;
          if (categoryName) {
            const category = await findCategoryByName(sp, categoryName);
            if (!category) throw new RowRefusal(`Category ${categoryName} not found`);
            categoryId = category.id;
          }
        }
        let subcategoryId = categoryName === undefined ? (existing?.subcategoryId ?? null) : null;
        const subcategoryName = cell(record, 'subcategory');
        if (subcategoryName !== undefined) {
          subcategoryId = null;
          if (subcategoryName) {
            const sub = categoryId ? await findSubcategoryByName(sp, categoryId, subcategoryName) : null;
            if (!sub) throw new RowRefusal(`Subcategory ${subcategoryName} not found in that category`);
            subcategoryId = sub.id;
          }
        }
        let posProductId = existing?.posProductId ?? null;
        const posSku = cell(record, 'posProductSku');
        if (posSku !== undefined) {
          posProductId = null;
          if (posSku) {
            posProductId = await findPosProductBySku(sp, posSku);
            if (!posProductId) throw new RowRefusal(`POS product ${posSku} not found`);
          }
        }
        const asset = cell(record, 'isAsset');
        const body = parsed(itemBodySchema, {
          sku: cell(record, 'sku') ?? '',
          name: cell(record, 'name') ?? '',
          description: pick(record, 'description', existing?.description),
          categoryId,
          subcategoryId,
          departmentId: department(record, existing?.departmentId ?? null),
          uom: pick(record, 'uom', existing?.uom) ?? undefined,
          barcode: pick(record, 'barcode', existing?.barcode),
          reorderPoint: pick(record, 'reorderPoint', existing?.reorderPoint) ?? undefined,
          minReorderQty: pick(record, 'minReorderQty', existing?.minReorderQty) ?? undefined,
          isAsset: asset === undefined ? (existing?.isAsset ?? false) : flag(asset, 'isAsset'),
          warrantyMonths: pick(record, 'warrantyMonths', existing?.warrantyMonths?.toString()),
          serviceIntervalDays: pick(record, 'serviceIntervalDays', existing?.serviceIntervalDays?.toString()),
          expectedLifespanMonths: pick(record, 'expectedLifespanMonths', existing?.expectedLifespanMonths?.toString()),
          posProductId,
        });
        const id = await writeItem(sp, existing?.id ?? null, body);
        if (archived !== undefined) await updateItem(sp, id, { isArchived: archived });
        return { status: existing ? 'updated' : 'created', id };
      });
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === null) throw error;
      return { status: 'refused', reason };
    }
  };

  try {
    await runKeyedImport({
      db,
      records: file.records,
      keyOf: (record) => (cell(record, key) ?? '') && keyValue(record).toUpperCase(),
      missingKey: `${keyTitle} is required`,
      duplicateKey: (value, firstRow) => `"${value}" appears more than once in the file (first at row ${firstRow}).`,
      importRow: (tx, record) => importRow(tx, record, cell(record, key) ?? ''),
      onRow: (row, _upper, outcome: Outcome) => {
        result[outcome.status] += 1;
        const record = file.records[row - 2] as Record<string, string>;
        result.rows.push({
          row,
          key: keyValue(record),
          status: outcome.status,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        });
        if (outcome.id) changed.push(outcome.id);
      },
    });
  } finally {
    if (changed.length > 0) await deps.events.publish('stores.masters.changed', changed.slice(0, 100));
  }
  return result;
}
