import { randomUUID } from 'node:crypto';
import { createCategory, createProduct, createVariant, saleBody } from '../../src/modules/pos/pos-test-support';
import type { TestApp } from '../build-test-app';

export type StoreIds = { categoryId: string; productId: string; variantProductId: string; variantId: string };

/** A small catalogue for the security tests: one category, one plain product, one with a size option. */
export async function seedStore(t: TestApp): Promise<StoreIds> {
  const categoryId = await createCategory(t, `Security ${randomUUID().slice(0, 6)}`);
  const productId = await createProduct(t, { name: 'Plain Scone', price: '4.50', stock: 500, categoryId });
  const variantProductId = await createProduct(t, {
    name: 'Sized Juice',
    price: '5.00',
    stock: 500,
    categoryId,
    hasVariants: true,
  });
  const variantId = await createVariant(t, { productId: variantProductId, name: 'Large', price: '5.63', stock: 500 });
  return { categoryId, productId, variantProductId, variantId };
}

/**
 * A body the route would plausibly accept (the starting point for mass-assignment and fuzzing).
 * Routes not listed (for instance ones added later) start from an empty object.
 */
export function plausibleBody(method: string, url: string, ids: StoreIds): Record<string, unknown> {
  switch (`${method} ${url}`) {
    case 'POST /auth/pin':
      return { pin: '1357' };
    case 'POST /api/products':
      return { name: 'Fuzz Bun', price: '2.50', sku: `FZ-${randomUUID().slice(0, 8)}`, categoryId: ids.categoryId };
    case 'PATCH /api/products/:id':
      return { name: 'Renamed', price: '3.10' };
    case 'POST /api/categories':
      return { name: `Cat ${randomUUID().slice(0, 8)}`, description: 'x' };
    case 'POST /api/products/:id/variants':
      return { name: `Size ${randomUUID().slice(0, 4)}`, price: '1.20', stock: 3 };
    case 'PATCH /api/variants/:id':
      return { price: '1.30' };
    case 'POST /api/products/import':
      return { csv: 'sku,name,price,category\nIMP-1,Imported,1.00,Imported' };
    case 'POST /api/shifts/start':
      return { openingFloat: '100.00' };
    case 'POST /api/shifts/end':
      return { countedCash: '100.00' };
    case 'POST /api/transactions':
      return saleBody([{ productId: ids.productId, quantity: 1, unitPrice: '4.50' }]);
    case 'POST /api/transactions/offline':
      return {
        ...saleBody([{ productId: ids.productId, quantity: 1, unitPrice: '4.50' }]),
        soldAt: new Date().toISOString(),
        shiftId: 1,
      };
    case 'POST /api/held-sales':
      return { label: 'Table 4', lines: [{ productId: ids.productId, quantity: 1, unitPrice: '4.50' }] };
    case 'POST /api/tax-rates':
      return { name: `Rate ${randomUUID().slice(0, 8)}`, rate: '10.00' };
    case 'PATCH /api/tax-rates/:id':
      return { name: `Renamed ${randomUUID().slice(0, 8)}` };
    case 'PUT /api/settings/tax':
      return { pricesIncludeTax: true };
    case 'POST /api/printers':
      return { name: 'Fuzz counter', connection: 'network', host: '127.0.0.1', port: 9, paperWidth: 58 };
    case 'PATCH /api/printers/:id':
      return { name: 'Renamed counter' };
    case 'POST /api/printers/:id/drawer':
      return { reason: 'Change for a note' };
    case 'POST /api/transactions/:id/print':
    case 'POST /api/refunds/:id/print':
    case 'POST /api/shifts/current/x-report/print':
    case 'POST /api/shifts/:id/z-report/print':
    case 'POST /api/shifts/current/drawer':
      return { printerId: randomUUID() };
    case 'POST /api/transactions/:id/refunds':
      return { lines: [{ itemId: randomUUID(), quantity: 1 }], reason: 'Wrong item', restock: true };
    case 'POST /api/display/pair':
      return { code: '123456' };
    case 'PUT /api/terminals/:id/display/state':
      return {
        phase: 'sale',
        storeName: 'Main Store',
        lines: [{ name: 'Plain Scone', size: null, quantity: 1, amount: '4.50', discount: null }],
        discount: null,
        cardFee: null,
        total: '4.50',
        paidBy: null,
        tendered: null,
        changeDue: null,
      };
    case 'POST /api/terminals/heartbeat':
      return { terminalId: randomUUID(), unsyncedCount: 0 };
    case 'POST /admin/users':
      return { firstName: 'Fuzz', lastName: 'Person', role: 'cashier', pin: '8264' };
    case 'PATCH /admin/users/:id':
      return { firstName: 'Renamed' };
    case 'POST /admin/users/:id/pin':
      return { pin: '8264' };
    case 'POST /admin/send-email':
      return { recipients: ['nobody@example.com'], subject: 'Hi', message: 'Hello' };
    case 'PUT /api/users/:id/role':
    case 'PATCH /api/users/:id/role':
      return { role: 'cashier' };
    case 'PUT /api/users/:id/status':
      return { isActive: true };
    case 'POST /api/expenses':
    case 'PATCH /api/expenses/:id':
      return { category: 'office_supplies', amount: '12.50', description: 'Printer paper', vendor: 'Office Co' };
    case 'POST /api/stores':
    case 'PATCH /api/stores/:id':
      return { name: `Store ${randomUUID().slice(0, 6)}`, code: `S${randomUUID().slice(0, 6)}` };
    case 'POST /api/departments':
      return { name: `Dept ${randomUUID().slice(0, 6)}`, description: 'x' };
    case 'POST /api/procurement/departments':
    case 'PATCH /api/procurement/departments/:id':
      return { code: `D${randomUUID().slice(0, 4)}`, name: `Proc ${randomUUID().slice(0, 6)}` };
    case 'POST /api/procurement/departments/import':
      return { csv: 'code,name\nDX1,Imported Dept' };
    case 'POST /api/procurement/locations':
    case 'PATCH /api/procurement/locations/:id':
      return { code: `L${randomUUID().slice(0, 6)}`, name: 'Fuzz Room' };
    case 'POST /api/procurement/items':
    case 'PATCH /api/procurement/items/:id':
      return { sku: `FI-${randomUUID().slice(0, 8)}`, name: 'Fuzz Item' };
    // Documents name several ids: each is a well-formed id, so only the fuzzed field is refused.
    case 'POST /api/procurement/stock-counts':
      return { locationId: randomUUID(), lines: [{ itemId: randomUUID(), countedQty: '1' }] };
    case 'POST /api/procurement/issues':
      return { itemId: randomUUID(), locationId: randomUUID(), departmentId: randomUUID(), qty: '1' };
    case 'POST /api/procurement/transfers':
      return { itemId: randomUUID(), fromLocationId: randomUUID(), toLocationId: randomUUID(), qty: '1' };
    case 'POST /api/procurement/requisitions':
    case 'PATCH /api/procurement/requisitions/:id':
      return { departmentId: randomUUID(), lines: [{ itemId: randomUUID(), qtyRequested: '1' }] };
    case 'POST /api/procurement/purchase-orders':
    case 'PATCH /api/procurement/purchase-orders/:id':
      return { supplierId: randomUUID(), lines: [{ itemId: randomUUID(), qtyOrdered: '1', unitPrice: '1.00' }] };
    case 'POST /api/procurement/purchase-orders/:id/receipts':
      return { locationId: randomUUID(), lines: [{ poLineId: randomUUID(), qtyReceived: '1' }] };
    case 'POST /api/procurement/maintenance':
      return { assetId: randomUUID(), type: 'preventive', scheduledFor: '2026-12-01T09:00:00Z' };
    case 'POST /api/procurement/safety-checks':
      return { scope: 'asset', itemOrAssetId: randomUUID(), checkType: 'PAT test', dueDate: '2026-12-01' };
    case 'POST /api/procurement/safety-checks/:id/result':
      return { result: 'passed', inspector: 'Ines' };
    case 'POST /api/procurement/writeoffs':
      return { assetId: randomUUID(), reason: 'damaged' };
    case 'POST /api/procurement/jobs':
    case 'PATCH /api/procurement/jobs/:id':
      return { title: 'Fuzz job', clientId: randomUUID(), departmentId: randomUUID() };
    case 'POST /api/procurement/jobs/:id/bom':
      return { itemId: randomUUID(), qtyRequired: '1' };
    case 'POST /api/procurement/jobs/:id/materials/issue':
    case 'POST /api/procurement/jobs/:id/materials/return':
      return { itemId: randomUUID(), locationId: randomUUID(), qty: '1' };
    case 'POST /api/procurement/jobs/:id/attachments':
      return { fileName: 'drawing.pdf', data: Buffer.from('%PDF-1.4 fuzz').toString('base64') };
    case 'POST /api/procurement/jobs/:id/delivery':
      return {
        deliveredTo: 'Fuzz',
        acceptanceName: 'Fuzz',
        signature:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      };
    case 'POST /api/products/:id/stock-adjustments':
      return { quantity: 1, reason: 'Found in the back room' };
    case 'POST /api/asset-checkouts':
      return { productId: ids.productId, userId: ids.productId, notes: 'x' };
    case 'POST /api/asset-checkouts/:id/return':
      return { returnCondition: 'good', notes: 'x' };
    case 'POST /api/stock-discrepancies/held-sales/:id/resolve':
      return { action: 'void', note: 'x' };
    // Issue #35 item 1: modifier groups and attaching them.
    case 'POST /api/modifier-groups':
      return {
        name: `Group ${randomUUID().slice(0, 8)}`,
        minChoices: 0,
        maxChoices: 1,
        options: [{ name: 'Oat', price: '0.60' }],
      };
    case 'PATCH /api/modifier-groups/:id':
      return { name: `Renamed ${randomUUID().slice(0, 8)}` };
    case 'PUT /api/products/:id/modifier-groups':
    case 'PUT /api/categories/:id/modifier-groups':
      return { groupIds: [] };
    // Issue #34 item 3: customers and accounts (ids are well formed, so only the fuzzed field is refused).
    case 'POST /api/customers':
    case 'PATCH /api/customers/:id':
      return { name: 'Fuzz Customer', email: 'fuzz@example.com', phone: '0400 000 000', notes: 'x' };
    case 'POST /api/accounts':
      return { kind: 'department', departmentId: randomUUID(), creditLimit: '100.00' };
    case 'PATCH /api/accounts/:id':
      return { creditLimit: '100.00' };
    case 'POST /api/accounts/:id/payments':
      return { amount: '5.00', method: 'cash', referenceCode: 'REF-1' };
    // Issue #36: a till's print job reported back.
    case 'POST /api/print-jobs/:id/result':
      return { outcome: 'printed' };
    default:
      return {};
  }
}

/** Headers a route needs besides the body (the sale's idempotency key). */
export function routeHeaders(method: string, url: string): Record<string, string> {
  const keyed = ['/api/transactions', '/api/transactions/offline', '/api/transactions/:id/refunds'];
  return method === 'POST' && keyed.includes(url) ? { 'idempotency-key': randomUUID() } : {};
}
