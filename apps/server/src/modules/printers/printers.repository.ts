import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { printers, printJobs, terminalPrinters } from '../../db/schema/index';

export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;
export type NewPrinter = typeof printers.$inferInsert;
export type NewPrintJob = typeof printJobs.$inferInsert;

export function listPrinterRows(db: DbOrTx): Promise<PrinterRow[]> {
  return db.select().from(printers).orderBy(asc(printers.name), asc(printers.id));
}

/** Is there any printer? (The print worker's one query while there is none.) */
export async function anyPrinter(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: printers.id }).from(printers).limit(1);
  return rows.length > 0;
}

export async function findPrinter(db: DbOrTx, id: string): Promise<PrinterRow | null> {
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  return row ?? null;
}

export async function insertPrinter(db: DbOrTx, values: NewPrinter): Promise<PrinterRow> {
  const [row] = await db.insert(printers).values(values).returning();
  if (!row) throw new Error('printer insert returned nothing');
  return row;
}

export async function updatePrinter(db: DbOrTx, id: string, values: Partial<NewPrinter>): Promise<PrinterRow | null> {
  const [row] = await db.update(printers).set(values).where(eq(printers.id, id)).returning();
  return row ?? null;
}

/**
 * Inserts a job once per (user, idempotency key): a retried request gets the first job back. Null
 * when the sale already has its original receipt (`print_jobs_one_original_receipt`): the caller
 * prints a COPY instead.
 */
export async function insertJob(db: DbOrTx, values: NewPrintJob): Promise<PrintJobRow | null> {
  const [row] = await db.insert(printJobs).values(values).onConflictDoNothing().returning();
  if (row) return row;
  if (!values.idempotencyKey || !values.createdBy) return null;
  const [existing] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.createdBy, values.createdBy), eq(printJobs.idempotencyKey, values.idempotencyKey)));
  return existing ?? null;
}

export async function findJobByKey(db: DbOrTx, userId: string, idempotencyKey: string): Promise<PrintJobRow | null> {
  const [row] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.createdBy, userId), eq(printJobs.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findJob(db: DbOrTx, id: string): Promise<PrintJobRow | null> {
  const [row] = await db.select().from(printJobs).where(eq(printJobs.id, id));
  return row ?? null;
}

/** Has this sale's drawer been kicked without paper ('Skip' on a cash sale)? */
export async function hasSaleDrawerJob(db: DbOrTx, saleId: string): Promise<boolean> {
  const rows = await db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.kind, 'drawer'), eq(printJobs.subjectId, saleId)))
    .limit(1);
  return rows.length > 0;
}

export async function hasReceiptJob(db: DbOrTx, saleId: string): Promise<boolean> {
  const rows = await db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.kind, 'receipt'), eq(printJobs.subjectId, saleId)))
    .limit(1);
  return rows.length > 0;
}

export function recentJobs(db: DbOrTx, { createdBy, limit }: { createdBy?: string; limit: number }) {
  return db
    .select()
    .from(printJobs)
    .where(createdBy ? eq(printJobs.createdBy, createdBy) : undefined)
    .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
    .limit(limit);
}

/**
 * Claims the oldest due job of a network printer atomically: `FOR UPDATE SKIP LOCKED` so two app
 * instances never take the same job, and a printer with a job already 'sending' is skipped so its jobs
 * print in order. The job is 'sending' (and its attempt counted) before any byte goes out. Jobs of
 * usb/serial printers are left alone: the till they are plugged into claims them (`claimTerminalJob`).
 */
export async function claimDueJob(
  db: DbOrTx,
): Promise<(PrintJobRow & { host: string | null; port: number; connection: string }) | null> {
  const result: unknown = await db.execute(sql`
    update print_jobs set status = 'sending', attempts = attempts + 1, next_attempt_at = now()
    where id = (
      select j.id from print_jobs j
      where j.status = 'queued' and j.next_attempt_at <= now()
        and exists (select 1 from printers p where p.id = j.printer_id and p.connection = 'network')
        and not exists (select 1 from print_jobs s where s.printer_id = j.printer_id and s.status = 'sending')
      order by j.created_at, j.id
      limit 1
      for update skip locked
    )
    returning id`);
  const id = rowsOf<{ id: string }>(result)[0]?.id;
  if (!id) return null;
  const [row] = await db
    .select({ job: printJobs, host: printers.host, port: printers.port, connection: printers.connection })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(eq(printJobs.id, id));
  if (!row) return null;
  return { ...row.job, host: row.host, port: row.port, connection: row.connection };
}

