/**
 * What a benchmark terminal does over HTTP, shared by bench/checkout and bench/faults: sign in and
 * start a shift, and build a random 3-line sale priced exactly as the POS terminal prices it
 * (spec §9: card methods add a 2.5% fee, cash is paid with a rounded-up amount).
 */

const CARD_METHODS = new Set(['credit_card', 'debit_card', 'eftpos']);
const METHODS = ['cash', 'cash', 'eftpos', 'credit_card', 'mobile_payment'];

/** '12.05' → 1205. */
export const centsOf = (/** @type {string} */ s) => {
  const [whole = '0', fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** 1205 → '12.05'. */
export const money = (/** @type {number} */ cents) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** spec §9: 2.5% of the subtotal, rounded half up to the cent, for card methods. */
export const cardFee = (/** @type {number} */ subtotal, /** @type {string} */ method) =>
  CARD_METHODS.has(method) ? Math.floor((subtotal * 25 * 2 + 1000) / 2000) : 0;

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
    const unit = centsOf(product.price);
    return {
      productId: product.id,
      variantId: product.variantId,
      variantName: product.variantName,
      quantity,
      unitPrice: money(unit),
      totalPrice: money(unit * quantity),
    };
  });
  const subtotal = items.reduce((sum, i) => sum + centsOf(i.totalPrice), 0);
  const paymentMethod = /** @type {string} */ (METHODS[Math.floor(Math.random() * METHODS.length)]);
  const tax = cardFee(subtotal, paymentMethod);
  const total = subtotal + tax;
  return {
    units: items.reduce((sum, i) => sum + i.quantity, 0),
    body: {
      subtotal: money(subtotal),
      tax: money(tax),
      total: money(total),
      paymentMethod,
      referenceCode: paymentMethod === 'cash' ? null : String(100000 + Math.floor(Math.random() * 900000)),
      notes: null,
      amountReceived: paymentMethod === 'cash' ? money(Math.ceil(total / 500) * 500) : null,
      items,
    },
  };
}

/**
 * Signs a terminal in with its PIN and, unless `startShift` is false, opens its shift.
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {string} pin
 * @param {{ startShift?: boolean }} [options]
 * @returns {Promise<string>} the Cookie header to send
 */
export async function signInTerminal(base, pin, { startShift = true } = {}) {
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
    body: JSON.stringify({ openingFloat: '200.00' }),
  });
  if (shift.status !== 201) throw new Error(`start shift failed: ${shift.status} ${await shift.text()}`);
  return cookie;
}
