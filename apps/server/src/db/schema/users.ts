import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { userRoleEnum } from './enums';
import { procDepartments } from './procurement-core';

/**
 * spec §3 users. The PIN is never stored in plain text (security guide, PINs): only
 * HMAC-SHA-256(pepper, pin) in `pin_hash`, unique among active users because sign-in looks a
 * user up by PIN alone. A deactivated user keeps their hash but stops blocking it.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 255 }).unique('users_email_unique'),
    firstName: varchar('first_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    profileImageUrl: text('profile_image_url'),
    role: userRoleEnum('role').notNull().default('cashier'),
    /** Free-text department name shown as a badge (spec §2 User Management). */
    department: varchar('department', { length: 255 }),
    /**
     * The procurement department a department_manager runs (issue #16): the stock they see and the
     * requisitions they raise are that department's. Null for everyone else.
     */
    procDepartmentId: uuid('proc_department_id').references(() => procDepartments.id, { onDelete: 'set null' }),
    /** Hex HMAC-SHA-256 of the PIN; null for a user who cannot sign in yet. */
    pinHash: text('pin_hash'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_active_pin_hash_unique').on(t.pinHash).where(sql`is_active`),
    index('users_role_idx').on(t.role),
  ],
);

/**
 * spec §3 sessions (sid, sess, expire), server-side (security guide, Sessions). `user_id` lets
 * a role, PIN or status change end every session of that user in one statement.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamptz('expire').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * PIN throttling state kept in the database so a restart or a second instance does not reset it
 * (security guide, Throttling). `key` names the scope: `client:<address>`, `device:<id>`, `store`,
 * `pin-admin:<user id>`, `pin-admin:store` (docs/adr/0008).
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: varchar('key', { length: 128 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    lastFailureAt: timestamptz('last_failure_at'),
    /** Maintained by the throttle queries themselves (it can mark a window start), so no automatic touch. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * Whether the latest reservation on this key was let through (docs/adr/0008): the one upsert
     * that counts an attempt writes it and returns it, so the decision is made by the database.
     */
    lastAllowed: boolean('last_allowed').notNull().default(true),
  },
  (t) => [check('auth_throttle_failures_check', sql`${t.failures} >= 0`)],
);
