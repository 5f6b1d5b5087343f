import { describe, expect, it } from 'vitest';
import {
  type CartItem,
  type CartState,
  cartItemCount,
  cartReducer,
  cartTotals,
  emptyCart,
  lineKey,
} from './cart-reducer';

const muffin: CartItem = {
  productId: 'p-muffin',
  variantId: null,
  name: 'Blueberry Muffin',
  variantName: null,
  priceCents: 400,
  imageUrl: null,
  stock: 2,
};
const latteBig: CartItem = {
  productId: 'p-latte',
  variantId: 'v-big',
  name: 'Latte',
  variantName: 'Takeaway Big Cup',
  priceCents: 450,
  imageUrl: null,
  stock: 3,
};

const run = (state: CartState, ...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, state);
const add = (item: CartItem) => ({ type: 'add', item }) as const;

describe('the cart (spec §4 Cart and checkout, §5 Cart)', () => {
  it('adding a product twice makes one line of two', () => {
    const cart = run(emptyCart, add(muffin), add(muffin));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ productId: 'p-muffin', quantity: 2, price: '4.00' });
    expect(cart.notice).toBeNull();
  });

  it('adding beyond stock is refused with "Only N units available for {product}."', () => {
    const cart = run(emptyCart, add(muffin), add(muffin), add(muffin));
    expect(cart.lines[0]?.quantity).toBe(2);
    expect(cart.notice).toMatchObject({ message: 'Only 2 units available for Blueberry Muffin.' });
  });

  it('a product with no stock cannot be added: Out of Stock', () => {
    const cart = run(emptyCart, add({ ...muffin, stock: 0 }));
    expect(cart.lines).toEqual([]);
    expect(cart.notice?.title).toBe('Out of Stock');
  });

  it('each refusal is a new notice, so the same toast shows again on the next tap', () => {
    const once = run(emptyCart, add({ ...muffin, stock: 0 }));
    const twice = cartReducer(once, add({ ...muffin, stock: 0 }));
    expect(twice.notice?.id).not.toBe(once.notice?.id);
  });

  it('each size of a product is its own line', () => {
    const latteSmall = { ...latteBig, variantId: 'v-small', variantName: 'Dine In Small Cup', priceCents: 300 };
    const cart = run(emptyCart, add(latteBig), add(latteSmall), add(latteBig));
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([
      ['Takeaway Big Cup', 2],
      ['Dine In Small Cup', 1],
    ]);
  });

  it('rule-priced sizes without a stored variant still get their own lines', () => {
    const small = { ...muffin, variantName: 'Small', priceCents: 320, stock: 10 };
    const large = { ...muffin, variantName: 'Large', priceCents: 450, stock: 10 };
    const cart = run(emptyCart, add(small), add(large), add(muffin));
    expect(cart.lines).toHaveLength(3);
  });

  it('plus increments a product line up to its stock', () => {
    const key = lineKey(muffin.productId, null, null);
    const cart = run(emptyCart, add(muffin), { type: 'increment', key }, { type: 'increment', key });
    expect(cart.lines[0]?.quantity).toBe(2);
    expect(cart.notice?.message).toBe('Only 2 units available for Blueberry Muffin.');
  });

  it('a size line is not stock-capped on a quantity change but is capped at 999', () => {
    const key = lineKey(latteBig.productId, latteBig.variantId, latteBig.variantName);
    let cart = run(emptyCart, add(latteBig), { type: 'setQuantity', key, quantity: 50 });
    expect(cart.lines[0]?.quantity).toBe(50);
    cart = cartReducer(cart, { type: 'setQuantity', key, quantity: 5000 });
    expect(cart.lines[0]?.quantity).toBe(999);
    cart = cartReducer(cart, { type: 'increment', key });
    expect(cart.lines[0]?.quantity).toBe(999);
  });

  it('a quantity of 0 or less removes the line', () => {
    const key = lineKey(muffin.productId, null, null);
    expect(run(emptyCart, add(muffin), { type: 'decrement', key }).lines).toEqual([]);
    expect(run(emptyCart, add(muffin), { type: 'setQuantity', key, quantity: -3 }).lines).toEqual([]);
    expect(run(emptyCart, add(muffin), { type: 'setQuantity', key, quantity: 0 }).lines).toEqual([]);
  });

  it('remove and clear empty the cart', () => {
    const key = lineKey(muffin.productId, null, null);
    expect(run(emptyCart, add(muffin), add(latteBig), { type: 'remove', key }).lines).toHaveLength(1);
    expect(run(emptyCart, add(muffin), add(latteBig), { type: 'clear' }).lines).toEqual([]);
  });

  it('reprice takes the server prices for the lines it names', () => {
    const key = lineKey(muffin.productId, null, null);
    const cart = run(emptyCart, add(muffin), add(latteBig), {
      type: 'reprice',
      prices: new Map([[key, { priceCents: 425, stock: 9 }]]),
    });
    expect(cart.lines[0]).toMatchObject({ priceCents: 425, price: '4.25', stock: 9 });
    expect(cart.lines[1]).toMatchObject({ priceCents: 450 });
  });

  it('reprice takes the rate in force when it was read, and drops it when the rate is now 0', () => {
    const key = lineKey(muffin.productId, null, null);
    const taxed = run(emptyCart, add(muffin), {
      type: 'reprice',
      prices: new Map([[key, { priceCents: 400, taxRate: 1000, pricesIncludeTax: false }]]),
    });
    expect(taxed.lines[0]).toMatchObject({ taxRate: 1000, pricesIncludeTax: false });
    const untaxed = run(taxed, { type: 'reprice', prices: new Map([[key, { priceCents: 400, taxRate: 0 }]]) });
    expect(untaxed.lines[0]?.taxRate).toBeUndefined();
    const kept = run(taxed, { type: 'reprice', prices: new Map([[key, { priceCents: 425 }]]) });
    expect(kept.lines[0]).toMatchObject({ priceCents: 425, taxRate: 1000 });
  });

  it('totals are exact to the cent, with the 2.5% card fee only for card methods', () => {
    const cart = run(emptyCart, add(latteBig), add(latteBig), add({ ...muffin, stock: 5 }));
    expect(cartItemCount(cart.lines)).toBe(3);
    expect(cartTotals(cart.lines, 'cash')).toEqual({ subtotal: 1300, tax: 0, total: 1300 });
    expect(cartTotals(cart.lines, 'eftpos')).toEqual({ subtotal: 1300, tax: 33, total: 1333 });
    expect(cartTotals(cart.lines, 'bank_transfer').tax).toBe(0);
  });
});

