import type { ImportRowStatus } from '@retail-hub/shared';
import type { Db, DbOrTx } from '../db/client';

/** Lets pending I/O, timers and other requests run (a resolved promise alone does not). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A chunk of an import commits after this many rows or this long, whichever comes first. On PGlite
 * one connection serves every terminal, so an open chunk holds every sale until it commits; on
 * PostgreSQL a sale of a product in the file waits for the chunk that locked it (issue #13 item 10:
 * a 50,000-row file in one transaction stalled every terminal for 55 s).
 */
export const IMPORT_CHUNK_ROWS = 500;
export const IMPORT_CHUNK_MS = 50;
/** Within a chunk, the event loop gets a turn at least this often (docs/architecture.md, Standards: 50 ms at most). */
const IMPORT_YIELD_MS = 10;

export type KeyedRowOutcome = { status: ImportRowStatus; reason?: string };

/**
 * The row loop of a CSV import keyed by one column (products by SKU, procurement departments by
 * code): a row without a key or repeating an earlier row's key is refused, every other row goes to
 * `importRow` (which writes it in its own savepoint, so a refused row changes nothing). Rows are
 * written in chunks that commit as they go, with a turn of the event loop between rows and between
 * chunks, so sales and other requests go on during a large import. A row whose write fails for a
 * reason other than its data (a lost connection) fails the request; the chunks before it stay saved.
 * `onRow` receives every row's outcome in file order (row 2 is the first under the header).
 * `beforeCommit`, when given, runs at the end of each chunk inside its transaction (the product
 * import posts the chunk's opening stock there in one statement); if it fails, the chunk fails.
 */
export async function runKeyedImport<Outcome extends KeyedRowOutcome>(options: {
  db: Db;
  records: ReadonlyArray<Record<string, string>>;
  keyOf: (record: Record<string, string>) => string;
  missingKey: string;
  duplicateKey: (key: string, firstRow: number) => string;
  importRow: (tx: DbOrTx, record: Record<string, string>, key: string) => Promise<Outcome>;
  onRow: (row: number, key: string, outcome: Outcome | KeyedRowOutcome) => void;
  beforeCommit?: (tx: DbOrTx) => Promise<void>;
}): Promise<void> {
  const { records } = options;
  const firstRowOfKey = new Map<string, number>();
  let next = 0;
  let lastYield = performance.now();
  while (next < records.length) {
    await options.db.transaction(async (tx) => {
      const started = performance.now();
      const end = Math.min(records.length, next + IMPORT_CHUNK_ROWS);
      while (next < end && performance.now() - started < IMPORT_CHUNK_MS) {
        const index = next;
        const record = records[index] as Record<string, string>;
        // Row 1 is the header, so row numbers match a spreadsheet's.
        const row = index + 2;
        const key = options.keyOf(record);
        let outcome: Outcome | KeyedRowOutcome;
        const seenAt = firstRowOfKey.get(key);
        if (!key) outcome = { status: 'refused', reason: options.missingKey };
        else if (seenAt !== undefined) outcome = { status: 'refused', reason: options.duplicateKey(key, seenAt) };
        else {
          firstRowOfKey.set(key, row);
          outcome = await options.importRow(tx, record, key);
        }
        options.onRow(row, key, outcome);
        next = index + 1;
        // PGlite answers without an I/O wait: without this the chunk would hold the event loop.
        if (performance.now() - lastYield >= IMPORT_YIELD_MS) {
          await yieldToEventLoop();
          lastYield = performance.now();
        }
      }
      if (options.beforeCommit) await options.beforeCommit(tx);
    });
    await yieldToEventLoop();
    lastYield = performance.now();
  }
}
