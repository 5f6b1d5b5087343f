import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  categories,
  procGoodsReceipts,
  procInventoryTransactions,
  procItems,
  procLocations,
  procStockLevels,
  products,
} from '../../db/schema/index';
import { giveStock } from '../pos/pos-test-support';
import { defaultSellingLocation, stockOf } from '../stock/stock-test-support';
import { upsertBatch } from './inventory.repository';
import { postInventoryMovement } from './inventory.service';
import { expectLedgerBalanced, unique } from './stores.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function anItem(): Promise<string> {
  const [row] = await t.db.db
    .insert(procItems)
    .values({ sku: unique('INV'), name: 'Test item', uom: 'kg' })
    .returning({ id: procItems.id });
  return (row as { id: string }).id;
}
async function aLocation(): Promise<string> {
  const [row] = await t.db.db
    .insert(procLocations)
    .values({ code: unique('LOC'), name: 'Test location' })
    .returning({ id: procLocations.id });
  return (row as { id: string }).id;
}
async function onHand(itemId: string, locationId: string): Promise<string | undefined> {
  const rows = await t.db.db
    .select({ qty: procStockLevels.onHandQty })
    .from(procStockLevels)
    .where(and(eq(procStockLevels.itemId, itemId), eq(procStockLevels.locationId, locationId)));
  return rows[0]?.qty;
}

