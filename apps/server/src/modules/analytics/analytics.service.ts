import {
  can,
  centsToDecimal,
  type DailyStats,
  marginPercent,
  type ReportRangeQuery,
  type SalesRangeQuery,
  type SalesSummary,
  type TopProduct,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { addDay, resolveSalesRange, storeTodayRange } from '../../lib/sales-range';
import type { AuthUser } from '../../types';
import { bumpSalesRevision, productCards } from './analytics.repository';
import { ofStore, type SalesRollup, type StoreScope, sumFigures, sumFiguresYielding } from './sales-rollup';

type Deps = { db: Db; timeZone: string; rollup: SalesRollup };

/**
 * Call inside the transaction that changes a recorded sale (a void): every instance's kept day
 * figures see the change on their next read, even one that misses the 'sale.voided' event.
 */
export function salesChanged(tx: DbOrTx): Promise<void> {
  return bumpSalesRevision(tx);
}

/** spec §9 List sizes: 5 on the dashboard; the reports show what the server returns. */
export const DEFAULT_TOP_PRODUCTS = 10;
export const MAX_TOP_PRODUCTS = 100;

/**
 * spec §3 Daily stats: today's completed sales in the store's time zone, net of today's refunds
 * (issue #15 item 5: totalSales and totalItemsSold are after refunds; voided sales are not sales).
 */
export async function dailyStats(deps: Deps, storeId?: StoreScope): Promise<DailyStats> {
  const today = storeTodayRange(deps.timeZone).startDate;
  const [day] = await deps.rollup.days(today, today);
  const figures = day ? ofStore(day.figures, storeId).all : undefined;
  return {
    totalSales: centsToDecimal(figures?.revenue ?? 0),
    totalTransactions: figures?.sales ?? 0,
    totalItemsSold: figures?.items ?? 0,
    totalDiscounts: centsToDecimal(figures?.discounts ?? 0),
  };
}

/**
 * spec §3 Top product entry, by units sold, then revenue, then name. Net like the day's figures
 * (issue #15): units less the units refunded, revenue what the lines were paid after discounts less
 * what refunds gave back; voided sales are not in it. Roles without 'reports.ranges'
 * read today only. `vtpdOnly` counts the VTPD sales only (spec §2 'VTPD Only').
 */
export async function bestSellers(
  deps: Deps,
  reader: AuthUser,
  query: SalesRangeQuery & { vtpdOnly?: boolean; storeId?: StoreScope; margin?: boolean; sort?: 'sold' | 'margin' },
): Promise<TopProduct[]> {
  // Issue #37 (ADR 0036): cost and margin only for readers of reports; by margin only then too.
  const withMargin = (query.margin === true || query.sort === 'margin') && can(reader.role, 'reports.view');
  const byMargin = withMargin && query.sort === 'margin';
  const range = resolveSalesRange(query, {
    timeZone: deps.timeZone,
    canViewReports: can(reader.role, 'reports.ranges'),
  });
  const limit = Math.min(query.limit ?? DEFAULT_TOP_PRODUCTS, MAX_TOP_PRODUCTS);
  const days = await deps.rollup.days(range.startDate, range.endDate);
  const totals = await sumFiguresYielding(
    days.map((d) => {
      const store = ofStore(d.figures, query.storeId);
      return query.vtpdOnly ? store.vtpd : store.all;
    }),
  );
  const margin = (p: { revenue: number; cost: number }) => p.revenue - p.cost;
  const ranked = [...totals.products]
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) =>
      byMargin ? margin(b) - margin(a) || b.revenue - a.revenue : b.sold - a.sold || b.revenue - a.revenue,
    );
  // Names break ties, so read the names of the first `limit` and of any tied with the last of them.
  const last = ranked[limit - 1];
  const tied = (p: (typeof ranked)[number], l: (typeof ranked)[number]) =>
    byMargin ? margin(p) === margin(l) && p.revenue === l.revenue : p.sold === l.sold && p.revenue === l.revenue;
  const candidates = last ? ranked.filter((p, i) => i < limit || tied(p, last)) : ranked;
  const cards = new Map(
    (
      await productCards(
        deps.db,
        candidates.map((p) => p.id),
      )
    ).map((c) => [c.id, c]),
  );
  return candidates
    .filter((p) => cards.has(p.id))
    .map((p) => ({
      product: cards.get(p.id) as TopProduct['product'],
      totalSold: p.sold,
      revenue: p.revenue,
      cost: p.cost,
    }))
    .sort(
      (a, b) =>
        (byMargin ? margin(b) - margin(a) : b.totalSold - a.totalSold) ||
        b.revenue - a.revenue ||
        (a.product.name < b.product.name ? -1 : a.product.name > b.product.name ? 1 : 0),
    )
    .slice(0, limit)
    .map(({ product, totalSold, revenue, cost }) => ({
      product,
      totalSold,
      totalRevenue: centsToDecimal(revenue),
      ...(withMargin
        ? {
            totalCost: centsToDecimal(cost),
            grossMargin: centsToDecimal(revenue - cost),
            marginPercent: marginPercent(revenue, cost),
          }
        : {}),
    }));
}

