import { z } from 'zod';
import { modifierGroupSchema } from './modifiers';

/**
 * The catalogue contract (spec §3 categories, products, product_variants; §5 Product form and
 * Category; §7 Products, categories, variants). The same schemas validate the web form on change
 * and the server's request bodies, so a message the form shows is the message the API returns.
 */

/** spec §3 products.assetType; 'regular' is an ordinary shop product (what "absent" is stored as). */
export const ASSET_TYPES = ['regular', 'tool', 'material', 'equipment', 'consumable'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** spec §9 Other limits: names 255, SKU 100; location is a 255-character column. */
export const PRODUCT_LIMITS = {
  name: 255,
  sku: 100,
  location: 255,
  description: 5000,
  imageUrl: 2048,
  /** Stock and thresholds are whole units in a 32-bit column; a billion is far beyond any shelf. */
  count: 1_000_000_000,
} as const;

/** spec §5 Product form messages, spelled exactly as the spec gives them. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  priceRequired: 'Price is required',
  priceFormat: 'Invalid price format',
  skuRequired: 'SKU is required',
  categoryRequired: 'Category is required',
  stockMin: 'Stock must be 0 or greater',
  thresholdMin: 'Low stock threshold must be 0 or greater',
  imageUrl: 'Must be a valid URL',
  categoryNameRequired: 'Category name is required.',
} as const;

/**
 * spec §5: a price is digits with an optional decimal part. We allow at most 2 decimals (money is
 * numeric(10,2), so at most 8 digits before the point); '4', '4.5' and '4.50' are valid, '4.',
 * '.5', '4.505', '-1' and '1e3' are 'Invalid price format'.
 */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** Price as typed: required, then the format. Only a string is accepted (spec §3: a string in forms). */
export const priceSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? PRODUCT_MESSAGES.priceRequired : PRODUCT_MESSAGES.priceFormat,
  })
  .trim()
  .min(1, { error: PRODUCT_MESSAGES.priceRequired, abort: true })
  .regex(PRICE_PATTERN, { error: PRODUCT_MESSAGES.priceFormat });

/**
 * A whole number of units typed in a field or sent as a number. spec §5: stock "is parsed as an
 * integer, defaulting to 0", so an empty field takes `emptyValue` (0 for stock, 10 for the
 * threshold, whose placeholder is 10). Negative or not a number: `minMessage`.
 */
function unitCount(minMessage: string, emptyValue: number) {
  return z
    .union([z.number(), z.string()], { error: minMessage })
    .transform((value) => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      if (text === '') return emptyValue;
      return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    })
    .pipe(
      z
        .number({ error: minMessage })
        .min(0, { error: minMessage, abort: true })
        .int({ error: 'Must be a whole number' })
        .max(PRODUCT_LIMITS.count, { error: `Must be at most ${PRODUCT_LIMITS.count}` }),
    );
}

/** Optional free text: trimmed, '' means "none" (null); absent stays absent (a PATCH leaves it alone). */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
}

/** The WHATWG URL parser (a global in browsers and Node; this package's lib list is ES only). */
declare const URL: new (input: string) => { protocol: string };

/** http(s) only: an image URL ends up in an <img src>, and the page's CSP allows only https: and 'self'. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A database id. Any 8-4-4-4-12 hex form (the demo seed's ids are RFC 4122 v4, but nothing depends on it). */
export const idSchema = z.guid({ error: 'Invalid id' });

