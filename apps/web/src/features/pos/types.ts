import type { ModifierGroup } from '@retail-hub/shared';

/**
 * Shapes the terminal and the POS dashboards read from the server (spec §3, §7; the POS API
 * contract of issue #4). Money arrives as 2-decimal strings.
 */

/** The fields of a catalogue product the POS screens read (GET /api/products). */
export type PosProduct = {
  id: string;
  name: string;
  price: string;
  sku: string;
  categoryId: string | null;
  category: { id: string; name: string } | null;
  stock: number;
  lowStockThreshold: number;
  isActive: boolean;
  imageUrl: string | null;
  hasVariants: boolean;
  assetType: string | null;
  /** Issue #34 item 2: the product's own tax rate (null: its category's). */
  taxRateId?: string | null;
  /** Issue #35 item 1: its modifier groups (its own, else its category's); absent when none. */
  modifierGroups?: ModifierGroup[];
};

/** The server's answers, from the shared contract (packages/shared/src/pos.ts). */
export type {
  DailyStats,
  Receipt,
  SaleResponse as RecordedSale,
  Shift,
  ShiftSummary,
  TopProduct,
  TransactionListItem,
} from '@retail-hub/shared';
