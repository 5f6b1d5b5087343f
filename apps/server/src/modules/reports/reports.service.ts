import type { Readable } from 'node:stream';
import {
  centsToDecimal,
  decimalToCents,
  paymentMethodLabel,
  refundNumber,
  transactionNumber,
  VTPD_CSV_COLUMNS,
  type VtpdExportQuery,
  vtpdExportFileName,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { resolveSalesRange, storeTodayRange } from '../../lib/sales-range';
import { wallClock } from '../../lib/store-time';
import { readableShift, type SaleReader, visibleSale } from '../pos/index';
import {
  completedSalesBetween,
  completedSalesOfShift,
  type DailySaleRow,
  mergeByTime,
  refundsBetween,
  refundsOfShift,
  vtpdRefundsBetween,
  vtpdSalesBetween,
} from './reports.repository';

/** A sale's number, or a refund's own ('R' + 6) on a refund's row (issue #15 item 5). */
const documentNumber = (r: DailySaleRow) => (r.refund ? refundNumber(r.id) : transactionNumber(r.id));

/** A refund's row says which sale it refunds and why, before any note. */
const rowNotes = (r: DailySaleRow) =>
  r.refund
    ? [`REFUND of #${transactionNumber(r.refund.saleId)}: ${r.refund.reason}`, r.notes].filter(Boolean).join(' - ')
    : r.notes;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Issue #34: a split sale's Payment Method cell names every tender and what it paid
 * ('cash 10.00; credit card 14.25'); a one-tender sale's is its method, as before.
 */
const paymentCell = (r: DailySaleRow) =>
  r.payments
    ? r.payments.map((p) => `${paymentMethodLabel(p.method)} ${centsToDecimal(decimalToCents(p.amount))}`).join('; ')
    : paymentMethodLabel(r.paymentMethod);

/** A split sale's Reference cell: every tender's reference code; else the sale's, as before. */
const referenceCell = (r: DailySaleRow) =>
  r.payments ? r.payments.flatMap((p) => (p.referenceCode ? [p.referenceCode] : [])).join('; ') : r.referenceCode;

function dailyColumns(timeZone: string): CsvColumn<DailySaleRow>[] {
  const local = (row: DailySaleRow) => wallClock(row.createdAt, timeZone);
  return [
    { header: 'Transaction', value: documentNumber },
    {
      header: 'Date',
      value: (r) => {
        const w = local(r);
        return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
      },
    },
    {
      header: 'Time',
      value: (r) => {
        const w = local(r);
        return `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
      },
    },
    { header: 'Cashier', value: (r) => [r.cashierFirstName, r.cashierLastName].filter(Boolean).join(' ') },
    { header: 'Payment Method', value: paymentCell },
    { header: 'Reference', value: referenceCell },
    {
      header: 'Items',
      value: (r) =>
        r.items.map((i) => `${i.quantity} x ${i.productName}${i.variantName ? ` (${i.variantName})` : ''}`).join('; '),
    },
    { header: 'Subtotal', value: (r) => r.subtotal },
    // spec §3 transactions: tax carries the card fee and is labelled Card Fee in exports.
    { header: 'Card Fee', value: (r) => r.tax },
    { header: 'Total', value: (r) => r.total },
  ];
}

/** Rows as the reader may see them: other staff's references and notes blanked for a cashier. */
async function* visibleRows(reader: SaleReader, rows: AsyncGenerator<DailySaleRow>): AsyncGenerator<DailySaleRow> {
  for await (const row of rows) yield visibleSale(reader, row);
}

/**
 * spec §7 GET /api/reports/daily.csv: today's completed sales, one row per sale, streamed. Every
 * sale of the day, but without other staff's references for a cashier (issue #13 item 7).
 */
export function dailySalesCsv(
  deps: { db: Db; timeZone: string },
  reader: SaleReader,
  stores: { storeIds?: readonly string[]; fileTag?: string } = {},
): { filename: string; stream: Readable } {
  const range = { ...storeTodayRange(deps.timeZone), storeIds: stores.storeIds };
  return {
    filename: `sales-${range.startDate}${stores.fileTag ?? ''}.csv`,
    // Refunds given today are rows too, with negative amounts, in time order among the sales.
    stream: csvStream(
      dailyColumns(deps.timeZone),
      visibleRows(reader, mergeByTime(completedSalesBetween(deps.db, range), refundsBetween(deps.db, range))),
    ),
  };
}

/**
 * The completed sales of one shift as CSV, one row per sale (the shift summary's download). The
 * cashier who owns the shift reads it, and 'reports.view' holders; anyone else gets the same 404 as
 * for a shift that does not exist (GET /api/shifts/:id/summary does the same), so nothing leaks.
 */
export async function shiftSalesCsv(
  deps: { db: Db; timeZone: string },
  shiftId: number,
  reader: { userId: string; canViewReports: boolean },
): Promise<{ filename: string; stream: Readable }> {
  const shift = await readableShift(deps.db, shiftId, reader);
  return {
    filename: `shift-${shift.id}-sales.csv`,
    stream: csvStream(
      dailyColumns(deps.timeZone),
      mergeByTime(completedSalesOfShift(deps.db, shift.id), refundsOfShift(deps.db, shift.id)),
    ),
  };
}

/** spec §9 Export CSV (VTPD): one value per column of VTPD_CSV_COLUMNS, in that order. */
function vtpdColumns(timeZone: string): CsvColumn<DailySaleRow>[] {
  const cells: Record<(typeof VTPD_CSV_COLUMNS)[number], (r: DailySaleRow) => unknown> = {
    // A refund's row carries the refund's own id; its notes name the sale it refunds.
    'Transaction ID': (r) => r.id,
    'Date/Time': (r) => {
      const w = wallClock(r.createdAt, timeZone);
      return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
    },
    'VTPD Reference': referenceCell,
    'Payment Method': paymentCell,
    Subtotal: (r) => r.subtotal,
    // spec §3 transactions: tax carries the card fee and is labelled Card Fee in exports.
    'Card Fee': (r) => r.tax,
    Total: (r) => r.total,
    Items: (r) =>
      r.items
        .map((i) => `${i.quantity}x ${i.variantName ? `${i.productName} (${i.variantName})` : i.productName}`)
        .join('; '),
    Notes: rowNotes,
    // spec §9 Receipt: a sale without a cashier's name shows 'Unknown Cashier'.
    Cashier: (r) => [r.cashierFirstName, r.cashierLastName].filter(Boolean).join(' ').trim() || 'Unknown Cashier',
  };
  return VTPD_CSV_COLUMNS.map((header) => ({ header, value: cells[header] }));
}

/**
 * spec §2 Sales Reports, Export VTPD: every VTPD sale of the range as CSV (spec §9 columns and file
 * name), newest first, streamed page by page so a range of any size exports whole. The range rule is
 * the reports' own: without 'reports.ranges' only today (ADR 0004), and other staff's references
 * and notes blanked without 'reports.view' (issue #13 item 7). Lines end CR LF.
 */
export function vtpdSalesCsv(
  deps: { db: Db; timeZone: string; finalDb?: (until: Date) => Promise<Db> },
  query: VtpdExportQuery,
  reader: SaleReader,
  stores: { storeIds?: readonly string[]; fileTag?: string } = {},
): { filename: string; stream: Readable } {
  const range = {
    ...resolveSalesRange(query, { timeZone: deps.timeZone, canViewReports: reader.canViewRanges }),
    storeIds: stores.storeIds,
  };
  // Past days only may come from the read replica (ADR 0016); a range with today reads the primary.
  const pick = deps.finalDb ? () => (deps.finalDb as (until: Date) => Promise<Db>)(range.end) : async () => deps.db;
  return {
    filename: vtpdExportFileName(range).replace(/\.csv$/, `${stores.fileTag ?? ''}.csv`),
    stream: csvStream(vtpdColumns(deps.timeZone), visibleRows(reader, rowsFrom(pick, range)), {
      crlf: true,
    }),
  };
}

async function* rowsFrom(
  pick: () => Promise<Db>,
  range: { start: Date; end: Date; storeIds?: readonly string[] },
): AsyncGenerator<DailySaleRow> {
  const db = await pick();
  yield* mergeByTime(vtpdSalesBetween(db, range), vtpdRefundsBetween(db, range), true);
}