describe('postInventoryMovement', () => {
  it('a receipt creates the level and one ledger row in the same transaction', async () => {
    const [item, loc] = [await anItem(), await aLocation()];
    // A real receipt (one without an order): the stock audit checks every ledger row's document.
    const [receipt] = await t.db.db
      .insert(procGoodsReceipts)
      .values({ locationId: loc })
      .returning({ id: procGoodsReceipts.id });
    const posted = await postInventoryMovement(t.db.db, {
      itemId: item,
      toLocationId: loc,
      qtyMilli: 12_500,
      reason: 'receipt',
      refTable: 'proc_goods_receipts',
      refId: receipt?.id as string,
    });
    expect(posted.movementIds).toHaveLength(1);
    expect(await onHand(item, loc)).toBe('12.500');
    const ledger = await t.db.db
      .select()
      .from(procInventoryTransactions)
      .where(eq(procInventoryTransactions.itemId, item));
    expect(ledger).toEqual([
      expect.objectContaining({
        qty: '12.500',
        reason: 'receipt',
        fromLocationId: null,
        toLocationId: loc,
        refTable: 'proc_goods_receipts',
      }),
    ]);
    await expectLedgerBalanced(t);
  });

  it('refuses to take out more than is on hand (409) and changes nothing', async () => {
    const [item, loc] = [await anItem(), await aLocation()];
    await postInventoryMovement(t.db.db, { itemId: item, toLocationId: loc, qtyMilli: 5_000, reason: 'receipt' });
    await expect(
      postInventoryMovement(t.db.db, { itemId: item, fromLocationId: loc, qtyMilli: 5_001, reason: 'issue' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'stores.insufficient_stock' });
    await expect(
      postInventoryMovement(t.db.db, { itemId: item, fromLocationId: await aLocation(), qtyMilli: 1, reason: 'issue' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await onHand(item, loc)).toBe('5.000');
    await postInventoryMovement(t.db.db, { itemId: item, fromLocationId: loc, qtyMilli: 5_000, reason: 'issue' });
    expect(await onHand(item, loc)).toBe('0.000');
    await expectLedgerBalanced(t);
  });

  it('rolls the movement back with the caller’s transaction', async () => {
    const [item, loc] = [await anItem(), await aLocation()];
    await expect(
      t.db.db.transaction(async (tx) => {
        await postInventoryMovement(tx, { itemId: item, toLocationId: loc, qtyMilli: 1_000, reason: 'receipt' });
        throw new Error('document failed');
      }),
    ).rejects.toThrow('document failed');
    expect(await onHand(item, loc)).toBeUndefined();
    await expectLedgerBalanced(t);
  });

  it('a failed take-out inside a caller transaction leaves the caller free to go on (savepoint)', async () => {
    const [item, loc] = [await anItem(), await aLocation()];
    await t.db.db.transaction(async (tx) => {
      await postInventoryMovement(tx, { itemId: item, toLocationId: loc, qtyMilli: 2_000, reason: 'receipt' });
      await expect(
        postInventoryMovement(tx, { itemId: item, fromLocationId: loc, qtyMilli: 3_000, reason: 'issue' }),
      ).rejects.toMatchObject({ statusCode: 409 });
    });
    expect(await onHand(item, loc)).toBe('2.000');
  });

  it('moves between two locations in one movement and takes batches soonest expiry first', async () => {
    const [item, a, b] = [await anItem(), await aLocation(), await aLocation()];
    const late = await upsertBatch(t.db.db, { itemId: item, batchNo: 'LATE', expiryDate: '2027-12-31' });
    const soon = await upsertBatch(t.db.db, { itemId: item, batchNo: 'SOON', expiryDate: '2027-01-31' });
    await postInventoryMovement(t.db.db, {
      itemId: item,
      toLocationId: a,
      qtyMilli: 10_000,
      reason: 'receipt',
      batchId: late.id,
    });
    await postInventoryMovement(t.db.db, {
      itemId: item,
      toLocationId: a,
      qtyMilli: 4_000,
      reason: 'receipt',
      batchId: soon.id,
    });
    const moved = await postInventoryMovement(t.db.db, {
      itemId: item,
      fromLocationId: a,
      toLocationId: b,
      qtyMilli: 6_000,
      reason: 'transfer',
    });
    expect(moved.batches).toEqual([
      { batchId: soon.id, qtyMilli: 4_000 },
      { batchId: late.id, qtyMilli: 2_000 },
    ]);
    expect(await onHand(item, a)).toBe('8.000');
    expect(await onHand(item, b)).toBe('6.000');
    // A named batch that holds too little is refused.
    await expect(
      postInventoryMovement(t.db.db, {
        itemId: item,
        fromLocationId: a,
        qtyMilli: 1_000,
        reason: 'issue',
        batchId: soon.id,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expectLedgerBalanced(t);
  });

  it("a receipt into the store's selling location IS the till's stock (one ledger, ADR 0025)", async () => {
    const [category] = await t.db.db
      .insert(categories)
      .values({ name: unique('Cat') })
      .returning({ id: categories.id });
    const [product] = await t.db.db
      .insert(products)
      .values({
        name: 'Linked soap',
        price: '2.00',
        sku: unique('SOAP'),
        categoryId: (category as { id: string }).id,
      })
      .returning({ id: products.id });
    const productId = (product as { id: string }).id;
    await giveStock(t, { productId }, 4);
    const [row] = await t.db.db
      // ADR 0025: the product's item exists already (the database made it); the stores name it.
      .update(procItems)
      .set({ sku: unique('SOAP-I'), name: 'Soap', uom: 'l' })
      .where(eq(procItems.posProductId, productId))
      .returning({ id: procItems.id });
    const item = (row as { id: string }).id;
    const shop = { id: await defaultSellingLocation(t) };
    const back = await aLocation();
    await postInventoryMovement(t.db.db, { itemId: item, toLocationId: back, qtyMilli: 5_000, reason: 'receipt' });
    await postInventoryMovement(t.db.db, {
      itemId: item,
      toLocationId: (shop as { id: string }).id,
      qtyMilli: 12_000,
      reason: 'receipt',
    });
    // 4 + 12 at the store's location; the back store's 5 are not the till's.
    expect(await stockOf(t, productId)).toBe(16);
    await expectLedgerBalanced(t);
  });

  it('never lets concurrent take-outs push stock below zero', async () => {
    const [item, loc] = [await anItem(), await aLocation()];
    await postInventoryMovement(t.db.db, { itemId: item, toLocationId: loc, qtyMilli: 10_000, reason: 'receipt' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        postInventoryMovement(t.db.db, { itemId: item, fromLocationId: loc, qtyMilli: 1_000, reason: 'issue' }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    expect(await onHand(item, loc)).toBe('0.000');
    await expectLedgerBalanced(t);
  });
});
