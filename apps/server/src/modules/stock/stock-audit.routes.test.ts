import type { StockAuditResult } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procItems, procLocations } from '../../db/schema/index';
import { createCategory, createProduct } from '../pos/pos-test-support';
import { postInventoryMovement } from '../stores/inventory.service';
import { defaultSellingLocation } from './stock-test-support';

/** Issue #32 item 5 (ADR 0025): GET /api/stock-audit finds what disagrees, and nothing on a whole ledger. */
let t: TestApp;
let superAdmin: string;
let manager: string;

beforeAll(async () => {
  t = await buildTestApp();
  // This file alters quantities and ledger rows by hand to see the audit find them.
  t.auditStockOnClose = false;
  await createUser(t, { role: 'super_admin', pin: '7391' });
  await createUser(t, { role: 'manager', pin: '4826' });
  superAdmin = await signIn(t, '7391', '10.41.0.1');
  manager = await signIn(t, '4826', '10.41.0.2');
});
afterAll(async () => {
  await t.close();
});

async function audit(cookie = superAdmin): Promise<{ status: number; body: StockAuditResult }> {
  const response = await inject(t, { method: 'GET', url: '/api/stock-audit', cookie });
  return { status: response.statusCode, body: response.json() as StockAuditResult };
}

describe('GET /api/stock-audit', () => {
  test('finds nothing on a whole ledger, and each quantity or document altered by hand', async () => {
    const category = await createCategory(t, `Audit ${process.pid}`);
    const product = await createProduct(t, { name: 'Audited', price: '1.00', stock: 7, categoryId: category });
    const [item] = await t.db.db
      .insert(procItems)
      .values({ sku: `AUD-${process.pid}`, name: 'Audit' })
      .returning();
    const [location] = await t.db.db
      .insert(procLocations)
      .values({ code: `AUD-${process.pid}`, name: 'Audit shelf' })
      .returning();
    await postInventoryMovement(t.db.db, {
      itemId: item?.id as string,
      toLocationId: location?.id as string,
      qtyMilli: 4_000,
      reason: 'receipt',
    });

    const clean = await audit();
    expect(clean.status).toBe(200);
    expect(clean.body.disagreements).toEqual([]);
    expect(clean.body.checked).toBeGreaterThanOrEqual(2);

    // The product's stock is its item's level at the default store's selling location (ADR 0025).
    const { rows: productItems } = await t.db.execute(`select id from proc_items where pos_product_id = $1`, [product]);
    const productItem = (productItems[0] as { id: string }).id;
    const sellingLocation = await defaultSellingLocation(t);
    await t.db.execute(`update proc_stock_levels set on_hand_qty = 9 where item_id = $1 and location_id = $2`, [
      productItem,
      sellingLocation,
    ]);
    await t.db.execute(`update proc_stock_levels set on_hand_qty = 3.5 where item_id = $1`, [item?.id]);
    await t.db.execute(
      `update proc_inventory_transactions set ref_table = 'proc_issues', ref_id = gen_random_uuid() where item_id = $1`,
      [item?.id],
    );
    const found = await audit();
    expect(found.body.disagreements).toEqual(
      expect.arrayContaining([
        {
          kind: 'level',
          subject: `item ${productItem} at location ${sellingLocation}`,
          actual: '9.000',
          expected: '7.000',
        },
        {
          kind: 'level',
          subject: `item ${item?.id} at location ${location?.id}`,
          actual: '3.500',
          expected: '4.000',
        },
        expect.objectContaining({ kind: 'document', expected: 'missing' }),
      ]),
    );
    expect(found.body.disagreements).toHaveLength(3);
  });

  test('is for the super admin only', async () => {
    expect((await audit(manager)).status).toBe(403);
  });
});
