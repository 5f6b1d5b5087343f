import { z } from 'zod';
import { ROLES } from './roles';

// The PIN input's rules and the display name helpers are zod-free: auth-rules.ts.

/** spec §5 PIN: exactly 4 ASCII digits. Any other shape (array, object, number) gets one clear message. */
export const pinSchema = z
  .string({ error: 'PIN must be 4 digits' })
  .length(4, { error: 'PIN must be exactly 4 characters' })
  .regex(/^[0-9]{4}$/, { error: 'PIN must be exactly 4 digits' });

export const pinLoginBodySchema = z.object(
  {
    pin: pinSchema,
    /**
     * Issue #32: the till signed in at (optional; spec §7 clients send only the PIN). A cashier
     * limited to stores that do not include the till's store is refused (403).
     */
    terminalId: z.uuid({ error: 'terminalId must be a UUID' }).nullish(),
  },
  { error: 'PIN must be 4 digits' },
);
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

/** One store-wide daily breaker of the PIN throttle (issue #30 item 4). */
export const pinBreakerStateSchema = z.object({
  /** Wrong PIN checks counted in the current 24-hour window. */
  failures: z.number().int(),
  threshold: z.number().int(),
  /** Past the threshold: every further attempt waits for a slot until the window ends. */
  tripped: z.boolean(),
  /** When the window began; null when nothing was counted in the last 24 hours. */
  since: z.string().nullable(),
});

/**
 * GET /api/auth/pin-guessing (issue #30 item 4): the managers' alert. `known` counts wrong PINs
 * from devices that know a PIN (known tills, signed-in staff asking for approval), `unknown` those
 * from every other browser.
 */
export const pinGuessingAlertSchema = z.object({ known: pinBreakerStateSchema, unknown: pinBreakerStateSchema });
export type PinGuessingAlert = z.infer<typeof pinGuessingAlertSchema>;
