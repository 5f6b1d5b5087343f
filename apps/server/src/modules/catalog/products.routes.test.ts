import { PRODUCT_LIST_DEFAULT_LIMIT, type Product } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { procDepartments, products, productVariants, transactionItems } from '../../db/schema/index';
import { postOpeningStock } from '../stock/stock.service';
import {
  aCategory,
  aCheckoutOf,
  aProduct,
  aSaleOf,
  eventually,
  recordEvents,
  type Sessions,
  signInEveryone,
  uniqueName,
} from './catalog.test-support';
import { productPageQuery } from './products.repository';

let t: TestApp;
let s: Sessions;
let categoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await signInEveryone(t);
  categoryId = await aCategory(t, s.manager, 'Bakery');
});
afterAll(async () => {
  await t.close();
});

const post = (cookie: string, payload: Record<string, unknown>) =>
  inject(t, { method: 'POST', url: '/api/products', cookie, payload });
const patch = (cookie: string, id: string, payload: Record<string, unknown>) =>
  inject(t, { method: 'PATCH', url: `/api/products/${id}`, cookie, payload });
const list = (cookie: string, query: string) => inject(t, { method: 'GET', url: `/api/products?${query}`, cookie });

describe('creating a product (spec §5 Product form)', () => {
  it('a manager creates a product and gets it back with its category, defaults and a 2-decimal price', async () => {
    const response = await post(s.manager, { name: 'Banana Bread', price: '4.5', sku: 'BANANAXYZ', categoryId });
    expect(response.statusCode).toBe(201);
    const product = response.json() as Product;
    expect(product).toMatchObject({
      name: 'Banana Bread',
      price: '4.50',
      sku: 'BANANAXYZ',
      categoryId,
      category: { id: categoryId, name: 'Bakery' },
      stock: 0,
      lowStockThreshold: 10,
      isActive: true,
      hasVariants: false,
      assetType: 'regular',
      location: null,
      isCheckoutRequired: false,
      imageUrl: null,
      description: null,
      departmentId: null,
    });
    expect(Date.parse(product.createdAt)).not.toBeNaN();
    const read = await inject(t, { method: 'GET', url: `/api/products/${product.id}`, cookie: s.cashier });
    expect(read.json()).toEqual(product);
  });

  it('an empty form is refused with every required-field message of the spec', async () => {
    const response = await post(s.manager, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Name is required',
      price: 'Price is required',
      sku: 'SKU is required',
      categoryId: 'Category is required',
    });
  });

  it('a bad price, negative counts and a bad image URL are refused with the spec messages', async () => {
    const response = await post(s.manager, {
      name: 'X',
      sku: 'X1',
      categoryId,
      price: '4.555',
      stock: -1,
      lowStockThreshold: -1,
      imageUrl: 'not a url',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation',
      errors: {
        price: 'Invalid price format',
        stock: 'Stock must be 0 or greater',
        lowStockThreshold: 'Low stock threshold must be 0 or greater',
        imageUrl: 'Must be a valid URL',
      },
    });
  });

  it('a category that does not exist is reported on the category field', async () => {
    const response = await post(s.manager, {
      name: 'X',
      sku: 'X2',
      price: '1',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ categoryId: 'Category is required' });
  });

  it('a SKU already used by another product is refused with 409 and a clear message', async () => {
    await aProduct(t, s.manager, { categoryId, sku: 'DUPSKU1' });
    const response = await post(s.manager, { name: 'Other', price: '1.00', sku: 'DUPSKU1', categoryId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'catalog.sku_taken',
      message: 'A product with SKU "DUPSKU1" already exists.',
    });
  });

  it('a cashier may read the catalogue but not change it', async () => {
    expect((await list(s.cashier, '')).statusCode).toBe(200);
    const response = await post(s.cashier, { name: 'X', price: '1', sku: 'CASHIER1', categoryId });
    expect(response.statusCode).toBe(403);
  });
});

