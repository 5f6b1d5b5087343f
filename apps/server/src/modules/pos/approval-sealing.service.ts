import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  hkdfSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { promisify } from 'node:util';
import {
  type ApprovalKey,
  SEALED_APPROVAL_ALG,
  type SealedApproval,
  type SealedApprovalContent,
  sealedApprovalContentSchema,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { activeSealingKey, insertSealingKey, sealingKeyByKid } from './approval-sealing.repository';

const generateRsa = promisify(generateKeyPair);

/**
 * Issue #19 (ADR 0014): a manager's PIN typed on a terminal that is offline is sealed there with
 * this server's public key (RSA-OAEP, SHA-256) and only the ciphertext waits in the terminal's
 * outbox. The key pair is made once, by whichever app instance is asked first, and kept in the
 * database (`approval_sealing_keys`) so every instance opens what any terminal sealed. The private
 * key is stored wrapped under a key derived from the PIN pepper; it is never logged, and neither
 * is what it opens.
 */
export class ApprovalSealing {
  private active: Promise<ApprovalKey> | null = null;
  private readonly privateKeys = new Map<string, KeyObject | null>();
  private readonly wrapKey: Buffer;

  constructor(
    private readonly db: DbOrTx,
    pinPepper: string,
  ) {
    this.wrapKey = Buffer.from(hkdfSync('sha256', pinPepper, '', 'retail-hub approval sealing key v1', 32));
  }

  /** The public key terminals seal with (made on first use; every instance then reads the same row). */
  publicKey(): Promise<ApprovalKey> {
    this.active ??= this.loadOrCreate().catch((error: unknown) => {
      this.active = null;
      throw error;
    });
    return this.active;
  }

  /**
   * Opens a sealed approval: the PIN and the key of the sale it was sealed for, or why not
   * ('unknown_key': no such key id; 'unreadable': not a ciphertext of that key, or not the
   * expected content). Never throws for what a client sent.
   */
  async unseal(
    sealed: SealedApproval,
  ): Promise<{ ok: true; content: SealedApprovalContent } | { ok: false; reason: 'unknown_key' | 'unreadable' }> {
    const key = await this.privateKey(sealed.kid);
    if (key === undefined) return { ok: false, reason: 'unknown_key' };
    if (key === null) return { ok: false, reason: 'unreadable' };
    try {
      const plain = privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(sealed.ciphertext, 'base64url'),
      );
      const parsed = sealedApprovalContentSchema.safeParse(JSON.parse(plain.toString('utf8')));
      plain.fill(0);
      return parsed.success ? { ok: true, content: parsed.data } : { ok: false, reason: 'unreadable' };
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  }

  /** undefined: no such key; null: the row exists but cannot be unwrapped (another pepper). */
  private async privateKey(kid: string): Promise<KeyObject | null | undefined> {
    if (this.privateKeys.has(kid)) return this.privateKeys.get(kid);
    const row = await sealingKeyByKid(this.db, kid);
    if (!row) return undefined;
    let key: KeyObject | null = null;
    try {
      key = createPrivateKey({ key: this.unwrap(row.wrappedPrivateKey), format: 'der', type: 'pkcs8' });
    } catch {
      key = null;
    }
    this.privateKeys.set(kid, key);
    return key;
  }

  private async loadOrCreate(): Promise<ApprovalKey> {
    const existing = await activeSealingKey(this.db);
    if (existing) return toApprovalKey(existing);
    const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    const jwk = publicKey.export({ format: 'jwk' });
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    // Two instances asked at once: the unique partial index keeps the first, both read it back.
    await insertSealingKey(this.db, {
      kid: randomUUID(),
      publicJwk: { kty: 'RSA', n: jwk.n, e: jwk.e, alg: SEALED_APPROVAL_ALG, use: 'enc' },
      wrappedPrivateKey: this.wrap(der),
    });
    const stored = await activeSealingKey(this.db);
    if (!stored) throw new Error('The approval sealing key could not be stored');
    return toApprovalKey(stored);
  }

  private wrap(der: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.wrapKey, iv);
    const body = Buffer.concat([cipher.update(der), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  private unwrap(wrapped: string): Buffer {
    const bytes = Buffer.from(wrapped, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.wrapKey, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  }
}

function toApprovalKey(row: { kid: string; publicJwk: unknown }): ApprovalKey {
  const jwk = row.publicJwk as ApprovalKey['jwk'];
  return { kid: row.kid, alg: SEALED_APPROVAL_ALG, jwk };
}
