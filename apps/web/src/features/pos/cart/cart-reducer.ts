import {
  type Cents,
  centsToDecimal,
  type Discount,
  type DiscountedSale,
  isDiscountRefusal,
  MAX_LINE_QUANTITY,
  modifiersKey,
  type PaymentMethod,
  priceDiscountedSale,
  type SaleTotals,
} from '@retail-hub/shared';

/**
 * The terminal's cart (spec §3 Cart line, §4 Cart and checkout, §5 Cart), as a pure reducer so
 * every rule is testable without a screen. Toasts are not side effects of the reducer: a refused
 * change leaves the lines as they were and sets `notice`, which the terminal shows once.
 */

/** spec §3 Cart line, plus what the rules need (cents for exact totals, known stock). */
export type CartLine = {
  /** productId + size: one line per product and size. */
  key: string;
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  /** 2-decimal string, as the sale payload carries it. */
  price: string;
  priceCents: Cents;
  quantity: number;
  imageUrl: string | null;
  /** Stock known when the line was last added to (product stock, or the size's stock). */
  stock: number;
  /** Issue #15 item 7: this line's own discount, if any. */
  discount?: Discount | null;
  /**
   * Issue #34 item 2 (ADR 0030): the product's sales tax rate (hundredths of a percent: its own,
   * else its category's) and whether the store's prices include tax, as the till knew them when
   * the line was added. Absent: 0%, and the sale is exactly as before.
   */
  taxRate?: number;
  pricesIncludeTax?: boolean;
  /**
   * Issue #35 item 1 (docs/adr/0035): the modifiers chosen for the line; `priceCents` includes
   * them. Absent on a line without modifiers.
   */
  modifiers?: CartModifier[];
};

/** A modifier option on a cart line: what the sale sends (optionId) and what the line shows. */
export type CartModifier = { optionId: string; name: string; priceCents: Cents };

export type CartNotice = { id: number; title: string; message: string };

export type CartState = {
  lines: CartLine[];
  notice: CartNotice | null;
  /** Issue #15 item 7: the whole-sale discount, if any. */
  saleDiscount?: Discount | null;
  /** A manager's PIN typed to approve a discount above the cashier's cap; sent with the sale. */
  approverPin?: string | null;
};

/** What the terminal adds: a product, or one of its sizes (spec §2 'Choose Size'). */
export type CartItem = {
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  priceCents: Cents;
  imageUrl: string | null;
  stock: number;
  /** Issue #34 item 2: see CartLine. */
  taxRate?: number;
  pricesIncludeTax?: boolean;
  /** Issue #35 item 1: see CartLine (priceCents already includes them). */
  modifiers?: CartModifier[];
};

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'increment'; key: string }
  | { type: 'decrement'; key: string }
  | { type: 'remove'; key: string }
  | {
      type: 'reprice';
      prices: ReadonlyMap<string, { priceCents: Cents; stock?: number; taxRate?: number; pricesIncludeTax?: boolean }>;
    }
  | { type: 'setLineDiscount'; key: string; discount: Discount | null; approverPin?: string | null }
  | { type: 'setSaleDiscount'; discount: Discount | null; approverPin?: string | null }
  | { type: 'clearApproval' }
  | { type: 'clear' }
  /** Issue #35 item 3: a resumed held sale replaces the (empty) cart; prices are re-read next. */
  | { type: 'load'; lines: readonly HeldCartLine[]; saleDiscount: Discount | null };

/** A held sale's line as the cart takes it back (the price it showed when held, until repriced). */
export type HeldCartLine = {
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  priceCents: Cents;
  quantity: number;
  discount: Discount | null;
  modifiers?: CartModifier[];
};

export const emptyCart: CartState = { lines: [], notice: null };

/**
 * One line per product, size and modifiers. The size name is part of the key: a size the server
 * prices by rule without a stored variant (spec §9, 'Small'/'Large') has no variant id. Issue #35
 * item 1: lines with different modifiers never merge, the same ones (in any order) do.
 */
export function lineKey(
  productId: string,
  variantId: string | null | undefined,
  variantName?: string | null,
  modifiers?: ReadonlyArray<{ optionId: string }> | null,
): string {
  const base = `${productId}:${variantId ?? ''}:${variantName ?? ''}`;
  const chosen = modifiersKey(modifiers);
  return chosen ? `${base}:${chosen}` : base;
}

/** The modifiers as a line keeps them: none is absent, not an empty list. */
const withModifiers = (modifiers: readonly CartModifier[] | undefined) =>
  modifiers?.length ? { modifiers: [...modifiers] } : {};

