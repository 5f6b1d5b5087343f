const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

/** True when an error (or its cause chain, Drizzle wraps driver errors) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}

/** The PostgreSQL SQLSTATE of an error or of its cause (unique_violation is 23505). */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    current = e.cause;
  }
  return null;
}
