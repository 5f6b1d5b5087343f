/**
 * What the logger never writes (issue #20 item 5), shared by server.ts and the API tests' logger
 * (apps/server/test/build-test-app.ts), so the log audit checks the production settings.
 * Request lines carry method, URL, host and address only (pino's request serializer); bodies are
 * never logged. These paths are censored should a line include them anyway.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-device-id"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'pin',
  '*.pin',
  '*.newPin',
  '*.currentPin',
  '*.pinHash',
  '*.password',
  '*.token',
];

/** Patterns that must never appear in a log line: secrets, cookies, PINs and their hashes. */
export const LOG_LEAK_PATTERNS: Array<{ name: string; pattern: RegExp }> = [
  { name: 'session cookie', pattern: /rh_session=[^;\s"]{8,}/ },
  { name: 'cookie header', pattern: /"(cookie|set-cookie)":\s*"(?!\[Redacted\])/i },
  { name: 'authorization header', pattern: /"authorization":\s*"(?!\[Redacted\])/i },
  { name: 'PIN field', pattern: /"(pin|newPin|currentPin|confirmPin)":\s*"\d{3,8}"/i },
  { name: 'PIN hash or token hash (64 hex digits)', pattern: /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i },
  { name: 'password in a URL', pattern: /[a-z]+:\/\/[^/\s:@"]+:[^/\s@"]+@/i },
];

/** The leaks found in a log's text, each with its line number. */
export function findLogLeaks(
  text: string,
  secrets: string[] = [],
): Array<{ line: number; name: string; text: string }> {
  const leaks: Array<{ line: number; name: string; text: string }> = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const { name, pattern } of LOG_LEAK_PATTERNS) {
      if (pattern.test(line)) leaks.push({ line: index + 1, name, text: line.slice(0, 300) });
    }
    for (const secret of secrets) {
      if (secret && line.includes(secret))
        leaks.push({ line: index + 1, name: 'configured secret', text: line.slice(0, 300) });
    }
  });
  return leaks;
}
