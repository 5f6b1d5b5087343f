import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV7', () => {
  it('is a version 7, variant 10 UUID whose first 48 bits are the milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 18, 0, 0, 123);
    const key = uuidV7(at + 3_600_000);
    expect(key).toMatch(V7);
    expect(Number.parseInt(key.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 3_600_000);
  });

  it('sorts in the order the keys were made, also within one millisecond', () => {
    const start = Date.now() + 10_000_000;
    const keys = [
      ...Array.from({ length: 50 }, () => uuidV7(start)),
      ...Array.from({ length: 50 }, (_, i) => uuidV7(start + 1 + Math.floor(i / 10))),
    ];
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(V7);
  });

  it('never goes backwards when the clock does', () => {
    const start = Date.now() + 20_000_000;
    const first = uuidV7(start);
    const second = uuidV7(start - 5_000);
    expect(second > first).toBe(true);
  });
});
