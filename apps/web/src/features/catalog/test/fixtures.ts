import type { Category, Product } from '@retail-hub/shared';

export const CATEGORY_ID = '0b7f2c2e-7a1f-4d7e-9a51-2f1d3c4b5a60';
export const OTHER_CATEGORY_ID = '5c1e8e0a-3d7b-4f0e-8e2a-9b6c7d8e9f01';

export const categories: Category[] = [
  {
    id: CATEGORY_ID,
    name: 'Coffee',
    description: null,
    department: null,
    isInstitutional: false,
    taxRateId: null,
    productCount: 2,
  },
  {
    id: OTHER_CATEGORY_ID,
    name: 'Pastries',
    description: null,
    department: null,
    isInstitutional: false,
    taxRateId: null,
    productCount: 0,
  },
];

let next = 0;

/** A product as GET /api/products sends it, with whatever the test cares about overridden. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Product ${next}`,
    description: null,
    price: '4.50',
    sku: `SKU${next}`,
    categoryId: CATEGORY_ID,
    category: { id: CATEGORY_ID, name: 'Coffee' },
    stock: 25,
    lowStockThreshold: 10,
    isActive: true,
    imageUrl: null,
    hasVariants: false,
    assetType: 'regular',
    location: null,
    isCheckoutRequired: false,
    departmentId: null,
    taxRateId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
