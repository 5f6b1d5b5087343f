import {
  type Cents,
  type ChosenModifier,
  centsToDecimal,
  checkModifierChoice,
  type ModifierGroup,
  parseCents,
  type SaleItemInput,
  type SaleRequest,
  type SaleTotals,
  type StoredVariant,
  sizePricesFor,
} from '@retail-hub/shared';
import { posErrors } from './pos.errors';

/** A product as the sale path reads it (straight from the tables, not through the catalogue API). */
export type SaleProduct = {
  id: string;
  name: string;
  /** numeric(10,2) as stored. */
  price: string;
  isActive: boolean;
  /** Issue #32 item 2: false when the store the sale is priced at does not sell the product. */
  isAvailable: boolean;
  /** The manager's 'has size options' flag (spec §3 products.hasVariants). */
  hasVariants: boolean;
  categoryName: string | null;
  /** Issue #34 item 2: the effective sales tax rate (product's, else category's, else 0), hundredths of a percent. */
  taxRate?: number;
  /** Whether the store's prices include tax (its own setting, else the installation's). */
  pricesIncludeTax?: boolean;
  /** Issue #35 item 1: the product's modifier groups (its own, else its category's) with their active options. */
  modifierGroups?: ModifierGroup[];
};

/** A stored size option as the sale path reads it (no stock: stock moves in the sale's statement). */
export type SaleVariant = Omit<StoredVariant, 'stock'> & { productId: string };

/** A sale line as the server prices it. */
export type PricedLine = {
  productId: string;
  productName: string;
  /** The stored size option the line sells from (its stock moves); null when the product's stock moves. */
  variantId: string | null;
  variantName: string | null;
  quantity: number;
  /** The size's price plus the modifiers' (issue #35 item 1). */
  unitCents: Cents;
  /** Issue #35 item 1: the modifiers as charged; null for a line without any. */
  modifiers: ChosenModifier[] | null;
};

/**
 * Reprices every line from the server's own data (security guide: the server reprices every
 * sale). A size option is priced by spec §9 through sizePricesFor: the rule price wins over a
 * stored variant's price. A size is accepted only when the product offers it (issue #13 item 4):
 * a product offers size options when it has the 'has size options' flag or an active stored
 * option, and then exactly what the terminal's size dialog lists (its category's fixed options
 * and its stored ones); a product without size options offers none, so 'Small' cannot sell it at
 * 0.8x nor 'Dine In Small Cup' a bag of beans at 3.00. A line naming its variant by id must name
 * one of those options; a line with only a size name is matched by name, in any case (so a rule
 * size with a stored variant still moves that variant's stock). Anything else is
 * 'Unknown size option', never free text on the receipt. All in memory, from the pricing cache.
 * Issue #32 item 2: `products` are as sold at the sale's store (its own price; a product the store
 * does not sell is refused, naming it).
 */
export function priceSaleLines(
  items: readonly SaleItemInput[],
  products: ReadonlyMap<string, SaleProduct>,
  variantsByProduct: ReadonlyMap<string, readonly SaleVariant[]>,
): PricedLine[] {
  return items.map((item, index) => {
    const product = products.get(item.productId);
    if (!product?.isActive) throw posErrors.unknownProduct();
    if (!product.isAvailable) throw posErrors.unavailableAtStore(product.name);
    const sized = priceSize(item, product, variantsByProduct);
    if (!product.modifierGroups?.length && !item.modifiers?.length) return sized;
    return withModifiers(sized, product.modifierGroups ?? [], item.modifiers ?? [], index);
  });
}

/**
 * Issue #35 item 1 (docs/adr/0035): adds a line's modifiers to its size's price, by the shared rule
 * (checkModifierChoice): options of the product's groups only, none twice, each group within its
 * min and max. A refusal is a 400 naming the line's `items.N.modifiers`. A product without groups
 * and a line without modifiers never get here.
 */
function withModifiers(
  sized: PricedLine,
  groups: readonly ModifierGroup[],
  modifiers: ReadonlyArray<{ optionId: string }>,
  index: number,
): PricedLine {
  const choice = checkModifierChoice(
    groups,
    modifiers.map((m) => m.optionId),
  );
  if (!choice.ok) throw posErrors.invalidModifiers(index, choice.message);
  if (choice.chosen.length === 0) return sized;
  return {
    ...sized,
    unitCents: (sized.unitCents + choice.cents) as Cents,
    modifiers: choice.chosen.map((c) => ({
      optionId: c.optionId,
      groupName: c.groupName,
      name: c.name,
      price: centsToDecimal(c.cents),
    })),
  };
}

