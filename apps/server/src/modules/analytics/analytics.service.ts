import { can, centsToDecimal, type DailyStats, type SalesRangeQuery, type TopProduct } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../types';
import { decimalToCents } from '../pos/decimal';
import { salesFigures, topProducts } from './analytics.repository';
import { resolveSalesRange, storeTodayRange } from './sales-range';

type Deps = { db: Db; timeZone: string };

/** spec §9 List sizes: 5 on the dashboard; the reports show what the server returns. */
export const DEFAULT_TOP_PRODUCTS = 10;
export const MAX_TOP_PRODUCTS = 100;

/** spec §3 Daily stats: today's completed sales in the store's time zone. */
export async function dailyStats(deps: Deps): Promise<DailyStats> {
  const figures = await salesFigures(deps.db, storeTodayRange(deps.timeZone));
  return { ...figures, totalSales: centsToDecimal(decimalToCents(figures.totalSales)) };
}

/** spec §3 Top product entry, by units sold. Roles without 'reports.view' read today only. */
export async function bestSellers(deps: Deps, reader: AuthUser, query: SalesRangeQuery): Promise<TopProduct[]> {
  const range = resolveSalesRange(query, {
    timeZone: deps.timeZone,
    canViewReports: can(reader.role, 'reports.view'),
  });
  const limit = Math.min(query.limit ?? DEFAULT_TOP_PRODUCTS, MAX_TOP_PRODUCTS);
  const rows = await topProducts(deps.db, { ...range, limit });
  return rows.map((r) => ({ ...r, totalRevenue: centsToDecimal(decimalToCents(r.totalRevenue)) }));
}
