import { describe, expect, it } from 'vitest';
import { literal } from './hot-statement';

describe('literal arguments of prepared statements on PGlite', () => {
  it('quotes are doubled and backslashes escaped, so text can never end the literal', () => {
    expect(literal("O'Brien", 'text')).toBe("'O''Brien'::text");
    expect(literal("a\\'); drop table x; --", 'text')).toBe(" E'a\\\\''); drop table x; --'::text");
  });

  it('nulls, integers and arrays keep their declared types; empty arrays are typed', () => {
    expect(literal(null, 'numeric')).toBe('null::numeric');
    expect(literal(3, 'int')).toBe('3::int');
    expect(literal(['a', null], 'uuid[]')).toBe("array['a', null]::uuid[]");
    expect(literal([], 'int[]')).toBe("'{}'::int[]");
  });

  it('anything but text, safe integers and null is refused rather than guessed', () => {
    expect(() => literal(1.5, 'int')).toThrow(TypeError);
    expect(() => literal(Number.NaN, 'int')).toThrow(TypeError);
    expect(() => literal({ a: 1 }, 'jsonb')).toThrow(TypeError);
    expect(() => literal(true, 'boolean')).toThrow(TypeError);
  });
});
