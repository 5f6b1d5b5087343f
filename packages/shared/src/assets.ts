import { z } from 'zod';
import { ASSET_TYPES } from './catalog';
import { ROLES } from './roles';

/**
 * Asset checkout (spec §3 asset_checkouts, §4 Asset checkout, §5 Asset return schema, issue #7).
 * The server validates with these schemas and the web app's dialogs use the same messages.
 */

/** spec §3 returnCondition and §5 asset return schema. */
export const RETURN_CONDITIONS = ['good', 'damaged', 'needs_maintenance'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** What a returned asset's condition puts on the product: damaged or needs maintenance. */
export const SERVICE_FLAGS = ['damaged', 'needs_maintenance'] as const;
export type ServiceFlag = (typeof SERVICE_FLAGS)[number];

export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  good: 'Good',
  damaged: 'Damaged',
  needs_maintenance: 'Needs maintenance',
};

/** spec §4: the displayed statuses. 'overdue' is computed (active and past its expected return), never stored. */
export const CHECKOUT_STATUSES = ['checked_out', 'returned', 'overdue'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** spec §2 filter buttons (All Assets, Checked Out, Returned, Overdue); 'all' means no filter (spec §7). */
export const CHECKOUT_FILTERS = ['all', 'checked_out', 'returned', 'overdue'] as const;
export type CheckoutFilter = (typeof CHECKOUT_FILTERS)[number];

/**
 * GET /api/asset-checkouts paging: default and largest page. The default is a few screenfuls of
 * the Asset Checkout cards (whole rows of 1, 2 or 3 columns); 'Show more' asks for the next page
 * after the last one shown. The largest page is the other lists' (products, transactions).
 */
export const CHECKOUT_LIST_DEFAULT_LIMIT = 60;
export const CHECKOUT_LIST_MAX_LIMIT = 5000;

/**
 * Orders of GET /api/asset-checkouts: 'newest' checkout first (the Asset Checkout screen, the
 * default), or 'due': the soonest expected return first, loans without one last (the procurement
 * dashboard's most overdue returns).
 */
export const CHECKOUT_SORTS = ['newest', 'due'] as const;
export type CheckoutSort = (typeof CHECKOUT_SORTS)[number];

/**
 * The answer's paging headers: how many checkouts the filter holds in all, and the `cursor` that
 * asks for the page after this one (absent on the last page).
 */
export const CHECKOUT_TOTAL_HEADER = 'X-Total-Count';
export const CHECKOUT_NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const ASSET_MESSAGES = {
  returnConditionRequired: 'Return condition is required',
  assetRequired: 'Choose an asset to check out',
  borrowerRequired: 'Choose who is borrowing the asset',
  expectedReturnInvalid: 'Expected return must be a valid date and time',
  notesTooLong: 'Notes must be at most 1000 characters',
} as const;

export const ASSET_NOTES_MAX = 1000;

const notes = z
  .string({ error: ASSET_MESSAGES.notesTooLong })
  .trim()
  .max(ASSET_NOTES_MAX, { error: ASSET_MESSAGES.notesTooLong })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** POST /api/asset-checkouts. */
export const assetCheckoutCreateSchema = z
  .object({
    /** The POS asset product lent; optional when a registered unit (`assetId`) is lent. */
    productId: z.guid({ error: ASSET_MESSAGES.assetRequired }).optional(),
    variantId: z.guid({ error: 'Unknown size option' }).nullable().optional(),
    /** Issue #17: one registered unit (proc_assets), so the loan history belongs to that unit. */
    assetId: z.guid({ error: ASSET_MESSAGES.assetRequired }).nullable().optional(),
    /** Where the lent unit goes (a unit loan only); empty means with the borrower. */
    locationId: z.guid({ error: 'Unknown location' }).nullable().optional(),
    userId: z.guid({ error: ASSET_MESSAGES.borrowerRequired }),
    /** ISO 8601 with an offset or Z. A past time is allowed (recording a loan after the fact). */
    expectedReturnAt: z.iso
      .datetime({ offset: true, error: ASSET_MESSAGES.expectedReturnInvalid })
      .nullable()
      .optional(),
    notes,
  })
  .refine((body) => Boolean(body?.productId || body?.assetId), {
    error: ASSET_MESSAGES.assetRequired,
    path: ['productId'],
    // Reported together with the other fields' messages, not only once they are valid.
    when: (payload) => {
      const value = payload.value as { productId?: unknown; assetId?: unknown } | undefined;
      return !value?.productId && !value?.assetId;
    },
  });
export type AssetCheckoutCreateInput = z.input<typeof assetCheckoutCreateSchema>;

/** spec §5 Asset return: condition required (good, damaged or needs_maintenance), notes optional. */
export const assetReturnSchema = z.object({
  returnCondition: z.enum(RETURN_CONDITIONS, { error: ASSET_MESSAGES.returnConditionRequired }),
  notes,
  /** A registered unit's return: where it goes back to (default: where it was lent from). */
  locationId: z.guid({ error: 'Unknown location' }).nullable().optional(),
});
export type AssetReturnInput = z.input<typeof assetReturnSchema>;

// ---- Response shapes ----

export const assetCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  /** Null for the loan of a registered unit (then `asset` names it). */
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  userId: z.string(),
  /** What was lent: the POS product, or for a unit loan its item's name with the tag. */
  product: z.object({
    id: z.string().nullable(),
    name: z.string(),
    assetType: z.enum(ASSET_TYPES).nullable(),
    location: z.string().nullable(),
  }),
  asset: z.object({ id: z.string(), assetTag: z.string().nullable() }).nullable().optional(),
  variant: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  /** ISO 8601. */
  checkedOutAt: z.string(),
  expectedReturnAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnCondition: z.enum(RETURN_CONDITIONS).nullable(),
  notes: z.string().nullable(),
  returnNotes: z.string().nullable(),
});
export type AssetCheckout = z.infer<typeof assetCheckoutSchema>;

/** GET /api/asset-checkouts/borrowers: active staff a lender can choose from. */
export const borrowerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Borrower = z.infer<typeof borrowerSchema>;

/** GET /api/asset-checkouts/assets: the institutional assets that are lent out (active, checkout required). */
export const lendableAssetSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  assetType: z.enum(ASSET_TYPES),
  location: z.string().nullable(),
  stock: z.number(),
  serviceFlag: z.enum(SERVICE_FLAGS).nullable(),
  serviceFlaggedAt: z.string().nullable(),
  /** Units out on loan right now. */
  checkedOut: z.number(),
  variants: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number() })),
});
export type LendableAsset = z.infer<typeof lendableAssetSchema>;
