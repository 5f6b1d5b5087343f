import { describe, expect, it } from 'vitest';
import { checkModifierChoice, type ModifierGroup, modifierGroupCreateSchema, modifiersKey } from './modifiers';

const milk: ModifierGroup = {
  id: 'g-milk',
  name: 'Milk',
  minChoices: 0,
  maxChoices: 1,
  options: [
    { id: 'o-whole', name: 'Whole', price: '0.00' },
    { id: 'o-oat', name: 'Oat', price: '0.60' },
  ],
};
const extras: ModifierGroup = {
  id: 'g-extras',
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { id: 'o-shot', name: 'Extra shot', price: '0.80' },
    { id: 'o-syrup', name: 'Syrup', price: '0.50' },
    { id: 'o-decaf', name: 'Decaf', price: '0.00' },
  ],
};

describe('checkModifierChoice (issue #35 item 1)', () => {
  it('sums the options in cents (3.00 + 0.60 + 0.80) and lists them in the groups’ order', () => {
    const choice = checkModifierChoice([milk, extras], ['o-shot', 'o-oat']);
    expect(choice).toEqual({
      ok: true,
      cents: 140,
      chosen: [
        { optionId: 'o-oat', groupName: 'Milk', name: 'Oat', cents: 60 },
        { optionId: 'o-shot', groupName: 'Extras', name: 'Extra shot', cents: 80 },
      ],
    });
    expect(300 + (choice.ok ? choice.cents : 0)).toBe(440);
  });

  it('nothing chosen from optional groups is 0', () => {
    expect(checkModifierChoice([milk, extras], [])).toEqual({ ok: true, cents: 0, chosen: [] });
  });

  it('refuses unknown options, duplicates, and counts outside a group’s min and max', () => {
    expect(checkModifierChoice([milk], ['o-shot'])).toEqual({ ok: false, message: 'Unknown modifier option' });
    expect(checkModifierChoice([extras], ['o-shot', 'o-shot'])).toEqual({
      ok: false,
      message: 'A modifier option can be chosen only once',
    });
    expect(checkModifierChoice([milk], ['o-whole', 'o-oat'])).toEqual({
      ok: false,
      message: 'Choose at most 1 from Milk',
    });
    expect(checkModifierChoice([extras], ['o-shot', 'o-syrup', 'o-decaf'])).toEqual({
      ok: false,
      message: 'Choose at most 2 from Extras',
    });
    expect(checkModifierChoice([{ ...milk, minChoices: 1 }], [])).toEqual({
      ok: false,
      message: 'Choose at least 1 from Milk',
    });
  });

  it('the merge key ignores order and letter case; none is the empty key', () => {
    expect(modifiersKey([{ optionId: 'B' }, { optionId: 'a' }])).toBe(
      modifiersKey([{ optionId: 'a' }, { optionId: 'b' }]),
    );
    expect(modifiersKey(undefined)).toBe('');
    expect(modifiersKey([])).toBe('');
  });

  it('a group needs min ≤ max, max ≥ 1, an option, and 2-decimal prices ≥ 0', () => {
    const base = { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat', price: '0.60' }] };
    expect(modifierGroupCreateSchema.safeParse(base).success).toBe(true);
    for (const bad of [
      { ...base, minChoices: 2 },
      { ...base, maxChoices: 0 },
      { ...base, options: [] },
      { ...base, options: [{ name: 'Oat', price: '-0.60' }] },
      { ...base, options: [{ name: 'Oat', price: '0.605' }] },
      {
        ...base,
        options: [
          { name: 'Oat', price: '0' },
          { name: 'oat', price: '0' },
        ],
      },
    ]) {
      expect(modifierGroupCreateSchema.safeParse(bad).success).toBe(false);
    }
  });
});
