import { describe, expect, it } from 'vitest';
import {
  categoryCreateSchema,
  categoryLabel,
  fieldErrors,
  generateSku,
  productFormSchema,
  productUpdateSchema,
  stockStatus,
  variantCreateSchema,
  variantUpdateSchema,
} from './catalog';

const CATEGORY = '7d1f5c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f';

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

const valid = { name: 'Flat White', price: '4.50', sku: 'FLATWHABC', categoryId: CATEGORY };

describe('generated SKU (spec §5)', () => {
  it('takes the first 6 letters or digits of the name in upper case and adds 3 random upper-case letters', () => {
    const values = [0, 0.5, 0.99];
    let i = 0;
    expect(generateSku('Flat white, large', () => values[i++] as number)).toBe('FLATWHANZ');
  });

  it('skips spaces and punctuation, keeps digits, drops accents', () => {
    expect(generateSku('7-Up 330ml', () => 0)).toBe('7UP330AAA');
    expect(generateSku('Café Crème', () => 0)).toBe('CAFECRAAA');
  });

  it('a short name gives a short prefix; a name without letters or digits uses ITEM', () => {
    expect(generateSku('Tea', () => 0.999999)).toBe('TEAZZZ');
    expect(generateSku('  !! ', () => 0)).toBe('ITEMAAA');
  });

  it('always ends with exactly 3 upper-case letters', () => {
    for (let n = 0; n < 200; n++) expect(generateSku('Banana bread')).toMatch(/^BANANA[A-Z]{3}$/);
  });
});

describe('stock status badge (spec §4)', () => {
  it('is Out of Stock at 0', () => expect(stockStatus(0, 10)).toBe('Out of Stock'));
  it('is Low Stock at or below the threshold', () => {
    expect(stockStatus(10, 10)).toBe('Low Stock');
    expect(stockStatus(1, 10)).toBe('Low Stock');
  });
  it('is In Stock above the threshold', () => expect(stockStatus(11, 10)).toBe('In Stock'));
  it('a threshold of 0 makes any stock In Stock, and 0 still Out of Stock', () => {
    expect(stockStatus(1, 0)).toBe('In Stock');
    expect(stockStatus(0, 0)).toBe('Out of Stock');
  });
});

