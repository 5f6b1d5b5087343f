import { describe, expect, it } from 'vitest';
import { pinLoginBodySchema } from './auth';
import { displayName, initials, isTrivialPin, sanitizePinInput } from './auth-rules';

describe('PIN rules', () => {
  it('the PIN input drops non-digits and keeps at most 4 (spec §5)', () => {
    expect(sanitizePinInput('1a2b3c4d5')).toBe('1234');
    expect(sanitizePinInput('٣12')).toBe('12');
  });

  it('the PIN body accepts exactly four ASCII digits with the spec messages', () => {
    expect(pinLoginBodySchema.safeParse({ pin: '0123' }).success).toBe(true);
    const short = pinLoginBodySchema.safeParse({ pin: '123' });
    expect(short.success ? '' : short.error.issues[0]?.message).toBe('PIN must be exactly 4 characters');
    const letters = pinLoginBodySchema.safeParse({ pin: '12a4' });
    expect(letters.success ? '' : letters.error.issues[0]?.message).toBe('PIN must be exactly 4 digits');
    const missing = pinLoginBodySchema.safeParse({});
    expect(missing.success ? '' : missing.error.issues[0]?.message).toBe('PIN must be 4 digits');
  });

  it('trivial PINs are refused when set: repeated digits and straight runs', () => {
    for (const pin of ['0000', '1111', '9999', '1234', '4321', '6789', '3210'])
      expect(isTrivialPin(pin), pin).toBe(true);
    for (const pin of ['7391', '4826', '2915', '3862']) expect(isTrivialPin(pin), pin).toBe(false);
  });

  it('names fall back to the e-mail, initials to its first letter', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Lopez' })).toBe('Ana Lopez');
    expect(displayName({ firstName: null, lastName: null, email: 'a@b.c' })).toBe('a@b.c');
    expect(displayName({})).toBe('User');
    expect(initials({ firstName: 'ana', lastName: 'lopez' })).toBe('AL');
    expect(initials({ email: 'zed@x.y' })).toBe('Z');
  });
});
