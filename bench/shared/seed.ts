/**
 * The store the load benchmarks sell from, shared by bench/checkout and bench/faults: one cashier
 * per terminal with a distinct non-trivial PIN, `productCount` products with awkward cents (so the
 * card fee rounds) and a Coffee sold by size ('Takeaway Big Cup', so the size-option price rule and
 * size-option stock are part of the load), everything with `initialStock` in stock.
 */
import { isTrivialPin } from '@retail-hub/shared';
import type { Db } from '../../apps/server/src/db/client';
import { categories, products, productVariants, users } from '../../apps/server/src/db/schema/index';
import { hashPin } from '../../apps/server/src/lib/pin-hash';
import { createStore, listStores } from '../../apps/server/src/modules/retail-stores/retail-stores.service';
import { postOpeningStock } from '../../apps/server/src/modules/stock/stock.service';

/** A product (or a size option of one) as a terminal prices it; `price` is the line's unit price. */
export type CatalogueEntry = { id: string; price: string; variantId: string | null; variantName: string | null };

/**
 * `storeIds[i]` is the store terminal i sells at (issue #32: `--stores N` splits the terminals
 * evenly, the first ones at the default store); with one store every entry is the default store.
 */
export type BenchStore = { pins: string[]; catalogue: CatalogueEntry[]; storeIds: string[] };

export async function seedBenchStore(
  db: Db,
  options: { pinPepper: string; terminals: number; productCount: number; initialStock: number; stores?: number },
): Promise<BenchStore> {
  const { pinPepper, terminals, productCount, initialStock } = options;
  const storeCount = Math.max(1, Math.floor(options.stores ?? 1));
  // One user per terminal, each with a distinct non-trivial PIN.
  const pins: string[] = [];
  for (let n = 1000; pins.length < terminals && n <= 9999; n++) {
    const pin = String(n);
    if (!isTrivialPin(pin)) pins.push(pin);
  }
  await db.insert(users).values(
    pins.map((pin, i) => ({
      firstName: 'Terminal',
      lastName: String(i + 1),
      role: 'cashier' as const,
      pinHash: hashPin(pinPepper, pin),
    })),
  );

  const [category] = await db.insert(categories).values({ name: 'Bench' }).returning({ id: categories.id });
  const [coffeeCategory] = await db.insert(categories).values({ name: 'Coffee' }).returning({ id: categories.id });
  const catalogue: CatalogueEntry[] = [];
  const rows = await db
    .insert(products)
    .values(
      Array.from({ length: productCount }, (_, i) => ({
        name: `Bench product ${i + 1}`,
        sku: `BENCH-${i + 1}`,
        // 1.05 … 20.00: awkward cents so the card fee rounds.
        price: (1 + ((i * 37) % 1900) / 100 + 0.05).toFixed(2),
        categoryId: (category as { id: string }).id,
      })),
    )
    .returning({ id: products.id, price: products.price });
  for (const r of rows) catalogue.push({ id: r.id, price: r.price, variantId: null, variantName: null });
  // One coffee sold by size, so the variant path (rule price, variant stock) is part of the load.
  const [coffee] = await db
    .insert(products)
    .values({
      name: 'Bench coffee',
      sku: 'BENCH-COFFEE',
      price: '3.80',
      categoryId: (coffeeCategory as { id: string }).id,
      hasVariants: true,
    })
    .returning({ id: products.id });
  const [cup] = await db
    .insert(productVariants)
    .values({ productId: (coffee as { id: string }).id, name: 'Takeaway Big Cup', price: '9.99' })
    .returning({ id: productVariants.id });
  // Everything's stock, as opening rows of the one ledger at the default store (ADR 0025), and at
  // each further store's own selling location (issue #32: `--stores N`).
  const stock = [
    ...rows.map((r) => ({ productId: r.id, quantity: initialStock })),
    { productId: (coffee as { id: string }).id, quantity: initialStock },
    { variantId: (cup as { id: string }).id, quantity: initialStock },
  ];
  const [defaultStore] = (await listStores(db)).filter((s) => !s.isArchived);
  const stores = [(defaultStore as { id: string }).id];
  await postOpeningStock(db, stock, { storeId: stores[0] });
  for (let n = 2; n <= storeCount; n++) {
    // A store created without a selling location gets its own (ADR 0025), so its stock is its own.
    const store = await createStore(db, { name: `Bench store ${n}`, code: `BENCH${n}` });
    stores.push(store.id);
    await postOpeningStock(db, stock, { storeId: store.id });
  }
  const storeIds = pins.map((_, i) => stores[Math.floor((i * storeCount) / pins.length)] as string);
  catalogue.push({
    id: (coffee as { id: string }).id,
    price: '4.50',
    variantId: (cup as { id: string }).id,
    variantName: 'Takeaway Big Cup',
  });
  return { pins, catalogue, storeIds };
}
