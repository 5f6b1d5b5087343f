import { zonedParts } from '@/lib/time-zone';

/** 'YYYY-MM-DD HH:mm' on the store's clock. */
export function storeTime(iso: string | null, timeZone?: string): string {
  if (!iso) return 'Never';
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** 'just now', '12 min ago', '3 h ago', '2 days ago'. */
export function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** The last 6 characters of a terminal id, upper case, as the terminal itself shows no name. */
export function terminalLabel(id: string): string {
  return `Terminal ${id.slice(-6).toUpperCase()}`;
}

/** '5 minutes', '1 minute', or seconds for a threshold under a minute (the server's TERMINAL_STALE_MINUTES). */
export function staleAfterText(minutes: number): string {
  if (minutes < 1) {
    const seconds = Math.max(1, Math.round(minutes * 60));
    return seconds === 1 ? '1 second' : `${seconds} seconds`;
  }
  const whole = Math.round(minutes * 10) / 10;
  return whole === 1 ? '1 minute' : `${whole} minutes`;
}
