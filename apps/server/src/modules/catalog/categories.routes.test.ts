import type { Category } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { aCategory, aProduct, eventually, recordEvents, type Sessions, signInEveryone } from './catalog.test-support';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await buildTestApp();
  s = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const create = (cookie: string, payload: Record<string, unknown>) =>
  inject(t, { method: 'POST', url: '/api/categories', cookie, payload });
const remove = (cookie: string, id: string) => inject(t, { method: 'DELETE', url: `/api/categories/${id}`, cookie });
const listAll = async () =>
  (await inject(t, { method: 'GET', url: '/api/categories', cookie: s.cashier })).json() as Category[];

describe('categories (spec §5 Category, §7)', () => {
  it('a manager creates a category inline and gets its id back', async () => {
    const response = await create(s.manager, { name: '  Pastries ', description: 'Baked daily' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Pastries',
      description: 'Baked daily',
      department: null,
      isInstitutional: false,
      taxRateId: null,
      productCount: 0,
    });
  });

  it("a blank name is refused with 'Category name is required.'", async () => {
    const response = await create(s.manager, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: 'Category name is required.' });
  });

  it('a name already used, in any letter case, is a 409', async () => {
    await create(s.manager, { name: 'Coffee' });
    const response = await create(s.manager, { name: 'COFFEE' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'catalog.category_name_taken',
      message: 'A category named "Coffee" already exists.',
    });
  });

  it('the list is ordered by name and counts each category’s products, active and deactivated', async () => {
    const id = await aCategory(t, s.manager, 'aaa Counted');
    await aProduct(t, s.manager, { categoryId: id });
    await aProduct(t, s.manager, { categoryId: id, isActive: false });
    const categories = await listAll();
    expect(categories.find((c) => c.id === id)?.productCount).toBe(2);
    const names = categories.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('a category without products is deleted', async () => {
    const id = await aCategory(t, s.manager, 'Short lived');
    const response = await remove(s.manager, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await listAll()).some((c) => c.id === id)).toBe(false);
  });

  it('a category with products cannot be deleted: 409 with the reason the client shows', async () => {
    const id = await aCategory(t, s.manager, 'Busy');
    await aProduct(t, s.manager, { categoryId: id });
    await aProduct(t, s.manager, { categoryId: id, isActive: false });
    const response = await remove(s.manager, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'catalog.category_in_use',
      message: 'Cannot delete "Busy": 2 products are assigned to it.',
    });
    const single = await aCategory(t, s.manager, 'Single');
    await aProduct(t, s.manager, { categoryId: single });
    expect((await remove(s.manager, single)).json().message).toBe(
      'Cannot delete "Single": 1 product is assigned to it.',
    );
  });

  it('an unknown category is a 404; a cashier may not create or delete', async () => {
    expect((await remove(s.manager, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await create(s.cashier, { name: 'Nope' })).statusCode).toBe(403);
    const id = await aCategory(t, s.manager);
    expect((await remove(s.cashier, id)).statusCode).toBe(403);
  });

  it('creating and deleting a category publish product.changed (the category list refreshes)', async () => {
    const recorder = recordEvents(t);
    try {
      const id = await aCategory(t, s.super_admin);
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed'));
      recorder.clear();
      await remove(s.super_admin, id);
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed'));
    } finally {
      recorder.stop();
    }
  });
});
