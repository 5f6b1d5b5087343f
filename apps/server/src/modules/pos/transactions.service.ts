import { can, type SalesRangeQuery, type TransactionListItem } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { resolveSalesRange } from '../../lib/sales-range';
import type { AuthUser } from '../../types';
import { apiTaxFields } from './sale-response';
import { listSales } from './sales.repository';

/** Enough for a week of a busy store; the dashboard shows 5 and the reports 10 (spec §9 List sizes). */
export const DEFAULT_LIST_LIMIT = 1000;

/**
 * Who reads a sale: their own id, whether they hold 'reports.view' (other staff's notes and
 * references) and whether they hold 'reports.ranges' (days before today, ADR 0004).
 */
export type SaleReader = { userId: string; canViewReports: boolean; canViewRanges: boolean };

export function saleReaderOf(user: AuthUser): SaleReader {
  return {
    userId: user.id,
    canViewReports: can(user.role, 'reports.view'),
    canViewRanges: can(user.role, 'reports.ranges'),
  };
}

/**
 * A sale as a reader may see it (issue #13 item 7; security guide, least privilege): a cashier
 * sees the figures of other staff's sales (the dashboard and today's report add them up) but not
 * their payment notes or reference codes; their own sales and 'reports.view' holders see all.
 */
export function visibleSale<T extends { userId: string; referenceCode: string | null; notes: string | null }>(
  reader: SaleReader,
  sale: T,
): T {
  if (reader.canViewReports || sale.userId === reader.userId) return sale;
  return { ...sale, referenceCode: null, notes: null };
}

/** spec §7 GET /api/transactions: the sales of a range of store days, newest first (VTPD ones only on request). */
export async function listTransactions(
  deps: { db: Db; timeZone: string },
  reader: AuthUser,
  query: SalesRangeQuery & { vtpdOnly?: boolean; number?: string; storeIds?: readonly string[] },
): Promise<TransactionListItem[]> {
  const saleReader = saleReaderOf(reader);
  // Issue #15 item 3: a receipt's number without dates is looked up over every day for readers
  // of ranges (a customer brings back last month's receipt); others read today's, as ever.
  const everyDay = query.number !== undefined && !query.startDate && !query.endDate && saleReader.canViewRanges;
  const range = everyDay
    ? { start: undefined, end: undefined }
    : resolveSalesRange(query, { timeZone: deps.timeZone, canViewReports: saleReader.canViewRanges });
  const sales = await listSales(deps.db, {
    start: range.start,
    end: range.end,
    numberSuffix: query.number?.toLowerCase(),
    limit: query.limit ?? DEFAULT_LIST_LIMIT,
    vtpdOnly: query.vtpdOnly ?? false,
    storeIds: query.storeIds,
  });
  // Issue #34 item 2: `tax` as POST and the detail answer it (the card fee until a line is taxed).
  return sales.map(({ tax, salesTax, pricesIncludeTax, taxed, ...s }) =>
    visibleSale(saleReader, {
      ...s,
      ...apiTaxFields({ tax, salesTax, pricesIncludeTax }, taxed),
      createdAt: s.createdAt.toISOString(),
    }),
  );
}
