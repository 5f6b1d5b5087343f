import { describe, expect, it } from 'vitest';
import { assetCheckoutCreateSchema, assetReturnSchema } from './assets';

describe('asset return schema (spec §5)', () => {
  it('requires a condition of good, damaged or needs_maintenance', () => {
    for (const body of [{}, { returnCondition: '' }, { returnCondition: 'broken' }]) {
      const result = assetReturnSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Return condition is required');
    }
    expect(assetReturnSchema.parse({ returnCondition: 'damaged', notes: '  ' })).toEqual({
      returnCondition: 'damaged',
      notes: null,
    });
  });
});

describe('asset checkout schema', () => {
  const ids = { productId: '11111111-1111-4111-8111-111111111111', userId: '22222222-2222-4222-8222-222222222222' };

  it('takes an ISO date-time with an offset, or none', () => {
    expect(assetCheckoutCreateSchema.parse({ ...ids, expectedReturnAt: '2026-11-21T09:30:00.000Z' })).toMatchObject({
      expectedReturnAt: '2026-11-21T09:30:00.000Z',
      notes: null,
    });
    expect(assetCheckoutCreateSchema.safeParse({ ...ids }).success).toBe(true);
    const bad = assetCheckoutCreateSchema.safeParse({ ...ids, expectedReturnAt: '2026-11-21 09:30' });
    expect(bad.error?.issues[0]?.message).toBe('Expected return must be a valid date and time');
  });

  it('names the missing asset and borrower', () => {
    const result = assetCheckoutCreateSchema.safeParse({});
    // A loan is of a product or of a registered unit (issue #17): the either-or check runs after the fields.
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Choose who is borrowing the asset',
      'Choose an asset to check out',
    ]);
  });
});
