/**
 * A time-ordered UUID (RFC 9562 version 7): 48 bits of Unix milliseconds, the version, 74 random
 * bits. The terminals' Idempotency-Keys (online and offline, issue #38): the server's unique index
 * on them then grows at its right-most page instead of a random page per sale. Only
 * `crypto.getRandomValues` is needed, which a till on the shop's LAN over plain HTTP also has (not
 * `crypto.randomUUID`). Keys made in the same millisecond are ordered by a counter in the random
 * bits, so one terminal's keys never go backwards while its clock does not.
 */
/** Web Crypto, in browsers and Node alike (this package is built without DOM or Node types). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

let lastMs = -1;
let lastCounter = 0;

export function uuidV7(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = Math.max(0, Math.floor(now));
  // The 12 bits after the version: random (below 0x800, leaving room to count) in a new
  // millisecond, the last key's plus one in the same (or an earlier) one.
  let counter = (((bytes[6] ?? 0) & 0x07) << 8) | (bytes[7] ?? 0);
  if (ms <= lastMs) {
    ms = lastMs;
    counter = lastCounter + 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = 0;
    }
  }
  lastMs = ms;
  lastCounter = counter;
  // 48-bit big-endian milliseconds (beyond 32 bits, so no bitwise operators on the whole number).
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
