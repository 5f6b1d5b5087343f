import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { users } from './users';

/**
 * spec §3 user_activity: sign-ins, failed PIN attempts and other events for the developer
 * dashboard. Kept when the user is deleted (user_id becomes null).
 */
export const userActivity = pgTable(
  'user_activity',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    activityType: varchar('activity_type', { length: 50 }).notNull(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    details: jsonb('details'),
    sessionId: varchar('session_id', { length: 64 }),
  },
  (t) => [
    index('user_activity_timestamp_idx').on(t.timestamp),
    index('user_activity_user_id_timestamp_idx').on(t.userId, t.timestamp),
    index('user_activity_activity_type_timestamp_idx').on(t.activityType, t.timestamp),
    // Issue #15 item 3: "who did what" to one sale (refunds, voids, reprints, e-mails) is read
    // by the sale's id kept in details.
    index('user_activity_transaction_id_idx')
      .on(sql`(${t.details} ->> 'transactionId')`)
      .where(sql`${t.details} ? 'transactionId'`),
  ],
);