/** spec §4 Growth: % change against the previous period, rounded to 1 decimal; 0 when that was 0. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The Sales Reports figures (spec §2 four cards, §4 Growth, issue #5 chart) for the inclusive
 * store days of the query. A reader without reports.ranges (a cashier, ADR 0004) gets today only
 * (403 otherwise) and no previous period: growth and previousRevenue are null for them, as the
 * POS screens never show them an earlier day's takings.
 */
export async function salesSummary(
  deps: Deps,
  query: Omit<ReportRangeQuery, 'storeId'> & { storeId?: StoreScope },
  reader: { canViewReports: boolean; canViewMargin?: boolean },
): Promise<SalesSummary> {
  const range = resolveSalesRange(query, { timeZone: deps.timeZone, canViewReports: reader.canViewReports });
  const length = Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000) + 1;
  const previousStartDate = addDay(range.startDate, -length);
  const previousEndDate = addDay(range.startDate, -1);
  // Both periods in one pass: the previous one ends the day before the range starts.
  const days = await deps.rollup.days(reader.canViewReports ? previousStartDate : range.startDate, range.endDate);
  const pick = (d: (typeof days)[number]) => {
    const store = ofStore(d.figures, query.storeId);
    return query.vtpdOnly ? store.vtpd : store.all;
  };
  const current = days.filter((d) => d.date >= range.startDate);
  const previous = sumFigures(days.filter((d) => d.date < range.startDate).map(pick), false);
  const totals = sumFigures(current.map(pick), false);
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    totalRevenue: centsToDecimal(totals.revenue),
    totalTransactions: totals.sales,
    averageSale: centsToDecimal(totals.sales === 0 ? 0 : Math.round(totals.revenue / totals.sales)),
    totalItemsSold: totals.items,
    totalRefunds: centsToDecimal(-totals.refunds),
    refundCount: totals.refundCount,
    totalDiscounts: centsToDecimal(totals.discounts),
    growth: reader.canViewReports ? growthPercent(totals.revenue, previous.revenue) : null,
    previousStartDate,
    previousEndDate,
    previousRevenue: reader.canViewReports ? centsToDecimal(previous.revenue) : null,
    dailyRevenue: current.map((d) => {
      const f = pick(d);
      return { date: d.date, revenue: centsToDecimal(f.revenue), transactions: f.sales };
    }),
    // Issue #37 (ADR 0036): the margin of the range, for readers of reports who ask for it.
    ...(query.margin === true && reader.canViewMargin
      ? {
          totalCost: centsToDecimal(totals.cost),
          grossMargin: centsToDecimal(totals.revenue - totals.cost),
          marginPercent: marginPercent(totals.revenue, totals.cost),
        }
      : {}),
  };
}
