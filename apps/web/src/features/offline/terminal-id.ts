import { randomUuid } from '@/lib/uuid';
import type { TerminalDatabase } from './db';

let cached: Promise<string> | null = null;

/** This browser's terminal id: made once, kept in IndexedDB (the manager's terminal list shows it). */
export function terminalId(db: TerminalDatabase): Promise<string> {
  cached ??= db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('terminal-id');
    if (typeof row?.value === 'string') return row.value;
    const id = randomUuid();
    await db.meta.put({ name: 'terminal-id', value: id });
    return id;
  });
  return cached;
}
