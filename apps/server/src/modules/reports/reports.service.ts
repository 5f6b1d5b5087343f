import type { Readable } from 'node:stream';
import { paymentMethodLabel, transactionNumber } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { wallClock } from '../../db/seed/time-zone';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { storeTodayRange } from '../analytics/sales-range';
import { findShift } from '../pos/shifts.repository';
import { completedSalesBetween, completedSalesOfShift, type DailySaleRow } from './reports.repository';

const pad = (n: number) => String(n).padStart(2, '0');

function dailyColumns(timeZone: string): CsvColumn<DailySaleRow>[] {
  const local = (row: DailySaleRow) => wallClock(row.createdAt, timeZone);
  return [
    { header: 'Transaction', value: (r) => transactionNumber(r.id) },
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
    { header: 'Payment Method', value: (r) => paymentMethodLabel(r.paymentMethod) },
    { header: 'Reference', value: (r) => r.referenceCode },
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

/** spec §7 GET /api/reports/daily.csv: today's completed sales, one row per sale, streamed. */
export function dailySalesCsv(deps: { db: Db; timeZone: string }): { filename: string; stream: Readable } {
  const range = storeTodayRange(deps.timeZone);
  return {
    filename: `sales-${range.startDate}.csv`,
    stream: csvStream(dailyColumns(deps.timeZone), completedSalesBetween(deps.db, range)),
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
  const shift = await findShift(deps.db, shiftId);
  if (!shift || (!reader.canViewReports && shift.cashierId !== reader.userId)) {
    throw notFound('Shift', 'pos.shift_not_found');
  }
  return {
    filename: `shift-${shift.id}-sales.csv`,
    stream: csvStream(dailyColumns(deps.timeZone), completedSalesOfShift(deps.db, shift.id)),
  };
}
