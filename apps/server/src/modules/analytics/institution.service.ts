import {
  type AnalyticsRange,
  centsToDecimal,
  decimalToCents,
  type InstitutionAnalytics,
  LOW_STOCK_ASSETS_SHOWN,
  UTILIZATION_TOP,
  type UtilizationRating,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { type CsvColumn, toCsv } from '../../lib/csv';
import {
  assetsByCategory,
  assetsByType,
  assetUtilization,
  cardFigures,
  departmentFigures,
  locationFigures,
  lowStockAssets,
  utilizationTotals,
} from './institution.repository';
import { addDay, storeDaysRange, storeToday } from './sales-range';

type Deps = { db: Db; timeZone: string };

const NON_REGULAR = ['tool', 'material', 'equipment', 'consumable'] as const;

/** A database sum (numeric text) as a 2-decimal string, through integer cents. */
const money = (value: string) => centsToDecimal(decimalToCents(value));

/** spec §4 Utilization rating. */
export function utilizationRating(checkouts: number, stock: number): UtilizationRating {
  if (checkouts > 0) return 'High';
  return stock === 0 ? 'Unavailable' : 'Low';
}

/** The last `days` store days, today included, as an instant range and inclusive days. */
export function analyticsRange(days: AnalyticsRange, timeZone: string, now: Date) {
  const endDate = storeToday(timeZone, now);
  return storeDaysRange(addDay(endDate, -(days - 1)), endDate, timeZone);
}

function withRating<T extends { checkouts: number; stock: number }>(row: T) {
  return { ...row, rating: utilizationRating(row.checkouts, row.stock) };
}

/** The named departments, then an 'Unassigned' row when some active product has no department. */
function departmentRows(
  departments: Awaited<ReturnType<typeof departmentFigures>>,
): InstitutionAnalytics['departments'] {
  const rows: InstitutionAnalytics['departments'] = departments.named.map((r) => ({
    ...r,
    assetValue: money(r.assetValue),
  }));
  if (departments.unassigned && departments.unassigned.products > 0) {
    rows.push({
      id: null,
      name: 'Unassigned',
      building: null,
      ...departments.unassigned,
      assetValue: money(departments.unassigned.assetValue),
    });
  }
  return rows;
}

/** GET /api/analytics/institution?days=: every figure of the screen, computed here. */
export async function institutionAnalytics(
  deps: Deps,
  days: AnalyticsRange,
  now: Date = new Date(),
): Promise<InstitutionAnalytics> {
  const { db } = deps;
  const range = analyticsRange(days, deps.timeZone, now);
  const [cards, byType, byCategory, lowStock, top, totals, departments, locations] = await Promise.all([
    cardFigures(db, now),
    assetsByType(db),
    assetsByCategory(db),
    lowStockAssets(db, LOW_STOCK_ASSETS_SHOWN),
    assetUtilization(db, range, UTILIZATION_TOP),
    utilizationTotals(db, range),
    departmentFigures(db, range),
    locationFigures(db),
  ]);
  const typeRows = new Map(byType.map((r) => [r.assetType, r]));
  return {
    days,
    startDate: range.startDate,
    endDate: range.endDate,
    cards: { ...cards, assetValue: money(cards.assetValue) },
    inventory: {
      byAssetType: NON_REGULAR.map((assetType) => {
        const row = typeRows.get(assetType);
        return { assetType, count: row?.count ?? 0, units: row?.units ?? 0, value: money(row?.value ?? '0') };
      }),
      byCategory: byCategory.map((r) => ({ ...r, value: money(r.value) })),
      lowStock,
    },
    utilization: { ...totals, top: top.map(withRating) },
    departments: departmentRows(departments),
    locations: locations.map((r) => ({ ...r, value: money(r.value) })),
  };
}

type Section<Row> = { title: string; columns: ReadonlyArray<CsvColumn<Row>>; rows: Row[] };

function section<Row>({ title, columns, rows }: Section<Row>): string {
  return toCsv([{ header: title, value: () => '' }], []) + toCsv(columns, rows);
}

/**
 * GET /api/analytics/institution/export: three sections (Summary, Asset Utilization, Department
 * Insights), each a title row, a header row and its rows, separated by a blank line. Cells are
 * formula-escaped by lib/csv.
 */
export async function institutionExport(
  deps: Deps,
  days: AnalyticsRange,
  now: Date = new Date(),
): Promise<{ csv: string }> {
  // Only the figures the file holds, read once each and side by side: not the whole screen and
  // then every asset's utilization again.
  const { db } = deps;
  const range = analyticsRange(days, deps.timeZone, now);
  const [cards, totals, departments, utilization] = await Promise.all([
    cardFigures(db, now),
    utilizationTotals(db, range),
    departmentFigures(db, range),
    assetUtilization(db, range),
  ]);
  const assets = utilization.map(withRating);
  type Metric = { metric: string; value: string | number };
  const summary: Metric[] = [
    { metric: 'Period', value: `${range.startDate} to ${range.endDate} (${days} days)` },
    { metric: 'Total Assets', value: cards.totalAssets },
    { metric: 'Asset Value', value: money(cards.assetValue) },
    { metric: 'Active Checkouts', value: cards.activeCheckouts },
    { metric: 'Overdue Items', value: cards.overdueItems },
    { metric: 'Checkouts in Period', value: totals.totalCheckouts },
    { metric: 'Assets Checked Out in Period', value: totals.assetsUsed },
  ];
  const parts = [
    section<Metric>({
      title: 'Summary',
      columns: [
        { header: 'Metric', value: (r) => r.metric },
        { header: 'Value', value: (r) => r.value },
      ],
      rows: summary,
    }),
    section<(typeof assets)[number]>({
      title: 'Asset Utilization',
      columns: [
        { header: 'Asset', value: (r) => r.name },
        { header: 'Asset Type', value: (r) => r.assetType },
        { header: 'Location', value: (r) => r.location },
        { header: 'Stock', value: (r) => r.stock },
        { header: 'Checkouts', value: (r) => r.checkouts },
        { header: 'Active Checkouts', value: (r) => r.activeCheckouts },
        { header: 'Utilization', value: (r) => r.rating },
      ],
      rows: assets,
    }),
    section<InstitutionAnalytics['departments'][number]>({
      title: 'Department Insights',
      columns: [
        { header: 'Department', value: (r) => r.name },
        { header: 'Building', value: (r) => r.building },
        { header: 'Products', value: (r) => r.products },
        { header: 'Assets', value: (r) => r.assets },
        { header: 'Asset Value', value: (r) => r.assetValue },
        { header: 'Active Checkouts', value: (r) => r.activeCheckouts },
        { header: 'Checkouts in Period', value: (r) => r.checkoutsInRange },
      ],
      rows: departmentRows(departments),
    }),
  ];
  return { csv: parts.join('\n') };
}
