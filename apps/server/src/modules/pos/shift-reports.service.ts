import {
  can,
  centsToDecimal,
  decimalToCents,
  type ShiftReport,
  type ShiftSummary,
  taxLineLabel,
  taxRateHundredths,
  taxRateToString,
  transactionNumber,
  type ZReportListItem,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { nextNumber, zReportSequence } from '../numbering/index';
import { posErrors } from './pos.errors';
import {
  cashierName,
  findZReportByShift,
  insertZReport,
  listZReports,
  shiftReportExtras,
  storeCount,
  storeName,
} from './shift-reports.repository';
import { findShift, type ShiftRow } from './shifts.repository';

function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || 'Unknown Cashier';
}

/**
 * The figures of a shift as an X or Z report (issue #15 item 8), from the shift summary (the one
 * place sales, card fees, float and expected cash are added up) plus voids and the first and last
 * sale. Everything in integer cents, written as 2-decimal strings.
 */
export async function buildReport(
  db: DbOrTx,
  kind: 'X' | 'Z',
  number: number | null,
  row: ShiftRow,
  summary: ShiftSummary,
  generatedAt: Date = new Date(),
): Promise<ShiftReport> {
  const [extras, cashier, store] = await Promise.all([
    shiftReportExtras(db, row.id),
    cashierName(db, row.cashierId),
    storeName(db, row.storeId),
  ]);
  // Refunds come from the shift summary once ledger's refunds (ADR 0010) add them there; until
  // then these fields are absent and read 0.
  const withRefunds = summary as ShiftSummary & { refundsCount?: number; refundsTotal?: string; cashRefunds?: string };
  const refundsCount = withRefunds.refundsCount ?? 0;
  const refundsTotal = decimalToCents(withRefunds.refundsTotal ?? '0');
  const cashRefunds = decimalToCents(withRefunds.cashRefunds ?? '0');
  const discounts = decimalToCents(extras.discounts);
  const total = decimalToCents(summary.total);
  return {
    kind,
    number,
    shiftId: row.id,
    store: { id: row.storeId, name: store },
    cashier: { id: row.cashierId, name: fullName(cashier) },
    startedAt: summary.startedAt,
    endedAt: summary.endedAt,
    generatedAt: generatedAt.toISOString(),
    salesCount: summary.salesCount,
    itemsSold: summary.itemsSold,
    grossSales: centsToDecimal(decimalToCents(summary.subtotal) + discounts),
    discounts: centsToDecimal(discounts),
    subtotal: summary.subtotal,
    cardFees: summary.cardFees,
    total: summary.total,
    refunds: { count: refundsCount, total: centsToDecimal(refundsTotal), cash: centsToDecimal(cashRefunds) },
    voids: { count: extras.voids.count, total: centsToDecimal(decimalToCents(extras.voids.total)) },
    netTotal: centsToDecimal(total - refundsTotal),
    totalsByMethod: summary.totalsByMethod,
    openingFloat: summary.openingFloat,
    cashSales: summary.cashSales,
    cashRefunds: centsToDecimal(cashRefunds),
    expectedCash: summary.expectedCash,
    countedCash: summary.countedCash,
    overShort: summary.overShort,
    firstSaleNumber: extras.firstSaleId ? transactionNumber(extras.firstSaleId) : null,
    lastSaleNumber: extras.lastSaleId ? transactionNumber(extras.lastSaleId) : null,
    lateSales: summary.lateSales ?? [],
    ...taxOf('salesTax', extras.taxByRate),
    ...taxOf('refundedTax', extras.refundTaxByRate),
    unapprovedDiscounts: {
      count: extras.unapprovedDiscounts.length,
      total: centsToDecimal(extras.unapprovedDiscounts.reduce((sum, s) => sum + decimalToCents(s.discountTotal), 0)),
      saleNumbers: extras.unapprovedDiscounts.map((s) => transactionNumber(s.id)),
    },
  };
}

/**
 * Issue #34 item 2: the report's tax by rate (its sales' tax, or the tax its refunds gave back), only
 * once any line was charged a rate above 0; the tax of sales whose prices included it on its own
 * 'Tax (10%) incl.' row (0% is one row).
 */
