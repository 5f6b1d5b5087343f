import { describe, expect, it } from 'vitest';
import { isApprovalKey } from './approval-key';

const key = { kid: 'k-1', alg: 'RSA-OAEP-256', jwk: { kty: 'RSA', n: 'modulus', e: 'AQAB' } };

describe('isApprovalKey (approvalKeySchema by hand, without zod)', () => {
  it("takes the server's answer, whatever else its JWK carries", () => {
    expect(isApprovalKey(key)).toBe(true);
    expect(isApprovalKey({ ...key, jwk: { ...key.jwk, alg: 'RSA-OAEP-256', ext: true } })).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      undefined,
      'key',
      [key],
      { ...key, kid: 1 },
      { ...key, alg: 'RSA-OAEP' },
      { ...key, jwk: null },
      { ...key, jwk: [] },
      { ...key, jwk: { ...key.jwk, kty: 'EC' } },
      { ...key, jwk: { ...key.jwk, n: undefined } },
      { kid: 'k-1', alg: 'RSA-OAEP-256' },
    ]) {
      expect(isApprovalKey(value)).toBe(false);
    }
  });
});