/** The outcome of a send, written only while the job is still 'sending' (the claim we hold). */
export async function finishJob(
  db: DbOrTx,
  id: string,
  outcome:
    | { status: 'printed' }
    | { status: 'unknown' | 'failed'; error: string }
    | { status: 'queued'; error: string; retryInMs: number },
): Promise<void> {
  const set =
    outcome.status === 'printed'
      ? { status: 'printed', printedAt: new Date(), lastError: null }
      : outcome.status === 'queued'
        ? {
            status: 'queued',
            lastError: outcome.error.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`,
          }
        : { status: outcome.status, lastError: outcome.error.slice(0, 500) };
  await db
    .update(printJobs)
    .set(set as Partial<NewPrintJob>)
    .where(and(eq(printJobs.id, id), eq(printJobs.status, 'sending')));
}

/**
 * A till claims one job of a usb/serial printer to write it itself (docs/adr/0031 §10): one
 * conditional UPDATE queued → sending (attempt counted), so of two tabs claiming one job only one gets
 * it. Null: the job is not 'queued' any more, or its printer is not a till's.
 */
export async function claimTerminalJob(db: DbOrTx, id: string): Promise<PrintJobRow | null> {
  const [row] = await db
    .update(printJobs)
    .set({ status: 'sending', attempts: sql`${printJobs.attempts} + 1`, nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(printJobs.id, id),
        eq(printJobs.status, 'queued'),
        sql`exists (select 1 from printers p where p.id = ${printJobs.printerId} and p.connection in ('usb', 'serial'))`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * What the till reports after writing a job it claimed, only while it is still 'sending' (a job the
 * app has meanwhile marked 'unknown' stays so). False: it was not 'sending'.
 */
export async function finishTerminalJob(
  db: DbOrTx,
  id: string,
  outcome: { status: 'printed' } | { status: 'queued' | 'unknown' | 'failed'; error: string },
): Promise<PrintJobRow | null> {
  const set =
    outcome.status === 'printed'
      ? { status: 'printed', printedAt: new Date(), lastError: null }
      : { status: outcome.status, lastError: outcome.error, nextAttemptAt: sql`now()` };
  const [row] = await db
    .update(printJobs)
    .set(set as Partial<NewPrintJob>)
    .where(and(eq(printJobs.id, id), eq(printJobs.status, 'sending')))
    .returning();
  return row ?? null;
}

/**
 * A printer that did not answer: its other waiting jobs wait as long (one printer that is off must
 * not hold the worker, and so every other printer, in its connect timeouts).
 */
export async function deferPrinter(db: DbOrTx, printerId: string, retryInMs: number): Promise<void> {
  await db.execute(sql`
    update print_jobs set next_attempt_at = greatest(next_attempt_at, now() + make_interval(secs => ${retryInMs / 1000}))
    where printer_id = ${printerId}::uuid and status = 'queued'`);
}

/** The store of a sale's shift, and whether that shift is `userId`'s and still open. */
export async function saleTill(
  db: DbOrTx,
  saleId: string,
  userId: string,
): Promise<{ storeId: string; ownOpenShift: boolean } | null> {
  const [row] = rowsOf<{ store_id: string; own_open_shift: boolean }>(
    await db.execute(sql`
      select s.store_id, (s.is_open and s.cashier_id = ${userId}::uuid) as own_open_shift
      from transactions t join shifts s on s.id = t.shift_id where t.id = ${saleId}::uuid`),
  );
  return row ? { storeId: row.store_id, ownOpenShift: row.own_open_shift === true } : null;
}

/** A shift's store, and whether it is `userId`'s and still open (a refund's shift). */
export async function shiftTill(
  db: DbOrTx,
  shiftId: number,
  userId: string,
): Promise<{ storeId: string; ownOpenShift: boolean } | null> {
  const [row] = rowsOf<{ store_id: string; own_open_shift: boolean }>(
    await db.execute(sql`
      select store_id, (is_open and cashier_id = ${userId}::uuid) as own_open_shift
      from shifts where id = ${shiftId}`),
  );
  return row ? { storeId: row.store_id, ownOpenShift: row.own_open_shift === true } : null;
}

/** `userId`'s open shift: its id, store and how many milliseconds ago it started (the database's clock). */
export async function openShiftOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: number; storeId: string; ageMs: number } | null> {
  const [row] = rowsOf<{ id: number; store_id: string; age_ms: number | string }>(
    await db.execute(sql`
      select id, store_id, (extract(epoch from (now() - started_at)) * 1000)::float8 as age_ms
      from shifts where cashier_id = ${userId}::uuid and is_open limit 1`),
  );
  return row ? { id: Number(row.id), storeId: row.store_id, ageMs: Number(row.age_ms) } : null;
}

/** Is there a job of `kind` for this subject (not failed)? */
export async function hasJobFor(db: DbOrTx, kind: string, subjectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.kind, kind), eq(printJobs.subjectId, subjectId), sql`${printJobs.status} <> 'failed'`))
    .limit(1);
  return rows.length > 0;
}

/** The store of `userId`'s open shift, if any. */
export async function openShiftStore(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ store_id: string }>(
    await db.execute(sql`select store_id from shifts where cashier_id = ${userId}::uuid and is_open limit 1`),
  );
  return row?.store_id ?? null;
}

/** A waiting job sent again now (Retry on a job still queued). */
export async function makeDueNow(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(printJobs)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(printJobs.id, id), eq(printJobs.status, 'queued')));
}

/** A waiting job moved to another printer ("Print elsewhere"): the old one is closed as failed. */
export async function closeQueuedJob(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ status: 'failed', lastError: reason })
    .where(and(eq(printJobs.id, id), eq(printJobs.status, 'queued')))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/**
 * Jobs left 'sending' by an instance that stopped mid-send: whether they printed is unknown, so they
 * become 'unknown' (never re-sent by themselves).
 */
export async function abandonStaleSending(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`
    update print_jobs set status = 'unknown', last_error = 'The app stopped while sending'
    where status = 'sending' and next_attempt_at < now() - make_interval(secs => ${olderThanSeconds})`);
}

export async function terminalPrinterId(db: DbOrTx, terminalId: string): Promise<string | null> {
  const [row] = await db.select().from(terminalPrinters).where(eq(terminalPrinters.terminalId, terminalId));
  return row?.printerId ?? null;
}

export async function setTerminalPrinter(db: DbOrTx, terminalId: string, printerId: string | null): Promise<void> {
  if (printerId === null) {
    await db.delete(terminalPrinters).where(eq(terminalPrinters.terminalId, terminalId));
    return;
  }
  await db
    .insert(terminalPrinters)
    .values({ terminalId, printerId })
    .onConflictDoUpdate({ target: terminalPrinters.terminalId, set: { printerId } });
}
