import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config/config';
import { findLogLeaks } from '../src/lib/log-redaction';

/**
 * Issue #20 item 5: no PIN, cookie or secret in any log line. scripts/test.mjs runs the whole API
 * suite with API_TEST_LOG_DIR set (every test app logs there at debug level, a line per request,
 * with the production redaction), then this file again with LOG_AUDIT_DIR pointing at that log.
 */
describe('log audit', () => {
  it('the detector finds cookies, PINs, hashes, passwords in URLs and configured secrets', () => {
    const config = testConfig();
    const lines = [
      '{"req":{"headers":{"cookie":"rh_session=abcdefghijklmnop"}}}',
      '{"body":{"pin":"4826"}}',
      `{"err":{"message":"Failed query: select ... params: ${'ab'.repeat(32)}"}}`,
      '{"url":"postgres://postgres:hunter2@127.0.0.1:5432/db"}',
      `{"msg":"${config.pinPepper}"}`,
      '{"req":{"headers":{"cookie":"[Redacted]"}},"reqId":"0a1b2c3d4e5f","msg":"incoming request"}',
    ].join('\n');
    const names = findLogLeaks(lines, [config.pinPepper, config.sessionSecret]).map((l) => `${l.line} ${l.name}`);
    expect(names).toEqual([
      '1 session cookie',
      '1 cookie header',
      '2 PIN field',
      '3 PIN hash or token hash (64 hex digits)',
      '4 password in a URL',
      '5 configured secret',
    ]);
  });

  it.runIf(process.env.LOG_AUDIT_DIR)('the log of the whole API suite holds no PIN, cookie or secret', () => {
    const dir = process.env.LOG_AUDIT_DIR as string;
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    const lines = text.split('\n').filter(Boolean);
    // A log that says nothing proves nothing: the suite's requests and errors must be in it.
    expect(lines.length).toBeGreaterThan(1_000);
    expect(text).toContain('"msg":"incoming request"');
    expect(text).toMatch(/"reqId":"[0-9a-f]{12}"/);
    expect(text).toMatch(/"url":"\/auth\/pin"/);
    const config = testConfig();
    const leaks = findLogLeaks(text, [config.pinPepper, config.sessionSecret]);
    expect(leaks.slice(0, 10)).toEqual([]);
  });
});
