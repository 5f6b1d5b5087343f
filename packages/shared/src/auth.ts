import { z } from 'zod';
import { ROLES } from './roles';

/** spec §5 PIN: exactly 4 ASCII digits. Any other shape (array, object, number) gets one clear message. */
export const pinSchema = z
  .string({ error: 'PIN must be 4 digits' })
  .length(4, { error: 'PIN must be exactly 4 characters' })
  .regex(/^[0-9]{4}$/, { error: 'PIN must be exactly 4 digits' });

export const pinLoginBodySchema = z.object({ pin: pinSchema }, { error: 'PIN must be 4 digits' });
export type PinLoginBody = z.infer<typeof pinLoginBodySchema>;

/** spec §3 Session user. */
export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  /**
   * IANA zone of the store (GET /auth/session and POST /auth/pin always send it): the browser counts
   * 'today' in it, not in the till's.
   */
  storeTimeZone: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

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
