import { z } from 'zod';
import { idSchema } from './catalog';
import { moneyStringSchema } from './pos';

/**
 * Issue #32 item 2: the stores of one installation (a café, a shop, a branch), each with its own
 * tills, shifts, Z numbers and reports, on one shared catalogue. Not the procurement "stores"
 * (stock locations, ./stores.ts): a store sells from its selling location.
 */

/**
 * Issue #32: "All stores", every store's figures together (the `storeId=all` / `stockStoreId=all`
 * of the API, the pickers' choice). One constant for the server and the web.
 */
export const ALL_STORES = 'all' as const;

/** Issue #32: roles never limited to some stores, whatever `user_stores` holds (ADR 0024). */
export const STORE_UNLIMITED_ROLES = ['manager', 'super_admin'] as const;

/**
 * Issue #32: whether a role can be limited to some stores by `user_stores` (the server's
 * `readableStores` and the web's pickers apply the same rule). Managers and super admins never are.
 */
export function mayBeLimitedToStores(role: string): boolean {
  return !(STORE_UNLIMITED_ROLES as readonly string[]).includes(role);
}

export const RETAIL_STORE_MESSAGES = {
  nameRequired: 'Store name is required',
  nameTooLong: 'Store name must be at most 255 characters',
  codeRequired: 'Store code is required',
  codeTooLong: 'Store code must be at most 50 characters',
  codeTaken: (code: string) => `A store with code "${code}" already exists.`,
  locationUnknown: 'Unknown location',
  locationRequired: 'A store sells from a location: choose one',
  storeUnknown: 'Unknown store',
  storeArchived: 'This store is archived',
  chooseStore: 'Choose the store this shift sells at',
  notYourStore: 'You are not allowed to sell at this store.',
  /** Issue #32: a reader limited to some stores asked for another store's figures (403). */
  notYourStoreFigures: "You can't see this store's figures.",
  /** Issue #32: sign-in refused on a till bound to a store the user may not sell at (403). */
  notOnThisTill: (store: string) => `You can't sell at ${store} on this till`,
} as const;

export const retailStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  sellingLocationId: z.string().nullable(),
  /** The selling location's name, for the list. */
  sellingLocationName: z.string().nullable(),
  /** A closed store: its history and reports stay; no new shifts; not counted as a store. */
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type RetailStore = z.infer<typeof retailStoreSchema>;

const storeName = z
  .string({ error: RETAIL_STORE_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: RETAIL_STORE_MESSAGES.nameRequired })
  .max(255, { error: RETAIL_STORE_MESSAGES.nameTooLong });

const storeCode = z
  .string({ error: RETAIL_STORE_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: RETAIL_STORE_MESSAGES.codeRequired })
  .max(50, { error: RETAIL_STORE_MESSAGES.codeTooLong })
  .transform((code) => code.toUpperCase());

const sellingLocation = z
  .union([z.guid({ error: RETAIL_STORE_MESSAGES.locationUnknown }), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' ? null : value));

/** POST /api/stores. Codes are kept upper case and unique (409). */
export const retailStoreCreateSchema = z.object({
  name: storeName,
  code: storeCode,
  sellingLocationId: sellingLocation,
});
export type RetailStoreCreate = z.input<typeof retailStoreCreateSchema>;

/** PATCH /api/stores/:id: any create field. */
export const retailStoreUpdateSchema = z.object({
  name: storeName.optional(),
  code: storeCode.optional(),
  sellingLocationId: sellingLocation,
  isArchived: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type RetailStoreUpdate = z.input<typeof retailStoreUpdateSchema>;

/** PUT /api/terminals/:id/store: bind a till to a store (null: unbind). */
export const terminalStoreBodySchema = z.object({
  storeId: z.union([z.guid({ error: RETAIL_STORE_MESSAGES.storeUnknown }), z.null()], {
    error: RETAIL_STORE_MESSAGES.storeUnknown,
  }),
});
export const terminalStoreSchema = z.object({
  terminalId: z.string(),
  storeId: z.string().nullable(),
});
export type TerminalStore = z.infer<typeof terminalStoreSchema>;

/** PUT /api/users/:id/stores: the stores a user may sell at ([]: every store). */
export const userStoresBodySchema = z.object({
  storeIds: z.array(z.guid({ error: RETAIL_STORE_MESSAGES.storeUnknown }), {
    error: 'storeIds must be a list of store ids',
  }),
});
export const userStoresSchema = z.object({ userId: z.string(), storeIds: z.array(z.string()) });
export type UserStores = z.infer<typeof userStoresSchema>;

/** PUT /api/products/:id/stores/:storeId: a product's per-store price and availability. */
export const productStoreBodySchema = z.object({
  price: z.union([moneyStringSchema, z.null()]).optional(),
  isAvailable: z.boolean({ error: 'Must be true or false' }).optional(),
});
export const productStoreSchema = z.object({
  productId: z.string(),
  storeId: z.string(),
  /** null: the catalogue's price. */
  price: z.string().nullable(),
  isAvailable: z.boolean(),
});
export type ProductStore = z.infer<typeof productStoreSchema>;

/** `?storeId=` of the reports: one store, or absent for all stores. */
export const storeFilterSchema = z
  .union([idSchema, z.literal('')])
  .optional()
  .transform((value) => (value ? value : undefined));
