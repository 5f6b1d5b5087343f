import { type Cents, centsToDecimal, mulRatio, parseCents } from './money';

/**
 * spec §9 Size option prices, in one place for the terminal and the server (which reprices every
 * sale line with it).
 * - Category 'coffee' (any case): four cups at fixed prices.
 * - Category 'mocktails' (any case): three fixed sizes.
 * - Any other category: Small = 0.8 × base and Large = 1.125 × base, rounded half up to the cent
 *   (integer arithmetic: mulRatio(base, 4, 5) and mulRatio(base, 9, 8)).
 * A stored variant whose name matches an option supplies its id and stock; the option's price
 * overrides the stored price. Stored active variants with other names (a manager's "Medium") are
 * offered too, at their stored price.
 */
const COFFEE_OPTIONS: ReadonlyArray<{ name: string; cents: Cents }> = [
  { name: 'Dine In Small Cup', cents: 300 },
  { name: 'Dine In Big Cup', cents: 400 },
  { name: 'Takeaway Small Cup', cents: 350 },
  { name: 'Takeaway Big Cup', cents: 450 },
];
const MOCKTAIL_OPTIONS: ReadonlyArray<{ name: string; cents: Cents }> = [
  { name: 'Small Plastic Cup', cents: 300 },
  { name: 'Big Plastic Cup', cents: 400 },
  { name: 'Glasses', cents: 400 },
];

/** spec §9 Variant sort order by name; any other name sorts as 0. */
const SORT_ORDER: Record<string, number> = {
  'Dine In Small Cup': 0,
  'Dine In Big Cup': 1,
  'Takeaway Small Cup': 2,
  'Takeaway Big Cup': 3,
  'Small Plastic Cup': 0,
  'Big Plastic Cup': 1,
  Glasses: 2,
  Small: 0,
  Large: 1,
};

export function sizeSortOrder(name: string): number {
  return SORT_ORDER[name] ?? 0;
}

export type StoredVariant = {
  id: string;
  name: string;
  /** 2-decimal string as stored. */
  price: string;
  stock: number;
  isActive: boolean;
  sortOrder: number;
};

export type SizeOption = {
  /** The stored variant this option sells from; null when none is stored (product stock is used). */
  variantId: string | null;
  name: string;
  priceCents: Cents;
  /** 2-decimal string of priceCents. */
  price: string;
  stock: number;
  sortOrder: number;
};

/** The rule-defined options of a category, with their prices for a base price. */
export function ruleOptionsFor(categoryName: string | null | undefined, basePriceCents: Cents) {
  const category = (categoryName ?? '').trim().toLowerCase();
  if (category === 'coffee') return COFFEE_OPTIONS;
  if (category === 'mocktails') return MOCKTAIL_OPTIONS;
  return [
    { name: 'Small', cents: mulRatio(basePriceCents, 4, 5) },
    { name: 'Large', cents: mulRatio(basePriceCents, 9, 8) },
  ];
}

/** A size option's price and where it sells from, without stock (what a sale is priced with). */
export type SizePrice = Omit<SizeOption, 'stock'>;

/**
 * The size options a product offers and their prices, in display order (no stock: the sale path
 * prices with this; stock moves in the sale's statement).
 *
 * Change with it: the server's SIZED_FINGERPRINT in
 * apps/server/src/modules/pos/sale-write.repository.ts lists every stored fact this result depends
 * on (the product's name, price, active and 'has size options' flags, its category name and its
 * stored size options). A sale priced from a fingerprint the catalogue no longer has is repriced;
 * a new input here that is missing there lets a sale go through at a price that changed under it.
 */
export function sizePricesFor(
  product: { categoryName: string | null | undefined; priceCents: Cents },
  stored: readonly Omit<StoredVariant, 'stock'>[],
): SizePrice[] {
  const active = stored.filter((v) => v.isActive);
  const byName = new Map(active.map((v) => [v.name.trim().toLowerCase(), v]));
  const options: SizePrice[] = [];
  const used = new Set<string>();
  for (const rule of ruleOptionsFor(product.categoryName, product.priceCents)) {
    const match = byName.get(rule.name.toLowerCase());
    if (match) used.add(match.id);
    options.push({
      variantId: match?.id ?? null,
      name: rule.name,
      priceCents: rule.cents,
      price: centsToDecimal(rule.cents),
      sortOrder: sizeSortOrder(rule.name),
    });
  }
  for (const variant of active) {
    if (used.has(variant.id)) continue;
    const cents = parseCents(variant.price) ?? 0;
    options.push({
      variantId: variant.id,
      name: variant.name,
      priceCents: cents,
      price: centsToDecimal(cents),
      sortOrder: variant.sortOrder,
    });
  }
  return options.sort((a, b) => a.sortOrder - b.sortOrder);
}

/**
 * The size options a product offers at the terminal, in display order, with their stock: a stored
 * size option's own, else the product's (sizePricesFor plus stock).
 */
export function sizeOptionsFor(
  product: { categoryName: string | null | undefined; priceCents: Cents; stock: number },
  stored: readonly StoredVariant[],
): SizeOption[] {
  const stockOf = new Map(stored.map((v) => [v.id, v.stock]));
  return sizePricesFor(product, stored).map((option) => ({
    ...option,
    stock: option.variantId === null ? product.stock : (stockOf.get(option.variantId) ?? product.stock),
  }));
}
