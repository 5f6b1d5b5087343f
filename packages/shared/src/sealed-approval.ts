/**
 * Issue #19 (ADR 0014): how a terminal seals a manager's PIN typed offline, so its outbox never
 * holds it in clear: RSA-OAEP with SHA-256 (WebCrypto's 'RSA-OAEP', JWK alg 'RSA-OAEP-256') under
 * the server's public key, of the JSON `{ pin, idempotencyKey }` (the approval is bound to that
 * one sale), as base64url. Only the server, holding the private key, opens it. Zod-free (offline.ts
 * holds the schemas): the terminal's offline code checks the cached key without zod.
 */
export const SEALED_APPROVAL_ALG = 'RSA-OAEP-256';
