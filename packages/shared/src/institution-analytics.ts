import { z } from 'zod';

/**
 * Institutional Analytics (spec §2 Institutional Analytics, §4 Utilization rating, §9 Analytics
 * ranges and Asset value). Every figure is computed by the server; money is a 2-decimal string.
 */

/** spec §9 Analytics ranges, in days; 30 is the default. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;
export const ANALYTICS_RANGE_MESSAGE = 'days must be 7, 30, 90 or 365';

/** spec §2: utilization shows the top 10; the low-stock assets list the first 5. */
export const UTILIZATION_TOP = 10;
export const LOW_STOCK_ASSETS_SHOWN = 5;

/** spec §4 Utilization rating. */
export const UTILIZATION_RATINGS = ['High', 'Low', 'Unavailable'] as const;
export type UtilizationRating = (typeof UTILIZATION_RATINGS)[number];

/** Query of GET /api/analytics/institution and its export. */
export const institutionQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90', '365'], { error: ANALYTICS_RANGE_MESSAGE })
    .optional()
    .transform((v) => (v ? (Number(v) as AnalyticsRange) : DEFAULT_ANALYTICS_RANGE)),
});

const NON_REGULAR_ASSET_TYPES = ['tool', 'material', 'equipment', 'consumable'] as const;

const stockGroup = { count: z.number().int(), units: z.number().int(), value: z.string() };

export const institutionAnalyticsSchema = z.object({
  days: z.number().int(),
  /** The inclusive store days the checkout figures cover. */
  startDate: z.string(),
  endDate: z.string(),
  cards: z.object({
    totalAssets: z.number().int(),
    assetValue: z.string(),
    activeCheckouts: z.number().int(),
    overdueItems: z.number().int(),
  }),
  inventory: z.object({
    byAssetType: z.array(z.object({ assetType: z.enum(NON_REGULAR_ASSET_TYPES), ...stockGroup })),
    byCategory: z.array(z.object({ category: z.string(), ...stockGroup })),
    lowStock: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        sku: z.string(),
        assetType: z.string(),
        stock: z.number().int(),
        lowStockThreshold: z.number().int(),
        location: z.string().nullable(),
      }),
    ),
  }),
  utilization: z.object({
    /** Checkouts made in the range, over every asset. */
    totalCheckouts: z.number().int(),
    /** Assets with at least one checkout in the range. */
    assetsUsed: z.number().int(),
    top: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        assetType: z.string(),
        location: z.string().nullable(),
        stock: z.number().int(),
        checkouts: z.number().int(),
        activeCheckouts: z.number().int(),
        rating: z.enum(UTILIZATION_RATINGS),
      }),
    ),
  }),
  departments: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string(),
      building: z.string().nullable(),
      products: z.number().int(),
      assets: z.number().int(),
      assetValue: z.string(),
      activeCheckouts: z.number().int(),
      checkoutsInRange: z.number().int(),
    }),
  ),
  locations: z.array(
    z.object({
      building: z.string(),
      rooms: z.number().int(),
      assets: z.number().int(),
      units: z.number().int(),
      value: z.string(),
    }),
  ),
  /**
   * Issue #17 item 7: registered units (the asset register), where there are any: their states,
   * what is due within 7 days (or overdue), write-offs by reason and loans per unit in the range.
   */
  registeredUnits: z
    .object({
      total: z.number().int(),
      /** Neither lent, in maintenance nor written off (a safety block included). */
      inStore: z.number().int(),
      checkedOut: z.number().int(),
      inMaintenance: z.number().int(),
      writtenOff: z.number().int(),
      dueForMaintenance: z.number().int(),
      dueForSafetyCheck: z.number().int(),
      writeoffsByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
      topUnits: z.array(
        z.object({
          id: z.string(),
          assetTag: z.string().nullable(),
          itemName: z.string(),
          checkouts: z.number().int(),
        }),
      ),
    })
    .optional(),
});
export type InstitutionAnalytics = z.infer<typeof institutionAnalyticsSchema>;

export const institutionExportSchema = z.object({ csv: z.string() });
export type InstitutionExport = z.infer<typeof institutionExportSchema>;