function taxOf<K extends 'salesTax' | 'refundedTax'>(
  key: K,
  rows: ReadonlyArray<{ rate: string; included: boolean; tax: string }>,
): Partial<Pick<ShiftReport, K>> {
  const byLabel = new Map<string, { rate: number; tax: number }>();
  for (const r of rows) {
    const rate = taxRateHundredths(r.rate) ?? 0;
    const label = taxLineLabel(rate, r.included);
    byLabel.set(label, { rate, tax: (byLabel.get(label)?.tax ?? 0) + decimalToCents(r.tax) });
  }
  const byRate = [...byLabel.entries()];
  if (byRate.every(([, r]) => r.rate === 0)) return {};
  const figures = {
    byRate: byRate.map(([label, r]) => ({ rate: taxRateToString(r.rate), label, tax: centsToDecimal(r.tax) })),
    total: centsToDecimal(byRate.reduce((sum, [, r]) => sum + r.tax, 0)),
  };
  return { [key]: figures } as Partial<Pick<ShiftReport, K>>;
}

/**
 * Writes the Z report of a shift that has just been closed, inside the closing transaction: the
 * number comes from the counter row in the same transaction, so a failed close leaves no gap.
 */
export async function writeZReport(
  tx: DbOrTx,
  row: ShiftRow,
  summary: ShiftSummary,
  at: Date = new Date(),
): Promise<ShiftReport> {
  const number = await nextNumber(tx, zReportSequence(row.storeId));
  const report = await buildReport(tx, 'Z', number, row, summary, at);
  await insertZReport(tx, {
    number,
    shiftId: row.id,
    cashierId: row.cashierId,
    storeId: row.storeId,
    report,
    createdAt: at,
  });
  return report;
}

/** GET /api/shifts/:id/z-report: the stored report, exactly as written. Own shifts, or 'reports.view'. */
export async function zReportOfShift(db: Db, shiftId: number, reader: AuthUser): Promise<ShiftReport> {
  const shift = await findShift(db, shiftId);
  if (!shift || (!can(reader.role, 'reports.view') && shift.cashierId !== reader.id)) throw posErrors.shiftNotFound();
  const stored = await findZReportByShift(db, shiftId);
  if (!stored) throw posErrors.zReportNotFound();
  return stored.report as ShiftReport;
}

/** The "All stores" list's cursor: the last row's created_at (database text) and id, base64url. */
function encodeZCursor(row: { cursor: string; id: string }): string {
  return Buffer.from(`${row.cursor}|${row.id}`).toString('base64url');
}

function decodeZCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  // Only what the database wrote (timestamptz as text): `Date.parse` takes forms such as "1 2" that
  // PostgreSQL refuses, and a client's mistake must be a 400, not a 500.
  const timestamp = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;
  if (
    !createdAt ||
    !id ||
    extra !== undefined ||
    !uuid.test(id) ||
    !timestamp.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt))
  ) {
    throw badRequest('validation', 'Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { createdAt, id };
}

/**
 * GET /api/z-reports: managers' list, newest first. One store's (or paged by `before`, or on a
 * one-store installation) by number; with several stores, every store's by closing time, paged by `cursor` (issue #32: numbers repeat across stores, so a
 * number cannot page them). `nextBefore` continues a by-number list, `nextCursor` the other.
 */
export async function zReportList(
  db: Db,
  query: { before?: number; cursor?: string; limit?: number; storeId?: string },
): Promise<{ items: ZReportListItem[]; nextBefore: number | null; nextCursor: string | null }> {
  const limit = query.limit ?? 50;
  const storeId = query.storeId || undefined;
  // One store's numbers are unique: by number, as a one-store installation always paged (item 3).
  const byNumber = Boolean(storeId) || query.before !== undefined || (await storeCount(db)) <= 1;
  const after = !byNumber && query.cursor ? decodeZCursor(query.cursor) : undefined;
  const rows = await listZReports(db, { before: query.before, after, limit: limit + 1, storeId, byNumber });
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page[page.length - 1] : undefined;
  return {
    items: page.map((r) => {
      const report = r.report as ShiftReport;
      return {
        id: r.id,
        number: r.number,
        shiftId: r.shiftId,
        cashierName: report.cashier.name,
        storeId: r.storeId,
        storeName: r.storeName,
        endedAt: report.endedAt ?? report.generatedAt,
        total: report.total,
        overShort: report.overShort,
      };
    }),
    nextBefore: last && byNumber ? last.number : null,
    nextCursor: last && !byNumber ? encodeZCursor(last) : null,
  };
}