/** The form's fields without defaults: the base of create (defaults added) and update (all optional). */
const productFields = {
  name: z
    .string({ error: PRODUCT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: PRODUCT_MESSAGES.nameRequired, abort: true })
    .max(PRODUCT_LIMITS.name, { error: `Name must be at most ${PRODUCT_LIMITS.name} characters` }),
  description: optionalText(PRODUCT_LIMITS.description, 'Description'),
  price: priceSchema,
  sku: z
    .string({ error: PRODUCT_MESSAGES.skuRequired })
    .trim()
    .min(1, { error: PRODUCT_MESSAGES.skuRequired, abort: true })
    .max(PRODUCT_LIMITS.sku, { error: `SKU must be at most ${PRODUCT_LIMITS.sku} characters` }),
  categoryId: z.guid({ error: PRODUCT_MESSAGES.categoryRequired }),
  stock: unitCount(PRODUCT_MESSAGES.stockMin, 0),
  lowStockThreshold: unitCount(PRODUCT_MESSAGES.thresholdMin, 10),
  imageUrl: z
    .string({ error: PRODUCT_MESSAGES.imageUrl })
    .trim()
    .max(PRODUCT_LIMITS.imageUrl, { error: PRODUCT_MESSAGES.imageUrl, abort: true })
    .refine((value) => value === '' || isWebUrl(value), { error: PRODUCT_MESSAGES.imageUrl })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  hasVariants: z.boolean({ error: 'Must be true or false' }),
  isActive: z.boolean({ error: 'Must be true or false' }),
  /** spec §5: one of tool, material, equipment, consumable, or absent; the form also offers regular. */
  assetType: z
    .union([z.enum(ASSET_TYPES), z.literal('')], { error: 'Choose a valid asset type' })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  /** Free text Building-Floor-Room, e.g. Main-2-205 (spec §3). */
  location: optionalText(PRODUCT_LIMITS.location, 'Location'),
  isCheckoutRequired: z.boolean({ error: 'Must be true or false' }),
  /** The department an institutional item belongs to (spec §2 Inventory department filter). */
  departmentId: z.guid({ error: 'Unknown department' }).nullable().optional(),
  /** Issue #34 item 2: overrides the category's tax rate; null or absent = the category's. */
  taxRateId: z.guid({ error: 'Unknown tax rate' }).nullable().optional(),
};

/**
 * spec §5 Product form, for create (and for the web form's change validation). Defaults: stock 0,
 * lowStockThreshold 10, hasVariants false, isActive true, isCheckoutRequired false.
 * Institutional fields (assetType, location, isCheckoutRequired, departmentId) are honoured by the
 * server only for role manager (spec §6); from anyone else they are ignored.
 */
export const productFormSchema = z.object({
  ...productFields,
  stock: productFields.stock.default(0),
  lowStockThreshold: productFields.lowStockThreshold.default(10),
  hasVariants: productFields.hasVariants.default(false),
  isActive: productFields.isActive.default(true),
  isCheckoutRequired: productFields.isCheckoutRequired.default(false),
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/**
 * The stock a form or an import row was based on (issue #15 item 2): with it, a changed `stock`
 * is applied as the difference (stock − stockBasedOn), so a sale recorded while the form was open
 * is never undone. Without it (spec §7 clients), `stock` is taken as a count: set as it stands.
 */
export const stockBasedOnSchema = unitCount('Stock based on must be 0 or greater', 0);

/** PATCH /api/products/:id: any subset of the form's fields, same messages, no defaults applied. */
export const productUpdateSchema = z
  .object({
    ...productFields,
    stockBasedOn: stockBasedOnSchema,
    /** Issue #32: the store whose stock `stock` sets (the default store's when absent). */
    storeId: z.guid({ error: 'Store not found' }),
  })
  .partial();
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdateValues = z.output<typeof productUpdateSchema>;

/** The institutional asset fields only role manager may set (spec §6 Screen access). */
export const INSTITUTIONAL_FIELDS = ['assetType', 'location', 'isCheckoutRequired', 'departmentId'] as const;

/** spec §5 Category: the name must be non-empty after trimming. */
export const categoryCreateSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.categoryNameRequired })
    .trim()
    .min(1, { error: PRODUCT_MESSAGES.categoryNameRequired, abort: true })
    .max(255, { error: 'Category name must be at most 255 characters' }),
  description: optionalText(1000, 'Description'),
  /** Issue #34 item 2: the tax rate of the category's products (null or absent = 0%). */
  taxRateId: z.guid({ error: 'Unknown tax rate' }).nullable().optional(),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

const variantFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required', abort: true })
    .max(255, { error: 'Name must be at most 255 characters' }),
  price: priceSchema,
  stock: unitCount(PRODUCT_MESSAGES.stockMin, 0),
  sortOrder: z
    .number({ error: 'Sort order must be a whole number' })
    .int({ error: 'Sort order must be a whole number' })
    .min(0, { error: 'Sort order must be 0 or greater' })
    .max(10_000, { error: 'Sort order must be at most 10000' }),
};

/** POST /api/products/:id/variants. sortOrder defaults on the server to sizeSortOrder(name) (spec §9). */
export const variantCreateSchema = z.object({
  name: variantFields.name,
  price: variantFields.price,
  stock: variantFields.stock.default(0),
  sortOrder: variantFields.sortOrder.optional(),
});
export type VariantCreateInput = z.input<typeof variantCreateSchema>;

/**
 * The body of POST /api/products/:id/variants: a size option's fields and, issue #32, the store
 * its opening stock goes to (the default store when absent; spec §7 clients send none).
 */
export const variantCreateBodySchema = variantCreateSchema.extend({
  storeId: z.guid({ error: 'Store not found' }).optional(),
});

/** At most this many size options come with a new product (spec §9 names at most four per category). */
export const MAX_SIZE_OPTIONS_ON_CREATE = 20;

/**
 * POST /api/products: the form's fields plus, optionally, the product's size options (issue #13
 * item 16: the Add dialog sets them), created with the product in one transaction. Names are
 * unique per product ignoring case, as POST /api/products/:id/variants requires.
 */
export const productCreateSchema = productFormSchema.extend({
  variants: z
    .array(variantCreateSchema, { error: 'Size options must be a list' })
    .max(MAX_SIZE_OPTIONS_ON_CREATE, { error: `At most ${MAX_SIZE_OPTIONS_ON_CREATE} size options` })
    .superRefine((variants, ctx) => {
      const seen = new Set<string>();
      variants.forEach((variant, index) => {
        const key = variant.name.trim().toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `A size option named "${variant.name.trim()}" is listed twice.`,
          });
        }
        seen.add(key);
      });
    })
    .optional(),
  /** Issue #32: the store the opening stock goes to (the default store when absent). */
  storeId: z.guid({ error: 'Store not found' }).optional(),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreateValues = z.output<typeof productCreateSchema>;

/** PATCH /api/variants/:id. */
export const variantUpdateSchema = z
  .object({
    ...variantFields,
    isActive: z.boolean({ error: 'Must be true or false' }),
    stockBasedOn: stockBasedOnSchema,
    /** Issue #32: the store whose stock `stock` sets (the default store's when absent). */
    storeId: z.guid({ error: 'Store not found' }),
  })
  .partial();
export type VariantUpdateInput = z.input<typeof variantUpdateSchema>;

