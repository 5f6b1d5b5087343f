import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { stores } from './stores';
import { users } from './users';

/**
 * Issue #36 item 1 (docs/adr/0031): a receipt printer of the installation. Only 'network' printers
 * (raw TCP, port 9100) are printed to by the server in this wave; 'usb' and 'serial' are recorded
 * for the WebUSB/Web Serial path that comes later.
 */
export const printers = pgTable(
  'printers',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    connection: varchar('connection', { length: 10 }).notNull(),
    host: varchar('host', { length: 255 }),
    port: integer('port').notNull().default(9100),
    paperWidth: integer('paper_width').notNull().default(80),
    /** The store it stands in; null: any store's till may print to it. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('printers_connection_check', sql`${t.connection} in ('network', 'usb', 'serial')`),
    check('printers_paper_width_check', sql`${t.paperWidth} in (58, 80)`),
    check('printers_port_check', sql`${t.port} between 1 and 65535`),
    check('printers_host_check', sql`${t.connection} <> 'network' or ${t.host} is not null`),
  ],
);

/**
 * Issue #36 item 3: a print job, rendered once (ESC/POS bytes) and sent by the queue worker. Status:
 * queued → sending → printed; a connection refused before the printer took the bytes goes back to
 * queued with a later `next_attempt_at`; a connection lost after the bytes were written is 'unknown'
 * and never re-sent by itself (the till offers Retry, which prints a COPY).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** What it prints: a sale, refund or shift id; null for a test or drawer pulse. */
    subjectId: varchar('subject_id', { length: 64 }),
    /** The ESC/POS bytes, base64. */
    payload: text('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    printedAt: timestamptz('printed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** One job per request: a retried request with the same key answers the same job. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /**
     * SHA-256 of the request that made the job (route, subject and body; never a PIN): the same key
     * with a different request is 409, as a sale's is.
     */
    requestHash: varchar('request_hash', { length: 64 }),
  },
  (t) => [
    check(
      'print_jobs_kind_check',
      sql`${t.kind} in ('receipt', 'refund', 'copy', 'z_report', 'x_report', 'test', 'drawer')`,
    ),
    check('print_jobs_status_check', sql`${t.status} in ('queued', 'sending', 'printed', 'failed', 'unknown')`),
    uniqueIndex('print_jobs_idempotency_key_unique').on(t.createdBy, t.idempotencyKey),
    // One original receipt per sale or refund (the one with the drawer pulse); every other print is
    // a COPY. (A sale's and a refund's ids are both UUIDs: they never meet.)
    uniqueIndex('print_jobs_one_original_receipt')
      .on(t.subjectId)
      .where(sql`${t.kind} in ('receipt', 'refund') and ${t.status} <> 'failed'`),
    // One drawer pulse without paper per subject (a sale's or a refund's Skip, a shift's float count).
    uniqueIndex('print_jobs_one_drawer_per_subject')
      .on(t.subjectId)
      .where(sql`${t.kind} = 'drawer' and ${t.subjectId} is not null and ${t.status} <> 'failed'`),
    index('print_jobs_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('print_jobs_printer_created_idx').on(t.printerId, t.createdAt),
  ],
);

/**
 * Issue #36: the printer a till prints to, chosen per terminal like its store binding. The terminal
 * id is the browser's own (it may be chosen before the till's first heartbeat), so no foreign key.
 */
export const terminalPrinters = pgTable('terminal_printers', {
  terminalId: uuid('terminal_id').primaryKey(),
  printerId: uuid('printer_id')
    .notNull()
    .references(() => printers.id, { onDelete: 'cascade' }),
});
