/**
 * The zod-free half of the sign-in contract (auth.ts holds the schemas): the PIN input's rules and
 * how a user's name is shown. The POS terminal imports these at start-up, so this module must not
 * import zod, nor any module that does (`import type` is fine).
 */

/** spec §5 PIN: the input strips non-digits and keeps at most 4. */
export function sanitizePinInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, 4);
}

/**
 * Security guide: refuse trivial PINs when set (all one digit, ascending or descending runs,
 * and a few well-known choices). Returns true when the PIN must be refused.
 */
export function isTrivialPin(pin: string): boolean {
  if (/^(\d)\1{3}$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return true;
  return ['1212', '6969', '1004', '2000', '2580', '0852', '1122', '1010'].includes(pin);
}

/** Display name: "First Last", falling back to the e-mail, then a default. */
export function displayName(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null },
  fallback = 'User',
): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || fallback;
}

export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const first = user.firstName?.trim()?.[0] ?? '';
  const last = user.lastName?.trim()?.[0] ?? '';
  const fromName = `${first}${last}`.toUpperCase();
  return fromName || (user.email?.[0] ?? 'U').toUpperCase();
}