function refuse(state: CartState, title: string, message: string): CartState {
  return { ...state, notice: { id: (state.notice?.id ?? 0) + 1, title, message } };
}

/** A line for one size of a product (spec §2 'Choose Size'). */
export function isSizeLine(line: Pick<CartLine, 'variantId' | 'variantName'>): boolean {
  return line.variantId !== null || line.variantName !== null;
}

const unitsAvailable = (stock: number, name: string) => `Only ${stock} units available for ${name}.`;

/**
 * The most a line may hold. spec §4: adding increments up to stock; spec §5: a size line is not
 * stock-capped on a quantity change but is capped at 999 (the server caps every line at 999 and
 * stays the authority on stock).
 */
function capFor(line: Pick<CartLine, 'variantId' | 'variantName' | 'stock'>, via: 'add' | 'change'): number {
  if (isSizeLine(line) && via === 'change') return MAX_LINE_QUANTITY;
  return Math.min(line.stock, MAX_LINE_QUANTITY);
}

function withQuantity(state: CartState, key: string, quantity: number): CartState {
  const line = state.lines.find((l) => l.key === key);
  if (!line) return state;
  // spec §4: a quantity of 0 or less removes the line.
  if (!Number.isFinite(quantity) || quantity <= 0) {
    return { ...state, lines: state.lines.filter((l) => l.key !== key) };
  }
  const wanted = Math.floor(quantity);
  const cap = capFor(line, 'change');
  if (wanted > cap) {
    const capped = state.lines.map((l) => (l.key === key ? { ...l, quantity: cap } : l));
    const message = isSizeLine(line) ? `At most ${MAX_LINE_QUANTITY} per line.` : unitsAvailable(line.stock, line.name);
    return refuse({ ...state, lines: capped }, 'Stock Limit', message);
  }
  return { ...state, lines: state.lines.map((l) => (l.key === key ? { ...l, quantity: wanted } : l)) };
}

/**
 * An amount discount is never more than what it discounts (the server refuses it): after a
 * quantity or price change, one that no longer fits is dropped, and with no discount left the
 * approval PIN goes too.
 */
function keepDiscountsValid(state: CartState): CartState {
  let changed = false;
  const lines = state.lines.map((l) => {
    if (l.discount?.type === 'amount' && l.discount.cents > l.priceCents * l.quantity) {
      changed = true;
      return { ...l, discount: null };
    }
    return l;
  });
  let saleDiscount = state.saleDiscount ?? null;
  if (saleDiscount?.type === 'amount' || (saleDiscount && lines.length === 0)) {
    const priced = priceDiscountedSale(toRuleLines(lines), null, 'cash') as DiscountedSale;
    if (lines.length === 0 || (saleDiscount.type === 'amount' && saleDiscount.cents > priced.subtotal)) {
      saleDiscount = null;
      changed = true;
    }
  }
  const anyDiscount = saleDiscount !== null || lines.some((l) => l.discount);
  const approverPin = anyDiscount ? (state.approverPin ?? null) : null;
  if (!changed && approverPin === (state.approverPin ?? null)) return state;
  return { ...state, lines, saleDiscount, approverPin };
}

function toRuleLines(lines: readonly CartLine[]) {
  return lines.map((l) => ({ unitCents: l.priceCents, quantity: l.quantity, discount: l.discount ?? null }));
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  return keepDiscountsValid(applyAction(state, action));
}

