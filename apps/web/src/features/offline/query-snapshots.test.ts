import { hashKey, QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { TerminalDatabase } from './db';
import { answerFromSnapshot, isKeptOffline } from './query-snapshots';

/**
 * Issue #30 item 15: offline, every sized product opened 'Choose Size' with "The sizes could not
 * be loaded". A sized product the terminal has kept but whose sizes it never read offers the
 * catalogue's fixed options; sizes it did read are answered from its copy.
 */
function freshDb(name: string) {
  return new TerminalDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

const latte = {
  id: 'p-latte',
  name: 'Latte',
  price: '4.00',
  stock: 12,
  hasVariants: true,
  category: { id: 'c-coffee', name: 'Coffee' },
};
const mojito = {
  id: 'p-mojito',
  name: 'Virgin Mojito',
  price: '5.00',
  stock: 0,
  hasVariants: true,
  category: { id: 'c-mock', name: 'Mocktails' },
};
const vase = { id: 'p-vase', name: 'Vase', price: '10.00', stock: 3, hasVariants: true, category: null };

describe('size options offline (issue #30 item 15)', () => {
  it("a sized product never opened offers the catalogue's fixed options, from the kept catalogue", async () => {
    const db = freshDb('sizes-fixed');
    await db.snapshots.put({
      hash: 'products-page',
      queryKey: ['/api/products', { limit: 60 }, 'page'],
      data: { items: [latte, mojito, vase], total: 3 },
      savedAt: new Date().toISOString(),
    });
    const queryClient = new QueryClient();
    const answer = async (productId: string) => {
      const queryKey = [`/api/products/${productId}/size-options`];
      await answerFromSnapshot(db, queryClient, { queryKey, state: { data: undefined } });
      return queryClient.getQueryData<Array<{ name: string; price: string; stock: number; variantId: null }>>(queryKey);
    };
    expect((await answer('p-latte'))?.map((o) => [o.name, o.price, o.stock])).toEqual([
      ['Dine In Small Cup', '3.00', 12],
      ['Dine In Big Cup', '4.00', 12],
      ['Takeaway Small Cup', '3.50', 12],
      ['Takeaway Big Cup', '4.50', 12],
    ]);
    expect((await answer('p-mojito'))?.map((o) => o.name)).toEqual(['Small Plastic Cup', 'Big Plastic Cup', 'Glasses']);
    expect((await answer('p-vase'))?.map((o) => [o.name, o.price])).toEqual([
      ['Small', '8.00'],
      ['Large', '11.25'],
    ]);
    expect(await answer('p-unknown')).toBeUndefined();
  });

  it('sizes the terminal read online are answered from its copy (with their ids and stock)', async () => {
    const db = freshDb('sizes-kept');
    const kept = [
      { variantId: 'v-1', name: 'Takeaway Big Cup', priceCents: 450, price: '4.50', stock: 2, sortOrder: 4 },
    ];
    const queryKey = ['/api/products/p-latte/size-options'];
    const { hashKey } = await import('@tanstack/react-query');
    await db.snapshots.put({ hash: hashKey(queryKey), queryKey, data: kept, savedAt: new Date().toISOString() });
    const queryClient = new QueryClient();
    await answerFromSnapshot(db, queryClient, { queryKey, state: { data: undefined } });
    expect(queryClient.getQueryData(queryKey)).toEqual(kept);
  });
});

describe('tax offline (issue #34 item 2)', () => {
  it('the tax rates and the store’s setting are kept and answered from the copy, so an offline till charges them', async () => {
    const db = freshDb('tax-kept');
    const rates = [{ id: 'r10', name: 'Standard', rate: '10.00', createdAt: '2026-11-29T00:00:00.000Z' }];
    const settingsKey = ['/api/settings/tax', { storeId: 's1' }];
    expect(isKeptOffline(['/api/tax-rates'])).toBe(true);
    expect(isKeptOffline(settingsKey)).toBe(true);
    await db.snapshots.bulkPut([
      {
        hash: hashKey(['/api/tax-rates']),
        queryKey: ['/api/tax-rates'],
        data: rates,
        savedAt: new Date().toISOString(),
      },
      {
        hash: hashKey(settingsKey),
        queryKey: settingsKey,
        data: { pricesIncludeTax: true },
        savedAt: new Date().toISOString(),
      },
    ]);
    const queryClient = new QueryClient();
    await answerFromSnapshot(db, queryClient, { queryKey: ['/api/tax-rates'], state: { data: undefined } });
    await answerFromSnapshot(db, queryClient, { queryKey: settingsKey, state: { data: undefined } });
    expect(queryClient.getQueryData(['/api/tax-rates'])).toEqual(rates);
    expect(queryClient.getQueryData(settingsKey)).toEqual({ pricesIncludeTax: true });
  });
});
