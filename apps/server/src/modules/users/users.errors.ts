import { USER_MESSAGES } from '@retail-hub/shared';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The error factories of user administration (codes `users.*`; messages in packages/shared USER_MESSAGES). */
export const userErrors = {
  notFound: () => notFound('User', 'users.not_found'),
  ownRole: () => new AppError(403, 'users.own_role', USER_MESSAGES.ownRole),
  ownStatus: () => new AppError(403, 'users.own_status', USER_MESSAGES.ownStatus),
  ownRemoval: () => new AppError(403, 'users.own_removal', USER_MESSAGES.ownRemoval),
  userAboveOwn: () => new AppError(403, 'users.rank', USER_MESSAGES.userAboveOwn),
  pinOfPeer: () => new AppError(403, 'users.rank', USER_MESSAGES.pinOfPeer),
  roleAboveOwn: () => new AppError(403, 'users.rank', USER_MESSAGES.roleAboveOwn),
  cashiersOnly: () => new AppError(403, 'users.remove_cashiers_only', USER_MESSAGES.removeCashiersOnly),
  pinTrivial: () => badRequest('users.pin_trivial', USER_MESSAGES.pinTrivial, { pin: USER_MESSAGES.pinTrivial }),
  pinInUse: () => conflict('users.pin_in_use', USER_MESSAGES.pinInUse),
  pinClashOnEnable: () => conflict('users.pin_clash', USER_MESSAGES.pinClashOnEnable),
  emailInUse: () => conflict('users.email_in_use', USER_MESSAGES.emailInUse),
  noFreePin: () => new AppError(503, 'users.no_free_pin', 'No free PIN could be generated. Choose one instead.'),
};

export function isPinInUse(error: unknown): boolean {
  return error instanceof AppError && error.code === 'users.pin_in_use';
}

/** The constraint a unique violation (23505) names, read through Drizzle's cause chain. */
function violatedConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A unique violation raised by a race the pre-checks could not see: the e-mail index or the
 * active-PIN index. Anything else is left to the error handler.
 */
export function mapUniqueViolation(error: unknown): unknown {
  if (pgErrorCode(error) !== '23505') return error;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.includes('email')) return userErrors.emailInUse();
  if (constraint.includes('pin')) return userErrors.pinInUse();
  return error;
}

/** A foreign key still pointing at the user (a sale, a shift…): 23503 on PostgreSQL, 23001 on PGlite. */
export function isStillReferenced(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '23503' || code === '23001';
}
