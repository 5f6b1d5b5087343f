import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procDepartments, procItems, procLocations, procSuppliers, users } from '../../db/schema/index';
import { ledgerMismatches } from '../stock/stock-test-support';

export type PurchasingFixture = {
  cookies: {
    manager: string;
    superAdmin: string;
    procurementAdmin: string;
    procurementAdmin2: string;
    departmentManager: string;
    cashier: string;
  };
  userIds: Record<keyof PurchasingFixture['cookies'], string>;
  departments: { eng: string; fin: string };
  items: { paper: string; toner: string; gloves: string };
  supplier: string;
  locations: { main: string; annex: string };
};

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

/** Users of every purchasing role signed in, two departments, three items, a supplier, two locations. */
export async function purchasingFixture(t: TestApp): Promise<PurchasingFixture> {
  const roles = {
    manager: ['manager', '4826'],
    superAdmin: ['super_admin', '7391'],
    procurementAdmin: ['procurement_admin', '6048'],
    procurementAdmin2: ['procurement_admin', '6159'],
    departmentManager: ['department_manager', '5174'],
    cashier: ['cashier', '2915'],
  } as const;
  const cookies = {} as PurchasingFixture['cookies'];
  const userIds = {} as PurchasingFixture['userIds'];
  let n = 1;
  for (const [key, [role, pin]] of Object.entries(roles) as Array<[keyof typeof roles, readonly [string, string]]>) {
    userIds[key] = await createUser(t, { role: role as 'manager', pin, firstName: key, lastName: 'Tester' });
    cookies[key] = await signIn(t, pin, `10.7.0.${n++}`);
  }
  const [eng, fin] = await t.db.db
    .insert(procDepartments)
    .values([
      { code: unique('ENG'), name: unique('Engineering'), approvalThreshold: '1000.00' },
      { code: unique('FIN'), name: unique('Finance') },
    ])
    .returning({ id: procDepartments.id });
  // The department manager runs Engineering (users.proc_department_id, set under Purchasing settings).
  await t.db.db
    .update(users)
    .set({ procDepartmentId: eng?.id as string })
    .where(sql`${users.id} = ${userIds.departmentManager}`);
  const [paper, toner, gloves] = await t.db.db
    .insert(procItems)
    .values([
      { sku: unique('PAPER'), name: 'Copy paper A4', uom: 'box' },
      { sku: unique('TONER'), name: 'Toner cartridge', uom: 'kg' },
      { sku: unique('GLOVES'), name: 'Nitrile gloves', uom: 'box' },
    ])
    .returning({ id: procItems.id });
  const [supplier] = await t.db.db
    .insert(procSuppliers)
    .values({ name: 'Office Supplies Ltd', email: 'orders@office.example' })
    .returning({ id: procSuppliers.id });
  const [main, annex] = await t.db.db
    .insert(procLocations)
    .values([
      { code: unique('Main-2-205'), name: 'Main building, floor 2, room 205', departmentId: eng?.id },
      { code: unique('Annex-1-101'), name: 'Annex store', departmentId: fin?.id },
    ])
    .returning({ id: procLocations.id });
  return {
    cookies,
    userIds,
    departments: { eng: eng?.id as string, fin: fin?.id as string },
    items: { paper: paper?.id as string, toner: toner?.id as string, gloves: gloves?.id as string },
    supplier: supplier?.id as string,
    locations: { main: main?.id as string, annex: annex?.id as string },
  };
}

export const api = (t: TestApp) => ({
  get: (url: string, cookie: string) => inject(t, { method: 'GET', url, cookie }),
  post: (url: string, cookie: string, payload: unknown = {}) =>
    inject(t, { method: 'POST', url, cookie, payload: payload as object }),
  put: (url: string, cookie: string, payload: unknown) =>
    inject(t, { method: 'PUT', url, cookie, payload: payload as object }),
  patch: (url: string, cookie: string, payload: unknown) =>
    inject(t, { method: 'PATCH', url, cookie, payload: payload as object }),
  del: (url: string, cookie: string) => inject(t, { method: 'DELETE', url, cookie }),
});

/** Stock per location equals the sum of its ledger, for every item and location (issue #16 Done when). */
export async function expectStockEqualsLedger(t: TestApp): Promise<void> {
  // Issue #32 item 5: the one stock audit (levels = ledger sums, ledger rows against documents).
  expect(await ledgerMismatches(t)).toEqual([]);
}

export async function clearPurchasing(t: TestApp): Promise<void> {
  // The receipts go with the whole ledger and every level (the till's stock too: one ledger, ADR
  // 0025), so the stock audit after each test finds no row without its document.
  await t.db.db.execute(sql`delete from proc_goods_receipt_lines`);
  await t.db.db.execute(sql`delete from proc_goods_receipts`);
  await t.db.db.execute(sql`delete from proc_inventory_transactions`);
  await t.db.db.execute(sql`delete from proc_stock_levels`);
  await t.db.db.execute(sql`delete from proc_item_batches`);
  await t.db.db.execute(sql`delete from proc_purchase_order_lines`);
  await t.db.db.execute(sql`delete from proc_purchase_orders`);
  await t.db.db.execute(sql`delete from proc_requisitions`);
  // The yearly document numbers (REQ, PO, GRN, JOB, DN, AST): every counter but the Z numbers.
  await t.db.db.execute(sql`delete from document_counters where name not like 'z_report:%'`);
  await t.db.db.execute(sql`delete from proc_settings`);
  await t.db.db.execute(
    sql`delete from user_activity where activity_type like 'requisition%' or activity_type like 'purchase_order%' or activity_type like 'goods%' or activity_type in ('approval_threshold_changed', 'department_manager_assigned', 'purchasing_settings_changed')`,
  );
}
