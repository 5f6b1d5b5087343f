import {
  type ApprovalKey,
  SEALED_APPROVAL_ALG,
  type SealedApproval,
  type SealedApprovalContent,
} from '@retail-hub/shared';
import { apiGet } from '@/lib/api-client';
import type { TerminalDatabase } from './db';

/**
 * Issue #19 (ADR 0014): a manager's PIN typed for a sale made offline never waits in the outbox in
 * clear. The terminal keeps the server's public key (fetched while signed in and online, kept in
 * IndexedDB beside the catalogue's copy) and seals `{ pin, idempotencyKey }` with it (RSA-OAEP,
 * SHA-256, WebCrypto); only the server can open it, and only for that sale. Without a key (never
 * fetched, or no WebCrypto outside a secure context) the PIN is not kept at all: the sale is
 * recorded and flagged for a manager as unapproved.
 */

const META_NAME = 'approval-key';

/**
 * Is this GET /api/terminals/approval-key's answer (the shape of approvalKeySchema in
 * packages/shared/src/offline.ts)? Checked by hand: the terminal's offline code does not load zod.
 */
export function isApprovalKey(value: unknown): value is ApprovalKey {
  if (!isRecord(value) || typeof value.kid !== 'string' || value.alg !== SEALED_APPROVAL_ALG) return false;
  const { jwk } = value;
  return isRecord(jwk) && jwk.kty === 'RSA' && typeof jwk.n === 'string' && typeof jwk.e === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fetches the server's public key and keeps it; a failure (offline, signed out) keeps the last one. */
export async function refreshApprovalKey(db: TerminalDatabase): Promise<void> {
  try {
    // A refusal (signed out) raises like a failure to connect: the key kept serves.
    const body = await apiGet<unknown>('/api/terminals/approval-key');
    // Kept as the schema would give it: its three members (and every member of the JWK).
    if (isApprovalKey(body))
      await db.meta.put({ name: META_NAME, value: { kid: body.kid, alg: body.alg, jwk: body.jwk } });
  } catch {
    // Offline: the key kept from the last time serves.
  }
}

export async function cachedApprovalKey(db: TerminalDatabase): Promise<ApprovalKey | null> {
  const row = await db.meta.get(META_NAME);
  const value = row?.value;
  return isApprovalKey(value) ? value : null;
}

/** The PIN sealed for this one sale, or null when it cannot be sealed (then nothing of it is kept). */
export async function sealApproval(
  db: TerminalDatabase,
  pin: string,
  idempotencyKey: string,
): Promise<SealedApproval | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const key = await cachedApprovalKey(db);
    if (!key) return null;
    const publicKey = await subtle.importKey('jwk', key.jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const content: SealedApprovalContent = { pin, idempotencyKey };
    const sealed = await subtle.encrypt(
      { name: 'RSA-OAEP' },
      publicKey,
      new TextEncoder().encode(JSON.stringify(content)),
    );
    return { kid: key.kid, ciphertext: base64url(new Uint8Array(sealed)) };
  } catch (error) {
    console.warn('The manager approval could not be sealed; the sale will be flagged instead', error);
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