function applyAction(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const { item } = action;
      // spec §5: a product (or size) with stock 0 or less cannot be added.
      if (item.stock <= 0) return refuse(state, 'Out of Stock', `${item.name} is out of stock.`);
      const key = lineKey(item.productId, item.variantId, item.variantName, item.modifiers);
      const existing = state.lines.find((l) => l.key === key);
      const cap = capFor(item, 'add');
      const quantity = (existing?.quantity ?? 0) + 1;
      if (quantity > cap) return refuse(state, 'Stock Limit', unitsAvailable(item.stock, item.name));
      if (existing) {
        return {
          ...state,
          lines: state.lines.map((l) => (l.key === key ? { ...l, quantity, stock: item.stock } : l)),
        };
      }
      const line: CartLine = {
        key,
        productId: item.productId,
        variantId: item.variantId,
        name: item.name,
        variantName: item.variantName,
        price: centsToDecimal(item.priceCents),
        priceCents: item.priceCents,
        quantity: 1,
        imageUrl: item.imageUrl,
        stock: item.stock,
        ...(item.taxRate ? { taxRate: item.taxRate, pricesIncludeTax: item.pricesIncludeTax ?? false } : {}),
        ...withModifiers(item.modifiers),
      };
      return { ...state, lines: [...state.lines, line] };
    }
    case 'increment': {
      const line = state.lines.find((l) => l.key === action.key);
      return line ? withQuantity(state, action.key, line.quantity + 1) : state;
    }
    case 'decrement': {
      const line = state.lines.find((l) => l.key === action.key);
      return line ? withQuantity(state, action.key, line.quantity - 1) : state;
    }
    case 'setQuantity':
      return withQuantity(state, action.key, action.quantity);
    case 'remove':
      return { ...state, lines: state.lines.filter((l) => l.key !== action.key) };
    case 'reprice': {
      // After the server refused stale totals: take the current prices (and stock) it serves.
      const lines = state.lines.map((l) => {
        const fresh = action.prices.get(l.key);
        if (!fresh) return l;
        const repriced = {
          ...l,
          priceCents: fresh.priceCents,
          price: centsToDecimal(fresh.priceCents),
          stock: fresh.stock ?? l.stock,
        };
        // Issue #34 item 2: the rate in force now, when it was read (0% keeps no rate on the line).
        if (fresh.taxRate === undefined) return repriced;
        const { taxRate: _rate, pricesIncludeTax: _included, ...untaxed } = repriced;
        return fresh.taxRate
          ? { ...untaxed, taxRate: fresh.taxRate, pricesIncludeTax: fresh.pricesIncludeTax ?? false }
          : untaxed;
      });
      return { ...state, lines };
    }
    case 'setLineDiscount':
      return {
        ...state,
        lines: state.lines.map((l) => (l.key === action.key ? { ...l, discount: action.discount } : l)),
        approverPin: action.approverPin === undefined ? state.approverPin : action.approverPin,
      };
    case 'setSaleDiscount':
      return {
        ...state,
        saleDiscount: action.discount,
        approverPin: action.approverPin === undefined ? state.approverPin : action.approverPin,
      };
    case 'clearApproval':
      return { ...state, approverPin: null };
    case 'clear':
      return { ...state, lines: [], saleDiscount: null, approverPin: null };
    case 'load': {
      const lines: CartLine[] = [];
      for (const held of action.lines) {
        const key = lineKey(held.productId, held.variantId, held.variantName, held.modifiers);
        const quantity = Math.min(Math.max(1, Math.floor(held.quantity)), MAX_LINE_QUANTITY);
        // Stock is unknown until the server's prices and stock are read (right after): the held
        // quantity stands until then.
        const line: CartLine = {
          key,
          productId: held.productId,
          variantId: held.variantId,
          name: held.name,
          variantName: held.variantName,
          price: centsToDecimal(held.priceCents),
          priceCents: held.priceCents,
          quantity,
          imageUrl: null,
          stock: quantity,
          discount: held.discount,
          ...withModifiers(held.modifiers),
        };
        const at = lines.findIndex((l) => l.key === key);
        if (at >= 0)
          lines[at] = { ...line, quantity: Math.min(MAX_LINE_QUANTITY, (lines[at]?.quantity ?? 0) + quantity) };
        else lines.push(line);
      }
      return { ...state, lines, saleDiscount: action.saleDiscount, approverPin: null };
    }
  }
}

/** Number of items (not lines) in the cart. */
export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * spec §9 Money and fees, with issue #15's discounts: the shared rule (packages/shared/src/discount-rules.ts)
 * prices the cart exactly as the server will. The cart never holds a discount the rule refuses
 * (keepDiscountsValid); if it did, the sale is priced without discounts and the server says why.
 */
export function pricedCart(
  lines: readonly CartLine[],
  method: PaymentMethod,
  saleDiscount: Discount | null = null,
): DiscountedSale {
  const priced = priceDiscountedSale(toRuleLines(lines), saleDiscount, method);
  if (!isDiscountRefusal(priced)) return priced;
  return priceDiscountedSale(
    lines.map((l) => ({ unitCents: l.priceCents, quantity: l.quantity })),
    null,
    method,
  ) as DiscountedSale;
}

/** spec §9 Money and fees: subtotal (after discounts), card fee (carried as tax) and total, in cents. */
export function cartTotals(
  lines: readonly CartLine[],
  method: PaymentMethod,
  saleDiscount: Discount | null = null,
): SaleTotals {
  const priced = pricedCart(lines, method, saleDiscount);
  return { subtotal: priced.subtotal, tax: priced.tax, total: priced.total };
}
