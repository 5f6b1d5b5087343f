import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { posTerminals } from './offline';

/**
 * Issue #36 item 4 (docs/adr/0033): a customer display on another device (a tablet on the counter),
 * paired to one till by a short code. One row per till, shared by every app instance:
 * - the pairing code, kept only as its keyed hash (HMAC-SHA256 under the session secret) with its
 *   expiry; consuming it is one conditional update, so two displays entering it, one wins;
 * - the display's credential, kept only as the SHA-256 of its random token (the cookie holds the
 *   token); a new pairing replaces it and unpairing clears it, which revokes the old display;
 * - the till's last display state (what the display may show and nothing else, validated by
 *   customerDisplayStateSchema) with a version moved in SQL, so a display that (re)connects to any
 *   instance gets the latest state.
 */
export const customerDisplayPairings = pgTable(
  'customer_display_pairings',
  {
    terminalId: uuid('terminal_id')
      .primaryKey()
      .references(() => posTerminals.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: timestamptz('code_expires_at'),
    tokenHash: varchar('token_hash', { length: 64 }),
    pairedAt: timestamptz('paired_at'),
    state: jsonb('state'),
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    stateAt: timestamptz('state_at'),
  },
  (t) => [
    uniqueIndex('customer_display_pairings_code_unique').on(t.codeHash),
    uniqueIndex('customer_display_pairings_token_unique').on(t.tokenHash),
    check('customer_display_pairings_code_check', sql`(${t.codeHash} is null) = (${t.codeExpiresAt} is null)`),
  ],
);
