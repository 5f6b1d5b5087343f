import { can, type SalesRangeQuery, type TransactionListItem } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../types';
import { resolveSalesRange } from '../analytics/sales-range';
import { listSales } from './sales.repository';

/** Enough for a week of a busy store; the dashboard shows 5 and the reports 10 (spec §9 List sizes). */
export const DEFAULT_LIST_LIMIT = 1000;

/** spec §7 GET /api/transactions: the sales of a range of store days, newest first (VTPD ones only on request). */
export async function listTransactions(
  deps: { db: Db; timeZone: string },
  reader: AuthUser,
  query: SalesRangeQuery & { vtpdOnly?: boolean },
): Promise<TransactionListItem[]> {
  const range = resolveSalesRange(query, {
    timeZone: deps.timeZone,
    canViewReports: can(reader.role, 'reports.ranges'),
  });
  const sales = await listSales(deps.db, {
    ...range,
    limit: query.limit ?? DEFAULT_LIST_LIMIT,
    vtpdOnly: query.vtpdOnly ?? false,
  });
  return sales.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() }));
}
