import { randomUUID } from 'node:crypto';
import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry } from '@retail-hub/shared';

/** How many messages the developer dashboard reads back (newest first). */
export const OUTBOX_READ_LIMIT = 100;

export type NewOutboxEntry = Omit<OutboxEntry, 'id' | 'createdAt'>;

export type Outbox = {
  add(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /** Newest first, at most `limit`. */
  latest(limit?: number): Promise<OutboxEntry[]>;
};

function stamp(entry: NewOutboxEntry): OutboxEntry {
  return { id: randomUUID(), createdAt: new Date().toISOString(), ...entry };
}

/**
 * Mail that was not sent, one JSON object per line in DATA_DIR/outbox.jsonl (no schema change:
 * docs/adr/0005). The file is created 0600: it holds staff addresses and message text. Appends
 * of one short line are atomic on a local disk, so concurrent requests do not interleave.
 */
export function fileOutbox(file: string): Outbox {
  let prepared: Promise<void> | null = null;
  const prepare = () => {
    prepared ??= mkdir(path.dirname(file), { recursive: true }).then(() => undefined);
    return prepared;
  };
  return {
    async add(entry) {
      await prepare();
      const stamped = stamp(entry);
      await appendFile(file, `${JSON.stringify(stamped)}\n`, { mode: 0o600 });
      await chmod(file, 0o600);
      return stamped;
    },
    async latest(limit = OUTBOX_READ_LIMIT) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const entries: OutboxEntry[] = [];
      const lines = text.split('\n');
      for (let i = lines.length - 1; i >= 0 && entries.length < limit; i--) {
        const line = lines[i]?.trim();
        if (!line) continue;
        try {
          entries.push(JSON.parse(line) as OutboxEntry);
        } catch {
          // A line cut short by a crash mid-write: skip it, keep the rest readable.
        }
      }
      return entries;
    },
  };
}

/** Tests without a data folder keep the outbox in memory. */
export function memoryOutbox(): Outbox {
  const entries: OutboxEntry[] = [];
  return {
    async add(entry) {
      const stamped = stamp(entry);
      entries.push(stamped);
      return stamped;
    },
    async latest(limit = OUTBOX_READ_LIMIT) {
      return entries.slice(-limit).reverse();
    },
  };
}
