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
import { addDay, storeDaysRange, storeToday } from '../../lib/sales-range';
import { wallClock } from '../../lib/store-time';
import { registerFigures } from '../asset-register/index';
import {
  assetInventory,
  assetsByCategory,
  assetsByType,
  assetUtilization,
  cardFigures,
  checkoutHistory,
  departmentFigures,
  locationFigures,
  lowStockAssets,
  utilizationTotals,
} from './institution.repository';

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
  const [cards, byType, byCategory, lowStock, top, totals, departments, locations, units] = await Promise.all([
    cardFigures(db, now),
    assetsByType(db),
    assetsByCategory(db),
    lowStockAssets(db, LOW_STOCK_ASSETS_SHOWN),
    assetUtilization(db, range, UTILIZATION_TOP),
    utilizationTotals(db, range),
    departmentFigures(db, range),
    locationFigures(db),
    registerFigures(db, { timeZone: deps.timeZone, now, start: range.start, end: range.end }),
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
    ...(units ? { registeredUnits: units } : {}),
  };
}

type Section<Row> = { title: string; columns: ReadonlyArray<CsvColumn<Row>>; rows: Row[] };

function section<Row>({ title, columns, rows }: Section<Row>): string {
  return toCsv([{ header: title, value: () => '' }], []) + toCsv(columns, rows);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the store's wall clock, 'YYYY-MM-DD HH:mm' (empty when there is none). */
function storeDateTime(instant: Date | null, timeZone: string): string {
  if (!instant) return '';
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** spec §4 Stock status badge. */
function stockStatus(stock: number, lowStockThreshold: number): string {
  if (stock <= 0) return 'Out of Stock';
  return stock <= lowStockThreshold ? 'Low Stock' : 'In Stock';
}

/**
 * GET /api/analytics/institution/export: spec §9 "three sections (inventory, utilization, checkout
 * history) in one CSV text". Each section is a title row, a header row and its rows, separated by
 * a blank line: Inventory (every asset and its stock), Utilization (every asset's checkouts in the
 * period and its §4 rating) and Checkout History (every checkout made in the period). Cells are
 * formula-escaped by lib/csv.
 */
export async function institutionExport(
  deps: Deps,
  days: AnalyticsRange,
  now: Date = new Date(),
): Promise<{ csv: string }> {
  // Only the figures the file holds, read once each and side by side: not the whole screen.
  const { db, timeZone } = deps;
  const range = analyticsRange(days, timeZone, now);
  const [inventory, utilization, history] = await Promise.all([
    assetInventory(db),
    assetUtilization(db, range),
    checkoutHistory(db, range, now),
  ]);
  const assets = utilization.map(withRating);
  const parts = [
    section<(typeof inventory)[number]>({
      title: 'Inventory',
      columns: [
        { header: 'Asset', value: (r) => r.name },
        { header: 'SKU', value: (r) => r.sku },
        { header: 'Asset Type', value: (r) => r.assetType },
        { header: 'Category', value: (r) => r.category ?? 'Uncategorized' },
        { header: 'Department', value: (r) => r.department },
        { header: 'Location', value: (r) => r.location },
        { header: 'Checkout Required', value: (r) => (r.isCheckoutRequired ? 'Yes' : 'No') },
        { header: 'Price', value: (r) => money(r.price) },
        { header: 'Stock', value: (r) => r.stock },
        { header: 'Low Stock Threshold', value: (r) => r.lowStockThreshold },
        { header: 'Value', value: (r) => money(r.value) },
        { header: 'Status', value: (r) => stockStatus(r.stock, r.lowStockThreshold) },
      ],
      rows: inventory,
    }),
    section<(typeof assets)[number]>({
      title: 'Utilization',
      columns: [
        { header: 'Asset', value: (r) => r.name },
        { header: 'Asset Type', value: (r) => r.assetType },
        { header: 'Location', value: (r) => r.location },
        { header: 'Stock', value: (r) => r.stock },
        { header: 'Checkouts in Period', value: (r) => r.checkouts },
        { header: 'Active Checkouts', value: (r) => r.activeCheckouts },
        { header: 'Utilization', value: (r) => r.rating },
      ],
      rows: assets,
    }),
    section<(typeof history)[number]>({
      title: 'Checkout History',
      columns: [
        { header: 'Asset', value: (r) => r.assetName },
        { header: 'Asset Type', value: (r) => r.assetType },
        {
          header: 'Checked Out By',
          value: (r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || '',
        },
        { header: 'Checked Out', value: (r) => storeDateTime(r.checkedOutAt, timeZone) },
        { header: 'Expected Return', value: (r) => storeDateTime(r.expectedReturnAt, timeZone) },
        { header: 'Returned', value: (r) => storeDateTime(r.returnedAt, timeZone) },
        { header: 'Status', value: (r) => r.status },
        { header: 'Return Condition', value: (r) => r.returnCondition },
        { header: 'Notes', value: (r) => [r.notes, r.returnNotes].filter(Boolean).join(' / ') },
      ],
      rows: history,
    }),
  ];
  return { csv: parts.join('\n') };
}
