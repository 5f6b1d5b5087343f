import { z } from 'zod';
import { ROLES } from './roles';

// The PIN input's rules and the display name helpers are zod-free: auth-rules.ts.

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
