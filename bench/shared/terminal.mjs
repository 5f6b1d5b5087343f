/**
 * What a benchmark terminal does over HTTP, shared by bench/checkout and bench/faults: sign in and
 * start a shift, and build a random 3-line sale priced exactly as the POS terminal prices it
 * (spec §9: card methods add a 2.5% fee, cash is paid with a rounded-up amount), with the same
 * money rules from @retail-hub/shared (so run.mjs runs under `node --import tsx`).
 */

import { cardFeeCents, centsToDecimal, decimalToCents } from '@retail-hub/shared';

/** @type {import('@retail-hub/shared').PaymentMethod[]} */
const METHODS = ['cash', 'cash', 'eftpos', 'credit_card', 'mobile_payment'];

/**
 * @typedef {{ id: string; price: string; variantId: string | null; variantName: string | null }} CatalogueEntry
 * @typedef {{ productId: string; variantId: string | null; variantName: string | null; quantity: number;
 *             unitPrice: string; totalPrice: string }} SaleLine
 * @typedef {{ subtotal: string; tax: string; total: string; paymentMethod: string; referenceCode: string | null;
 *             notes: null; amountReceived: string | null; items: SaleLine[] }} SaleBody
 */

/**
 * A sale of 3 distinct random products, quantity 1–3 each, with a random payment method.
 * @param {CatalogueEntry[]} catalogue
 * @returns {{ units: number; body: SaleBody }}
 */
export function randomSale(catalogue) {
  const picked = new Set();
  while (picked.size < Math.min(3, catalogue.length)) picked.add(Math.floor(Math.random() * catalogue.length));
  const items = [...picked].map((index) => {
    const product = /** @type {CatalogueEntry} */ (catalogue[index]);
    const quantity = 1 + Math.floor(Math.random() * 3);
    const unit = decimalToCents(product.price);
    return {
      productId: product.id,
      variantId: product.variantId,
      variantName: product.variantName,
      quantity,
      unitPrice: centsToDecimal(unit),
      totalPrice: centsToDecimal(unit * quantity),
    };
  });
  const subtotal = items.reduce((sum, i) => sum + decimalToCents(i.totalPrice), 0);
  const paymentMethod = /** @type {import('@retail-hub/shared').PaymentMethod} */ (
    METHODS[Math.floor(Math.random() * METHODS.length)]
  );
  const tax = cardFeeCents(subtotal, paymentMethod);
  const total = subtotal + tax;
  return {
    units: items.reduce((sum, i) => sum + i.quantity, 0),
    body: {
      subtotal: centsToDecimal(subtotal),
      tax: centsToDecimal(tax),
      total: centsToDecimal(total),
      paymentMethod,
      referenceCode: paymentMethod === 'cash' ? null : String(100000 + Math.floor(Math.random() * 900000)),
      notes: null,
      amountReceived: paymentMethod === 'cash' ? centsToDecimal(Math.ceil(total / 500) * 500) : null,
      items,
    },
  };
}

/**
 * Signs a terminal in with its PIN and, unless `startShift` is false, opens its shift.
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {string} pin
 * @param {{ startShift?: boolean, storeId?: string | null }} [options] `storeId`: the store the
 *   shift sells at (issue #32; needed with several stores)
 * @returns {Promise<string>} the Cookie header to send
 */
export async function signInTerminal(base, pin, { startShift = true, storeId = null } = {}) {
  const login = await fetch(`${base}/auth/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!startShift) return cookie;
  const shift = await fetch(`${base}/api/shifts/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(storeId ? { openingFloat: '200.00', storeId } : { openingFloat: '200.00' }),
  });
  if (shift.status !== 201) throw new Error(`start shift failed: ${shift.status} ${await shift.text()}`);
  return cookie;
}
