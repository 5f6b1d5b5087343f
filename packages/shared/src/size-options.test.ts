import { describe, expect, it } from 'vitest';
import { sizeOptionsFor, sizeSortOrder } from './size-options';

const v = (id: string, name: string, price: string, stock: number, sortOrder = 0) => ({
  id,
  name,
  price,
  stock,
  isActive: true,
  sortOrder,
});

describe('size options (spec §9)', () => {
  it('coffee offers the four cups at fixed prices whatever the base price, any letter case', () => {
    const options = sizeOptionsFor({ categoryName: 'COFFEE', priceCents: 999, stock: 5 }, []);
    expect(options.map((o) => [o.name, o.price])).toEqual([
      ['Dine In Small Cup', '3.00'],
      ['Dine In Big Cup', '4.00'],
      ['Takeaway Small Cup', '3.50'],
      ['Takeaway Big Cup', '4.50'],
    ]);
  });

  it('mocktails offer small and big plastic cups and glasses', () => {
    const options = sizeOptionsFor({ categoryName: 'Mocktails', priceCents: 100, stock: 5 }, []);
    expect(options.map((o) => [o.name, o.price])).toEqual([
      ['Small Plastic Cup', '3.00'],
      ['Big Plastic Cup', '4.00'],
      ['Glasses', '4.00'],
    ]);
  });

  it('other categories price Small at 0.8× and Large at 1.125× of the base, rounded half up to the cent', () => {
    const options = sizeOptionsFor({ categoryName: 'Bakery', priceCents: 450, stock: 5 }, []);
    expect(options.map((o) => [o.name, o.price])).toEqual([
      ['Small', '3.60'],
      ['Large', '5.06'], // 5.0625 → 5.06
    ]);
    const odd = sizeOptionsFor({ categoryName: 'Bakery', priceCents: 333, stock: 5 }, []);
    expect(odd.map((o) => o.price)).toEqual(['2.66', '3.75']); // 2.664 → 2.66; 3.74625 → 3.75
  });

  it('a stored variant with a matching name lends its id and stock, but the rule sets the price', () => {
    const options = sizeOptionsFor({ categoryName: 'Coffee', priceCents: 400, stock: 50 }, [
      v('v1', 'Takeaway Big Cup', '9.99', 0, 3),
    ]);
    const big = options.find((o) => o.name === 'Takeaway Big Cup');
    expect(big).toMatchObject({ variantId: 'v1', price: '4.50', stock: 0 });
    expect(options.find((o) => o.name === 'Dine In Small Cup')).toMatchObject({ variantId: null, stock: 50 });
  });

  it('other stored sizes are offered at their own price, ordered by sort order', () => {
    const options = sizeOptionsFor({ categoryName: 'Snacks', priceCents: 1000, stock: 5 }, [
      v('m', 'Medium', '9.00', 4, 0),
      { ...v('x', 'Retired', '1.00', 4, 0), isActive: false },
    ]);
    expect(options.map((o) => o.name)).toEqual(['Small', 'Medium', 'Large']);
    expect(options.find((o) => o.name === 'Medium')?.price).toBe('9.00');
  });

  it('sort order follows the spec table, unknown names sort as 0', () => {
    expect(sizeSortOrder('Takeaway Big Cup')).toBe(3);
    expect(sizeSortOrder('Glasses')).toBe(2);
    expect(sizeSortOrder('Large')).toBe(1);
    expect(sizeSortOrder('Jumbo')).toBe(0);
  });
});