// ---- Response shapes (the JSON the API sends) ----

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** 2-decimal string, e.g. "4.50". */
  price: z.string(),
  sku: z.string(),
  categoryId: z.string(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  stock: z.number(),
  lowStockThreshold: z.number(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  hasVariants: z.boolean(),
  assetType: z.enum(ASSET_TYPES),
  location: z.string().nullable(),
  isCheckoutRequired: z.boolean(),
  departmentId: z.string().nullable(),
  /** Issue #34 item 2: the product's own tax rate (null: its category's). */
  taxRateId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Issue #35 item 1 (docs/adr/0035): the product's modifier groups (its own, else its category's)
   * with their options, in the till's order; present in the product list only when it has any.
   */
  modifierGroups: z.array(modifierGroupSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * GET /api/products/:id (issue #32, additive to spec §7): the product with its own stock at each
 * store's selling location (`stock` is the store asked for, else all stores together).
 */
export const productDetailSchema = productSchema.extend({
  stockByStore: z.array(z.object({ storeId: z.string(), storeName: z.string(), stock: z.number() })).optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * GET /api/products/low-stock (issue #32, additive to spec §7): a product low at a store. When the
 * list covers several stores ("All stores"), each row is one product at one store, named by
 * `storeId`/`storeName`, so one empty café is never hidden in a total; one store's list (a store
 * asked for, or a one-store installation) is spec §7's shape exactly.
 */
export const lowStockProductSchema = productSchema.extend({
  storeId: z.string().optional(),
  storeName: z.string().optional(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  department: z.string().nullable(),
  isInstitutional: z.boolean(),
  /** Issue #34 item 2: the tax rate of its products (null = 0%). */
  taxRateId: z.string().nullable(),
  /** Products assigned to it, active and inactive: a category with any cannot be deleted (spec §5). */
  productCount: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const variantSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  /** 2-decimal string. */
  price: z.string(),
  stock: z.number(),
  isActive: z.boolean(),
  sortOrder: z.number(),
});
export type Variant = z.infer<typeof variantSchema>;

export const importRowStatuses = ['created', 'updated', 'unchanged', 'refused'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

/**
 * A CSV import's answer: counts, then one entry per data row (row 2 is the first row under the
 * header) named by the row's key column (`sku` for products, `code` for procurement departments).
 */
export function importResultSchema<Key extends string>(key: Key) {
  return z.object({
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    refused: z.number(),
    rows: z.array(
      z.object({ row: z.number(), status: z.enum(importRowStatuses), reason: z.string().optional() }).extend(
        // The key column's value, as read from the row.
        { [key]: z.string() } as { [K in Key]: z.ZodString },
      ),
    ),
  });
}

/** POST /api/products/import answer. */
export const productImportResultSchema = importResultSchema('sku');
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/** The columns of the catalogue CSV, in order (export writes them; import reads them by name). */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'stock',
  'lowStockThreshold',
  'assetType',
  'location',
  'isCheckoutRequired',
  'isActive',
  'imageUrl',
  /**
   * The stock when exported (issue #15 item 2): an edited file imported later changes stock by
   * (stock − stockBasedOn), so sales made since the export are kept.
   */
  'stockBasedOn',
] as const;

// ---- Rules ----

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * spec §5 Generated SKU: the first 6 letters or digits of the name in upper case plus 3 random
 * upper-case letters ("Café Latte" → "CAFELA" + "QZK"). Accents are dropped so é counts as E;
 * a name without any letter or digit uses "ITEM" so the SKU never is just 3 letters.
 * Uniqueness is the server's (409 catalog.sku_taken); the form generates again on a clash.
 */
export function generateSku(name: string, random: () => number = Math.random): string {
  const prefix =
    name
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 6)
      .toUpperCase() || 'ITEM';
  let suffix = '';
  for (let i = 0; i < 3; i++) {
    suffix += UPPER[Math.min(25, Math.floor(random() * 26))];
  }
  return prefix + suffix;
}

export type StockStatus = 'Out of Stock' | 'Low Stock' | 'In Stock';

/** spec §4 Stock status badge: 0 → Out of Stock; at or below the threshold → Low Stock; else In Stock. */
export function stockStatus(stock: number, lowStockThreshold: number): StockStatus {
  if (stock <= 0) return 'Out of Stock';
  if (stock <= lowStockThreshold) return 'Low Stock';
  return 'In Stock';
}

/** spec §3: a category without a name is shown as 'Uncategorized'. */
export function categoryLabel(category: { name?: string | null } | null | undefined): string {
  return category?.name?.trim() || 'Uncategorized';
}

/** The first message per field of a failed parse, keyed like the API's `errors` ("price", "items.0.qty"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}
