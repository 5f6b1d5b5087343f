import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Security guide: a 4-digit PIN is stored only as HMAC-SHA-256(pepper, pin). The pepper lives
 * outside the database, so a stolen database alone cannot be brute-forced in milliseconds.
 */
export function hashPin(pepper: string, pin: string): string {
  return createHmac('sha256', pepper).update(`pin:${pin}`).digest('hex');
}

export function pinMatches(pepper: string, pin: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashPin(pepper, pin), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