function priceSize(
  item: SaleItemInput,
  product: SaleProduct,
  variantsByProduct: ReadonlyMap<string, readonly SaleVariant[]>,
): PricedLine {
  const priceCents = parseCents(product.price) ?? 0;
  const requestedName = item.variantName?.trim() || null;
  if (!item.variantId && !requestedName) {
    return line(product, null, null, item.quantity, priceCents);
  }
  const stored = variantsByProduct.get(product.id) ?? [];
  const offersSizes = product.hasVariants || stored.some((v) => v.isActive);
  if (!offersSizes) throw posErrors.unknownSizeOption();
  const options = sizePricesFor({ categoryName: product.categoryName, priceCents }, stored);
  if (item.variantId) {
    const option = options.find((o) => o.variantId === item.variantId);
    if (!option) throw posErrors.unknownSizeOption();
    return line(product, option.variantId, option.name, item.quantity, option.priceCents);
  }
  const wanted = (requestedName as string).toLowerCase();
  const option = options.find((o) => o.name.toLowerCase() === wanted);
  if (!option) throw posErrors.unknownSizeOption();
  return line(product, option.variantId, option.name, item.quantity, option.priceCents);
}

function line(
  product: SaleProduct,
  variantId: string | null,
  variantName: string | null,
  quantity: number,
  unitCents: Cents,
): PricedLine {
  return {
    productId: product.id,
    productName: product.name,
    variantId,
    variantName,
    quantity,
    unitCents,
    modifiers: null,
  };
}

/**
 * True when any amount the terminal sent differs from the server's (spec §9 Money and fees); `tax`
 * is the sales tax once a line is taxed, else the card fee (ADR 0030).
 */
export function clientTotalsDisagree(
  request: SaleRequest,
  lines: readonly PricedLine[],
  totals: SaleTotals,
  cardFee: Cents,
): boolean {
  const differs = (sent: string, cents: Cents) => parseCents(sent) !== cents;
  if (differs(request.subtotal, totals.subtotal) || differs(request.tax, totals.tax)) return true;
  // Issue #34 item 2: a client may send the card fee apart (only compared, like every amount).
  if (request.cardFee !== undefined && differs(request.cardFee, cardFee)) return true;
  if (differs(request.total, totals.total)) return true;
  return request.items.some((item, i) => {
    const priced = lines[i] as PricedLine;
    return differs(item.unitPrice, priced.unitCents) || differs(item.totalPrice, priced.unitCents * priced.quantity);
  });
}

/** One stock movement: the same product (or size option) on several lines is summed first. */
export type StockNeed = { table: 'product' | 'variant'; id: string; productName: string; quantity: number };

export function stockNeeds(lines: readonly PricedLine[]): StockNeed[] {
  const needs = new Map<string, StockNeed>();
  for (const l of lines) {
    const table = l.variantId ? 'variant' : 'product';
    const id = l.variantId ?? l.productId;
    const key = `${table}:${id}`;
    const need = needs.get(key);
    if (need) need.quantity += l.quantity;
    else needs.set(key, { table, id, productName: l.productName, quantity: l.quantity });
  }
  // A fixed order (by id) so concurrent sales lock shared rows in the same order: no deadlock.
  return [...needs.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Issue #35 item 1: a line's modifiers at the catalogue's options now (offline sales, held offline
 * sales): their sum and snapshots, or null when the choice is no longer valid (an option gone, a
 * group's min/max changed). A product without groups and a line without modifiers: 0, none.
 */
export function modifiersNow(
  groups: readonly ModifierGroup[] | undefined,
  modifiers: ReadonlyArray<{ optionId: string }> | null | undefined,
): { cents: Cents; chosen: ChosenModifier[] | null } | null {
  if (!groups?.length && !modifiers?.length) return { cents: 0 as Cents, chosen: null };
  const choice = checkModifierChoice(
    groups ?? [],
    (modifiers ?? []).map((m) => m.optionId),
  );
  if (!choice.ok) return null;
  const chosen = choice.chosen.map((c) => ({
    optionId: c.optionId,
    groupName: c.groupName,
    name: c.name,
    price: centsToDecimal(c.cents),
  }));
  return { cents: choice.cents, chosen: chosen.length > 0 ? chosen : null };
}