describe('creating a product with its size options (issue #13 item 16)', () => {
  const variantsOf = async (id: string) =>
    (await inject(t, { method: 'GET', url: `/api/products/${id}/variants`, cookie: s.manager })).json() as Array<{
      name: string;
      price: string;
      stock: number;
      sortOrder: number;
    }>;

  it('creates the product and every size option sent with it, with the spec §9 sort order', async () => {
    const response = await post(s.manager, {
      name: 'Sized Muffin',
      price: '4.00',
      sku: 'SIZEDMUFFIN',
      categoryId,
      hasVariants: true,
      variants: [
        { name: 'Large', price: '4.5', stock: 12 },
        { name: ' Small ', price: '3.20', stock: 8 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const product = response.json() as Product;
    expect(product.hasVariants).toBe(true);
    const variants = await variantsOf(product.id);
    expect(variants.map((v) => ({ name: v.name, price: v.price, stock: v.stock, sortOrder: v.sortOrder }))).toEqual([
      { name: 'Small', price: '3.20', stock: 8, sortOrder: 0 },
      { name: 'Large', price: '4.50', stock: 12, sortOrder: 1 },
    ]);
  });

  it('refuses a size option with a bad price or a name listed twice, and creates nothing', async () => {
    for (const [variants, field, message] of [
      [[{ name: 'Small', price: 'abc', stock: 1 }], 'variants.0.price', 'Invalid price format'],
      [[{ name: '', price: '1.00', stock: 1 }], 'variants.0.name', 'Name is required'],
      [
        [
          { name: 'Large', price: '1.00', stock: 1 },
          { name: 'large', price: '2.00', stock: 1 },
        ],
        'variants.1.name',
        'A size option named "large" is listed twice.',
      ],
    ] as const) {
      const sku = `NOSIZE${field.length}${message.length}`;
      const response = await post(s.manager, { name: 'No Size', price: '2.00', sku, categoryId, variants });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().errors[field], message).toBe(message);
      const found = await t.db.db.select().from(products).where(eq(products.sku, sku));
      expect(found).toHaveLength(0);
    }
  });

  it('a SKU clash leaves no size option behind', async () => {
    await post(s.manager, { name: 'Clash A', price: '1.00', sku: 'CLASHSIZES', categoryId });
    const before = await t.db.db.select().from(productVariants);
    const response = await post(s.manager, {
      name: 'Clash B',
      price: '1.00',
      sku: 'CLASHSIZES',
      categoryId,
      variants: [{ name: 'Small', price: '1.00', stock: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(await t.db.db.select().from(productVariants)).toHaveLength(before.length);
  });

  it('a cashier cannot create a product with size options', async () => {
    const response = await post(s.cashier, {
      name: 'Cashier Sized',
      price: '1.00',
      sku: 'CASHIERSIZED',
      categoryId,
      variants: [{ name: 'Small', price: '1.00', stock: 1 }],
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('institutional asset fields are for role manager only (spec §6)', () => {
  const assetFields = { assetType: 'tool', location: 'Main-2-205', isCheckoutRequired: true };

  it('a manager sets the asset type, location and checkout flag', async () => {
    const product = await aProduct(t, s.manager, { categoryId, ...assetFields });
    expect(product).toMatchObject(assetFields);
  });

  it("a super admin's asset fields are ignored when creating: the product is an ordinary one", async () => {
    const product = await aProduct(t, s.super_admin, { categoryId, ...assetFields });
    expect(product).toMatchObject({ assetType: 'regular', location: null, isCheckoutRequired: false });
  });

  it("a super admin's edit leaves a manager's asset fields as they were, and changes the rest", async () => {
    const product = await aProduct(t, s.manager, { categoryId, ...assetFields });
    const response = await patch(s.super_admin, product.id, {
      name: 'Renamed drill',
      assetType: 'consumable',
      location: null,
      isCheckoutRequired: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed drill', ...assetFields });
  });

  it('a manager clears the asset type back to an ordinary product', async () => {
    const product = await aProduct(t, s.manager, { categoryId, ...assetFields });
    const response = await patch(s.manager, product.id, { assetType: null, location: '' });
    expect(response.json()).toMatchObject({ assetType: 'regular', location: null, isCheckoutRequired: true });
  });

  it('a manager assigns a department, which must exist', async () => {
    const [department] = await t.db.db
      .insert(procDepartments)
      .values({ code: uniqueName('D'), name: uniqueName('Dept') })
      .returning();
    const product = await aProduct(t, s.manager, { categoryId, departmentId: department?.id });
    expect(product.departmentId).toBe(department?.id);
    const refused = await patch(s.manager, product.id, { departmentId: '00000000-0000-4000-8000-000000000000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ departmentId: 'Unknown department' });
  });
});

describe('editing a product', () => {
  it('a partial update changes only the fields sent', async () => {
    const product = await aProduct(t, s.manager, { categoryId, stock: 7, description: 'Moist' });
    const response = await patch(s.manager, product.id, { price: '5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ price: '5.00', stock: 7, description: 'Moist', name: product.name });
  });

  it('an update is validated with the same messages', async () => {
    const product = await aProduct(t, s.manager, { categoryId });
    const response = await patch(s.manager, product.id, { name: ' ', price: 'abc', stock: -3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Name is required',
      price: 'Invalid price format',
      stock: 'Stock must be 0 or greater',
    });
  });

  it("changing the SKU to another product's is a 409", async () => {
    await aProduct(t, s.manager, { categoryId, sku: 'TAKEN42' });
    const product = await aProduct(t, s.manager, { categoryId });
    const response = await patch(s.manager, product.id, { sku: 'TAKEN42' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A product with SKU "TAKEN42" already exists.');
    expect((await patch(s.manager, product.id, { sku: product.sku })).statusCode).toBe(200);
  });

  it('an unknown product is a 404', async () => {
    const response = await patch(s.manager, '00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(response.statusCode).toBe(404);
    const read = await inject(t, {
      method: 'GET',
      url: '/api/products/00000000-0000-4000-8000-000000000000',
      cookie: s.cashier,
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('searching and filtering the catalogue', () => {
  let otherCategory: string;
  let departmentId: string;

  beforeAll(async () => {
    otherCategory = await aCategory(t, s.manager, 'Search Drinks');
    const [department] = await t.db.db.insert(procDepartments).values({ code: 'SCI', name: 'Science' }).returning();
    departmentId = (department as { id: string }).id;
    await Promise.all([
      aProduct(t, s.manager, { categoryId: otherCategory, name: 'Zq Vanilla LATTE', sku: 'ZQLAT01' }),
      aProduct(t, s.manager, {
        categoryId: otherCategory,
        name: 'Zq Mocha',
        sku: 'ZQMOC01',
        description: 'Dark chocolate and a shot of Espresso',
      }),
      aProduct(t, s.manager, { categoryId, name: 'Zq 100% Rye', sku: 'ZQRYE01' }),
      aProduct(t, s.manager, { categoryId, name: 'Zq snake_case loaf', sku: 'ZQ_SNAKE' }),
      aProduct(t, s.manager, {
        categoryId,
        name: 'Zq Torque Wrench',
        sku: 'ZQTOOL1',
        assetType: 'tool',
        departmentId,
      }),
    ]);
  });

  const names = async (query: string) => {
    const response = await list(s.cashier, query);
    expect(response.statusCode).toBe(200);
    return (response.json() as Product[]).map((p) => p.name);
  };

  it('matches the name ignoring case, ordered by name', async () => {
    expect(await names('search=zq%20vanilla%20latte')).toEqual(['Zq Vanilla LATTE']);
    expect(await names('search=ZQ')).toEqual([
      'Zq 100% Rye',
      'Zq Mocha',
      'Zq snake_case loaf',
      'Zq Torque Wrench',
      'Zq Vanilla LATTE',
    ]);
  });

  it('a listed product is the same JSON as the product read alone', async () => {
    const [listed] = (await list(s.cashier, 'search=zqmoc01')).json() as Product[];
    const alone = await inject(t, { method: 'GET', url: `/api/products/${listed?.id}`, cookie: s.cashier });
    expect(listed).toEqual(alone.json());
    expect(listed).toMatchObject({ category: { name: 'Search Drinks' }, price: '4.50', assetType: 'regular' });
  });

  it('matches the SKU and the description ignoring case', async () => {
    expect(await names('search=zqmoc')).toEqual(['Zq Mocha']);
    expect(await names('search=espresso')).toEqual(['Zq Mocha']);
  });

  it('treats % and _ in the search text literally', async () => {
    expect(await names('search=0%25')).toEqual(['Zq 100% Rye']);
    expect(await names(`search=${encodeURIComponent('%')}`)).toEqual(['Zq 100% Rye']);
    expect(await names('search=e_c')).toEqual(['Zq snake_case loaf']);
    expect(await names('search=q_')).toEqual(['Zq snake_case loaf']); // the SKU ZQ_SNAKE
    expect(await names(`search=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by category, asset type and department', async () => {
    expect(await names(`search=zq&category=${otherCategory}`)).toEqual(['Zq Mocha', 'Zq Vanilla LATTE']);
    expect(await names('search=zq&assetType=tool')).toEqual(['Zq Torque Wrench']);
    expect(await names(`department=${departmentId}`)).toEqual(['Zq Torque Wrench']);
    expect(await names('search=zq&category=all&assetType=all')).toHaveLength(5);
  });

  it('pages with limit and offset and reports the full count in X-Total-Count', async () => {
    const response = await list(s.cashier, 'search=zq&limit=2&offset=1');
    expect(response.headers['x-total-count']).toBe('5');
    expect((response.json() as Product[]).map((p) => p.name)).toEqual(['Zq Mocha', 'Zq snake_case loaf']);
    const pastTheEnd = await list(s.cashier, 'search=zq&limit=2&offset=10');
    expect(pastTheEnd.json()).toEqual([]);
    expect(pastTheEnd.headers['x-total-count']).toBe('5');
    expect((await list(s.cashier, 'search=nothing-like-this')).headers['x-total-count']).toBe('0');
    expect((await list(s.cashier, 'limit=5001')).statusCode).toBe(400);
    expect((await list(s.cashier, 'category=nope')).statusCode).toBe(400);
  });

  it('finds one product by its exact SKU ignoring case (a scanned barcode), not by part of it', async () => {
    expect(await names('sku=zqmoc01')).toEqual(['Zq Mocha']);
    expect(await names('sku=ZQ_SNAKE')).toEqual(['Zq snake_case loaf']);
    expect(await names('sku=ZQMOC')).toEqual([]);
    expect(await names('sku=ZQ_%25')).toEqual([]);
    expect((await list(s.cashier, `sku=${'X'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('answers a page of PRODUCT_LIST_DEFAULT_LIMIT products when no limit is asked', async () => {
    const bulk = await t.db.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCT_LIST_DEFAULT_LIMIT + 5 }, (_, i) => ({
          name: `Bulk Item ${String(i).padStart(3, '0')}`,
          sku: `BULK-${i}`,
          price: '1.00',
          categoryId,
        })),
      )
      .returning({ id: products.id });
    await postOpeningStock(
      t.db.db,
      bulk.map((row) => ({ productId: row.id, quantity: 50 })),
    );
    const response = await list(s.cashier, '');
    expect(response.statusCode).toBe(200);
    const total = Number(response.headers['x-total-count']);
    expect(total).toBeGreaterThan(PRODUCT_LIST_DEFAULT_LIMIT);
    expect((response.json() as Product[]).length).toBe(PRODUCT_LIST_DEFAULT_LIMIT);
  });

  it('leaves deactivated products out', async () => {
    const hidden = await aProduct(t, s.manager, { categoryId, name: 'Zq Hidden' });
    await patch(s.manager, hidden.id, { isActive: false });
    expect(await names('search=zq%20hidden')).toEqual([]);
  });
});

describe('low stock (spec §7 GET /api/products/low-stock)', () => {
  it('lists active products at or below their threshold, emptiest first', async () => {
    const lowCategory = await aCategory(t, s.manager);
    const at = await aProduct(t, s.manager, { categoryId: lowCategory, stock: 5, lowStockThreshold: 5 });
    const empty = await aProduct(t, s.manager, { categoryId: lowCategory, stock: 0 });
    const above = await aProduct(t, s.manager, { categoryId: lowCategory, stock: 11 });
    const inactive = await aProduct(t, s.manager, { categoryId: lowCategory, stock: 1, isActive: false });
    const response = await inject(t, { method: 'GET', url: '/api/products/low-stock', cookie: s.cashier });
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Product[]).map((p) => p.id);
    expect(ids).toContain(at.id);
    expect(ids).toContain(empty.id);
    expect(ids).not.toContain(above.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids.indexOf(empty.id)).toBeLessThan(ids.indexOf(at.id));
    const stocks = (response.json() as Product[]).map((p) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(Number(response.headers['x-total-count'])).toBe(ids.length);
  });
});

describe('deleting a product', () => {
  it('a product never sold is deleted with its size options', async () => {
    const product = await aProduct(t, s.manager, { categoryId });
    await inject(t, {
      method: 'POST',
      url: `/api/products/${product.id}/variants`,
      cookie: s.manager,
      payload: { name: 'Small', price: '3.00', stock: 2 },
    });
    const response = await inject(t, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: s.manager });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String), deactivated: false });
    expect((await inject(t, { method: 'GET', url: `/api/products/${product.id}`, cookie: s.manager })).statusCode).toBe(
      404,
    );
    const variants = await t.db.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(variants).toEqual([]);
  });

  it('a product with sales is deactivated instead, and its sales stay readable', async () => {
    const product = await aProduct(t, s.manager, { categoryId, name: 'Sold Scone' });
    const saleId = await aSaleOf(t, s.cashierId, product.id);
    const response = await inject(t, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: s.manager });
    expect(response.statusCode).toBe(200);
    expect(response.json().deactivated).toBe(true);
    expect(response.json().message).toContain('Sold Scone');
    const read = await inject(t, { method: 'GET', url: `/api/products/${product.id}`, cookie: s.manager });
    expect(read.json()).toMatchObject({ isActive: false, name: 'Sold Scone' });
    expect(await (await list(s.manager, 'search=sold%20scone')).json()).toEqual([]);
    const lines = await t.db.db
      .select({ name: products.name, quantity: transactionItems.quantity })
      .from(transactionItems)
      .innerJoin(products, eq(products.id, transactionItems.productId))
      .where(eq(transactionItems.transactionId, saleId));
    expect(lines).toEqual([{ name: 'Sold Scone', quantity: 1 }]);
  });

  it('a product with an asset checkout is deactivated too', async () => {
    const product = await aProduct(t, s.manager, { categoryId, assetType: 'tool' });
    await aCheckoutOf(t, s.cashierId, product.id);
    const response = await inject(t, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: s.manager });
    expect(response.json().deactivated).toBe(true);
  });

  it('an unknown product is a 404', async () => {
    const response = await inject(t, {
      method: 'DELETE',
      url: '/api/products/00000000-0000-4000-8000-000000000000',
      cookie: s.manager,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('live updates', () => {
  it('creating, editing and deleting publish product.changed; a stock change publishes stock.changed', async () => {
    const recorder = recordEvents(t);
    try {
      const product = await aProduct(t, s.manager, { categoryId });
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed' && e.ids?.includes(product.id)));
      recorder.clear();

      await patch(s.manager, product.id, { stock: 3 });
      await eventually(() => recorder.events.find((e) => e.type === 'stock.changed' && e.ids?.includes(product.id)));
      expect(recorder.events.some((e) => e.type === 'product.changed')).toBe(true);
      recorder.clear();

      await patch(s.manager, product.id, { name: 'Renamed only' });
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(recorder.events.some((e) => e.type === 'stock.changed')).toBe(false);
      recorder.clear();

      await inject(t, { method: 'DELETE', url: `/api/products/${product.id}`, cookie: s.manager });
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed' && e.ids?.includes(product.id)));
    } finally {
      recorder.stop();
    }
  });
});

describe('search uses the trigram indexes', () => {
  /** The plan of the list statement with sequential scans priced out (a small table would scan). */
  async function planOf(search: string): Promise<string> {
    const query = productPageQuery(t.db.db, { search }, { limit: 500, offset: 0 }).toSQL();
    const statement = `explain ${query.sql}`;
    if (t.db.pool) {
      const client = await t.db.pool.connect();
      try {
        await client.query('set enable_seqscan = off');
        const { rows } = await client.query(statement, query.params);
        await client.query('reset enable_seqscan');
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        client.release();
      }
    }
    await t.db.execute('set enable_seqscan = off');
    try {
      const { rows } = await t.db.execute(statement, query.params);
      return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    } finally {
      await t.db.execute('reset enable_seqscan');
    }
  }

  it('a search on name, SKU and description is answered from the three GIN trigram indexes', async () => {
    const plan = await planOf('Latte 50%');
    expect(plan).toContain('products_name_trgm_idx');
    expect(plan).toContain('products_sku_trgm_idx');
    expect(plan).toContain('products_description_trgm_idx');
  });
});