describe('discounts in the cart (issue #15 item 7)', () => {
  const withMuffins = (): CartState => {
    let state = cartReducer(emptyCart, { type: 'add', item: muffin });
    state = cartReducer(state, { type: 'add', item: muffin });
    return state;
  };

  it('prices a line discount and a sale discount by the shared rule, card fee on the discounted subtotal', () => {
    let state = withMuffins();
    const key = state.lines[0]?.key as string;
    state = cartReducer(state, { type: 'setLineDiscount', key, discount: { type: 'percent', hundredths: 500 } });
    state = cartReducer(state, {
      type: 'setSaleDiscount',
      discount: { type: 'amount', cents: 100 },
      approverPin: '4826',
    });
    // 8.00 − 5% (0.40) = 7.60 − 1.00 = 6.60; fee 2.5% = 0.165 → 0.17.
    expect(cartTotals(state.lines, 'credit_card', state.saleDiscount)).toEqual({ subtotal: 660, tax: 17, total: 677 });
    expect(state.approverPin).toBe('4826');
  });

  it('drops an amount discount that no longer fits after a quantity change, and the PIN with the last discount', () => {
    let state = withMuffins();
    const key = state.lines[0]?.key as string;
    state = cartReducer(state, {
      type: 'setLineDiscount',
      key,
      discount: { type: 'amount', cents: 700 },
      approverPin: '4826',
    });
    state = cartReducer(state, { type: 'decrement', key });
    expect(state.lines[0]?.discount).toBeNull();
    expect(state.approverPin).toBeNull();
    state = cartReducer(state, { type: 'setSaleDiscount', discount: { type: 'percent', hundredths: 1000 } });
    state = cartReducer(state, { type: 'clear' });
    expect(state.saleDiscount).toBeNull();
  });
});

describe('modifiers (issue #35 item 1): lines with different modifiers never merge, the same ones do', () => {
  const oat = { optionId: 'o-oat', name: 'Oat', priceCents: 60 };
  const shot = { optionId: 'o-shot', name: 'Extra shot', priceCents: 80 };
  const withMods = (modifiers: (typeof oat)[]): CartItem => ({
    ...latteBig,
    priceCents: latteBig.priceCents + modifiers.reduce((sum, m) => sum + m.priceCents, 0),
    modifiers,
  });

  it('the same modifiers in another order merge into one line', () => {
    let state = cartReducer(emptyCart, { type: 'add', item: withMods([oat, shot]) });
    state = cartReducer(state, { type: 'add', item: withMods([shot, oat]) });
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]).toMatchObject({ quantity: 2, priceCents: 590, price: '5.90' });
  });

  it('different modifiers, and none, are separate lines at their own prices', () => {
    let state = cartReducer(emptyCart, { type: 'add', item: withMods([oat]) });
    state = cartReducer(state, { type: 'add', item: withMods([shot]) });
    state = cartReducer(state, { type: 'add', item: latteBig });
    expect(state.lines.map((l) => l.price)).toEqual(['5.10', '5.30', '4.50']);
    expect(state.lines[2]).not.toHaveProperty('modifiers');
    expect(cartTotals(state.lines, 'cash').subtotal).toBe(1490);
  });

  it('a line without modifiers keeps the key it had before modifiers existed', () => {
    expect(lineKey('p', 'v', 'Large')).toBe('p:v:Large');
    expect(lineKey('p', 'v', 'Large', [])).toBe('p:v:Large');
    expect(lineKey('p', 'v', 'Large', [{ optionId: 'b' }, { optionId: 'a' }])).toBe('p:v:Large:a,b');
  });

  it('a held sale loads back with its modifiers, on their own lines', () => {
    const state = cartReducer(emptyCart, {
      type: 'load',
      saleDiscount: null,
      lines: [
        { ...latteBig, quantity: 1, discount: null, priceCents: 510 as never, modifiers: [oat] },
        { ...latteBig, quantity: 1, discount: null },
      ],
    });
    expect(state.lines.map((l) => [l.price, l.modifiers?.map((m) => m.name) ?? []])).toEqual([
      ['5.10', ['Oat']],
      ['4.50', []],
    ]);
  });
});
