import { describe, expect, it } from 'vitest';
import { priceSaleLines, type SaleProduct, type SaleVariant, stockNeeds } from './sale-pricing';

const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';
const V1 = '00000000-0000-4000-8000-0000000000a1';
const V2 = '00000000-0000-4000-8000-0000000000a2';

const products = new Map<string, SaleProduct>([
  [
    P1,
    {
      id: P1,
      name: 'Flat White',
      price: '3.80',
      isActive: true,
      isAvailable: true,
      hasVariants: true,
      categoryName: 'COFFEE',
    },
  ],
  [
    P2,
    {
      id: P2,
      name: 'Banana Bread',
      price: '4.00',
      isActive: true,
      isAvailable: true,
      hasVariants: false,
      categoryName: 'Bakery',
    },
  ],
]);
/** P2 with the manager's 'has size options' flag and no stored option: the category's rule sizes. */
const sizedBread = new Map(products);
sizedBread.set(P2, { ...(products.get(P2) as SaleProduct), hasVariants: true });
const variants = new Map<string, SaleVariant[]>([
  [
    P1,
    [
      { id: V1, productId: P1, name: 'Takeaway Big Cup', price: '9.99', isActive: true, sortOrder: 3 },
      { id: V2, productId: P1, name: 'Oat Milk Jug', price: '1.25', isActive: true, sortOrder: 9 },
    ],
  ],
]);
const line = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  quantity: 1,
  unitPrice: '0.00',
  totalPrice: '0.00',
  ...extra,
});

describe('repricing sale lines', () => {
  it('a plain line is priced at the product price and moves product stock', () => {
    expect(priceSaleLines([line(P2, { quantity: 2 })], products, variants)).toEqual([
      {
        productId: P2,
        productName: 'Banana Bread',
        variantId: null,
        variantName: null,
        quantity: 2,
        unitCents: 400,
        modifiers: null,
      },
    ]);
  });

  it('the spec rule price wins over a stored variant price; other stored variants keep theirs', () => {
    const [big, jug] = priceSaleLines([line(P1, { variantId: V1 }), line(P1, { variantId: V2 })], products, variants);
    expect(big).toMatchObject({ variantId: V1, variantName: 'Takeaway Big Cup', unitCents: 450 });
    expect(jug).toMatchObject({ variantId: V2, variantName: 'Oat Milk Jug', unitCents: 125 });
  });

  it('a size named without an id is matched by name, in any case; other categories scale the base price', () => {
    const [cup, small] = priceSaleLines(
      [line(P1, { variantName: 'dine in small cup' }), line(P2, { variantName: 'Small' })],
      sizedBread,
      variants,
    );
    expect(cup).toMatchObject({ variantId: null, variantName: 'Dine In Small Cup', unitCents: 300 });
    expect(small).toMatchObject({ variantId: null, variantName: 'Small', unitCents: 320 });
  });

  it('an unknown product, an inactive one, or a variant of another product is refused', () => {
    expect(() => priceSaleLines([line('00000000-0000-4000-8000-00000000ffff')], products, variants)).toThrow(
      'Unknown product',
    );
    const inactive = new Map(products);
    inactive.set(P2, { ...(products.get(P2) as SaleProduct), isActive: false });
    expect(() => priceSaleLines([line(P2)], inactive, variants)).toThrow('Unknown product');
    expect(() => priceSaleLines([line(P2, { variantId: V1 })], products, variants)).toThrow('Unknown size option');
  });

  it('a product without size options offers no size: a rule size or any other name is refused', () => {
    // Issue #13 item 4: 'Small' sold any product at 0.8x, 'Dine In Small Cup' any coffee at 3.00.
    const beans = new Map(products);
    beans.set(P1, { ...(products.get(P1) as SaleProduct), price: '25.00', hasVariants: false });
    const none = new Map<string, SaleVariant[]>();
    expect(() => priceSaleLines([line(P2, { variantName: 'Small' })], products, none)).toThrow('Unknown size option');
    expect(() => priceSaleLines([line(P1, { variantName: 'Dine In Small Cup' })], beans, none)).toThrow(
      'Unknown size option',
    );
    // A stored active option alone is enough to offer sizes (the flag may lag behind it).
    const [jug] = priceSaleLines([line(P1, { variantName: 'oat milk jug' })], beans, variants);
    expect(jug).toMatchObject({ variantId: V2, variantName: 'Oat Milk Jug', unitCents: 125 });
  });

  it('a size name the product does not offer is refused, never kept as free text', () => {
    expect(() => priceSaleLines([line(P1, { variantName: 'Extra Hot' })], products, variants)).toThrow(
      'Unknown size option',
    );
    expect(() => priceSaleLines([line(P2, { variantName: 'Dine In Small Cup' })], sizedBread, variants)).toThrow(
      'Unknown size option',
    );
  });

  it('stock needs sum the same product or size over lines, in id order', () => {
    const lines = priceSaleLines(
      [
        line(P2, { quantity: 2 }),
        line(P1, { variantId: V1 }),
        line(P2, { quantity: 3 }),
        line(P1, { variantName: 'Takeaway Big Cup', quantity: 4 }),
      ],
      products,
      variants,
    );
    expect(stockNeeds(lines)).toEqual([
      { table: 'product', id: P2, productName: 'Banana Bread', quantity: 5 },
      { table: 'variant', id: V1, productName: 'Flat White', quantity: 5 },
    ]);
  });
});