describe('product form schema (spec §5)', () => {
  it('an empty form reports every required field with the spec messages', () => {
    expect(errorsOf(productFormSchema, {})).toEqual({
      name: 'Name is required',
      price: 'Price is required',
      sku: 'SKU is required',
      categoryId: 'Category is required',
    });
  });

  it('blank text counts as missing', () => {
    expect(errorsOf(productFormSchema, { name: '  ', price: ' ', sku: '', categoryId: '' })).toEqual({
      name: 'Name is required',
      price: 'Price is required',
      sku: 'SKU is required',
      categoryId: 'Category is required',
    });
  });

  it.each([['abc'], ['4.505'], ['-1'], ['1e3'], ['4.'], ['.5'], ['1,50'], ['123456789']])(
    'price %s is an Invalid price format',
    (price) => {
      expect(errorsOf(productFormSchema, { ...valid, price })).toEqual({ price: 'Invalid price format' });
    },
  );

  it('a price sent as a number is an Invalid price format (prices are strings)', () => {
    expect(errorsOf(productFormSchema, { ...valid, price: 4.5 })).toEqual({ price: 'Invalid price format' });
  });

  it.each([['4'], ['4.5'], ['4.50'], [' 12.00 '], ['99999999.99'], ['0']])('price %s is accepted', (price) => {
    expect(productFormSchema.safeParse({ ...valid, price }).success).toBe(true);
  });

  it('stock and threshold below 0 have their own messages', () => {
    expect(errorsOf(productFormSchema, { ...valid, stock: -1, lowStockThreshold: -5 })).toEqual({
      stock: 'Stock must be 0 or greater',
      lowStockThreshold: 'Low stock threshold must be 0 or greater',
    });
    expect(errorsOf(productFormSchema, { ...valid, stock: '-2', lowStockThreshold: 'x' })).toEqual({
      stock: 'Stock must be 0 or greater',
      lowStockThreshold: 'Low stock threshold must be 0 or greater',
    });
  });

  it('stock is a whole number', () => {
    expect(errorsOf(productFormSchema, { ...valid, stock: 1.5 })).toEqual({ stock: 'Must be a whole number' });
  });

  it('an image URL must be a web URL or empty', () => {
    expect(errorsOf(productFormSchema, { ...valid, imageUrl: 'not a url' })).toEqual({
      imageUrl: 'Must be a valid URL',
    });
    expect(errorsOf(productFormSchema, { ...valid, imageUrl: 'javascript:alert(1)' })).toEqual({
      imageUrl: 'Must be a valid URL',
    });
    expect(productFormSchema.parse({ ...valid, imageUrl: '' }).imageUrl).toBeNull();
    expect(productFormSchema.parse({ ...valid, imageUrl: 'https://cdn.example.com/a.png' }).imageUrl).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('names, SKUs and locations are limited to 255, 100 and 255 characters', () => {
    const errors = errorsOf(productFormSchema, {
      ...valid,
      name: 'n'.repeat(256),
      sku: 's'.repeat(101),
      location: 'l'.repeat(256),
    });
    expect(Object.keys(errors).sort()).toEqual(['location', 'name', 'sku']);
    expect(productFormSchema.safeParse({ ...valid, name: 'n'.repeat(255), sku: 's'.repeat(100) }).success).toBe(true);
  });

  it('the asset type is one of the five types, or absent', () => {
    expect(errorsOf(productFormSchema, { ...valid, assetType: 'vehicle' })).toEqual({
      assetType: 'Choose a valid asset type',
    });
    for (const assetType of ['regular', 'tool', 'material', 'equipment', 'consumable']) {
      expect(productFormSchema.parse({ ...valid, assetType }).assetType).toBe(assetType);
    }
    expect(productFormSchema.parse({ ...valid, assetType: '' }).assetType).toBeNull();
    expect(productFormSchema.parse(valid).assetType).toBeUndefined();
  });

  it('fills the spec defaults: stock 0, threshold 10, no variants, active, no checkout', () => {
    expect(productFormSchema.parse(valid)).toMatchObject({
      stock: 0,
      lowStockThreshold: 10,
      hasVariants: false,
      isActive: true,
      isCheckoutRequired: false,
    });
  });

  it('empty number fields take the defaults (stock 0, threshold 10) and typed digits are parsed', () => {
    expect(productFormSchema.parse({ ...valid, stock: '', lowStockThreshold: '' })).toMatchObject({
      stock: 0,
      lowStockThreshold: 10,
    });
    expect(productFormSchema.parse({ ...valid, stock: '25', lowStockThreshold: '3' })).toMatchObject({
      stock: 25,
      lowStockThreshold: 3,
    });
  });

  it('an update applies no defaults, so absent fields stay as stored', () => {
    expect(productUpdateSchema.parse({ name: ' Long Black ' })).toEqual({ name: 'Long Black' });
    expect(errorsOf(productUpdateSchema, { price: '', stock: -1 })).toEqual({
      price: 'Price is required',
      stock: 'Stock must be 0 or greater',
    });
  });
});

describe('category and size-option schemas', () => {
  it('a category name must be non-empty after trimming (spec §5)', () => {
    expect(errorsOf(categoryCreateSchema, { name: '   ' })).toEqual({ name: 'Category name is required.' });
    expect(errorsOf(categoryCreateSchema, {})).toEqual({ name: 'Category name is required.' });
    expect(categoryCreateSchema.parse({ name: ' Coffee ' })).toEqual({ name: 'Coffee' });
  });

  it('a size option needs a name and a price; stock defaults to 0 and cannot go below it', () => {
    expect(errorsOf(variantCreateSchema, {})).toEqual({ name: 'Name is required', price: 'Price is required' });
    expect(variantCreateSchema.parse({ name: 'Small', price: '3' })).toEqual({ name: 'Small', price: '3', stock: 0 });
    expect(errorsOf(variantCreateSchema, { name: 'Small', price: '3', stock: -1 })).toEqual({
      stock: 'Stock must be 0 or greater',
    });
    expect(errorsOf(variantUpdateSchema, { price: '3.999' })).toEqual({ price: 'Invalid price format' });
    expect(variantUpdateSchema.parse({})).toEqual({});
  });
});

describe('category label (spec §3)', () => {
  it("a category without a name is 'Uncategorized'", () => {
    expect(categoryLabel(null)).toBe('Uncategorized');
    expect(categoryLabel({ name: '' })).toBe('Uncategorized');
    expect(categoryLabel({ name: 'Coffee' })).toBe('Coffee');
  });
});
