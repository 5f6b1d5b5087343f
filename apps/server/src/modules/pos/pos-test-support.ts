import { randomUUID } from 'node:crypto';
import { centsToDecimal, type PaymentMethod, parseCents, saleTotals, totalsToStrings } from '@retail-hub/shared';
import type { InjectOptions } from 'fastify';
import { inject, type TestApp } from '../../../test/build-test-app';
import { categories, products, productVariants } from '../../db/schema/index';
import { postOpeningStock } from '../stock/stock.service';

/** Test fixtures for the POS: catalogue rows written straight to the tables, and sale bodies. */

export async function createCategory(t: TestApp, name: string): Promise<string> {
  const [row] = await t.db.db.insert(categories).values({ name }).returning({ id: categories.id });
  return (row as { id: string }).id;
}

export async function createProduct(
  t: TestApp,
  values: { name: string; price: string; stock: number; categoryId: string; isActive?: boolean; hasVariants?: boolean },
): Promise<string> {
  const { stock, ...row } = values;
  const [inserted] = await t.db.db
    .insert(products)
    .values({ sku: `SKU-${randomUUID().slice(0, 8)}`, ...row })
    .returning({ id: products.id });
  const id = (inserted as { id: string }).id;
  await giveStock(t, { productId: id }, stock);
  return id;
}

/**
 * Issue #32: opens a store through the API (`POST /api/stores`, as a manager would; it gets its own
 * selling location) and answers its id; `closeStore` archives it so later tests see one store again.
 */
export async function openStore(t: TestApp, cookie: string, name: string, code: string): Promise<string> {
  const created = await inject(t, { method: 'POST', url: '/api/stores', cookie, payload: { name, code } });
  if (created.statusCode !== 201) throw new Error(`POST /api/stores: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

export async function closeStore(t: TestApp, cookie: string, storeId: string): Promise<void> {
  const closed = await inject(t, {
    method: 'PATCH',
    url: `/api/stores/${storeId}`,
    cookie,
    payload: { isArchived: true },
  });
  if (closed.statusCode !== 200) throw new Error(`PATCH /api/stores/:id: ${closed.statusCode} ${closed.body}`);
}

/**
 * Puts opening stock on a product or size option through the one ledger's opening-stock writer
 * (ADR 0025), at the default store or the given one.
 */
export async function giveStock(
  t: TestApp,
  target: { productId: string; variantId?: string | null; storeId?: string | null },
  quantity: number,
): Promise<void> {
  const { storeId, ...what } = target;
  await postOpeningStock(t.db.db, [{ ...what, quantity }], { storeId: storeId ?? null });
}

export async function createVariant(
  t: TestApp,
  values: { productId: string; name: string; price: string; stock: number; isActive?: boolean },
): Promise<string> {
  const { stock, ...row } = values;
  const [inserted] = await t.db.db.insert(productVariants).values(row).returning({ id: productVariants.id });
  const id = (inserted as { id: string }).id;
  await giveStock(t, { productId: values.productId, variantId: id }, stock);
  return id;
}

export type Line = {
  productId: string;
  variantId?: string | null;
  variantName?: string | null;
  quantity: number;
  unitPrice: string;
};

/** A sale body whose amounts are computed the way the terminal computes them. */
export function saleBody(
  lines: Line[],
  paymentMethod: PaymentMethod = 'cash',
  extra: { amountReceived?: string | null; referenceCode?: string | null; notes?: string | null } = {},
) {
  const priced = lines.map((l) => ({ unitCents: parseCents(l.unitPrice) as number, quantity: l.quantity }));
  const totals = totalsToStrings(saleTotals(priced, paymentMethod));
  return {
    ...totals,
    paymentMethod,
    referenceCode: extra.referenceCode ?? null,
    notes: extra.notes ?? null,
    amountReceived:
      extra.amountReceived === undefined ? (paymentMethod === 'cash' ? totals.total : null) : extra.amountReceived,
    items: lines.map((l, i) => ({
      productId: l.productId,
      variantId: l.variantId ?? null,
      variantName: l.variantName ?? null,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      totalPrice: centsToDecimal((priced[i]?.unitCents ?? 0) * l.quantity),
    })),
  };
}

export function postSale(
  t: TestApp,
  cookie: string,
  body: unknown,
  key: string = randomUUID(),
  extra: Partial<InjectOptions> = {},
) {
  return inject(t, {
    method: 'POST',
    url: '/api/transactions',
    cookie,
    headers: { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
    ...extra,
  });
}

export async function startShift(t: TestApp, cookie: string, openingFloat?: string) {
  const response = await inject(t, {
    method: 'POST',
    url: '/api/shifts/start',
    cookie,
    payload: openingFloat === undefined ? {} : { openingFloat },
  });
  if (response.statusCode !== 201) throw new Error(`start shift failed: ${response.statusCode} ${response.body}`);
  return response.json().shift as { id: number };
}
