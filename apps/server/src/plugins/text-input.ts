import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/errors';

/**
 * Text the database cannot store or would store altered (issue #13 item 11): PostgreSQL refuses
 * U+0000 in text (a 500 before this check) and a lone UTF-16 surrogate has no UTF-8 form. Invalid
 * UTF-8 bytes and bodies in other charsets were silently stored as U+FFFD.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const INVALID_CHARACTER_MESSAGE = 'contains a character that is not allowed (NUL or a broken character).';
export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';
export const UNSUPPORTED_CHARSET_MESSAGE = 'Send JSON in UTF-8 (Content-Type: application/json; charset=utf-8).';

/** Bodies at least this long (characters) are parsed over several turns of the event loop. */
const LARGE_BODY = 512 * 1024;

/** "firstName" → "First name", "items.0.notes" → "Notes": the field as a person reads it. */
function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The dotted path of the first string (value or key) that cannot be stored, or null. */
function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (unstorable(key)) return childPath;
    const found = findUnstorable(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route instead of a rule in each of ~30 schemas: JSON bodies must be UTF-8
 * (another declared charset: 415; bytes that are not UTF-8: 400), and no string in the body, the
 * query string or the path may hold U+0000 or a lone surrogate. The route's schema speaks first
 * (its field message, e.g. 'PIN must be exactly 4 digits'); text it accepts is then refused with
 * 400 naming the field, in the validation error shape of plugins/errors.ts.
 */
export function registerTextInputChecks(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset && !/^(utf-?8|us-ascii|ascii)$/i.test(charset)) {
      done(new AppError(415, 'unsupported_charset', UNSUPPORTED_CHARSET_MESSAGE), undefined);
      return;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer);
    } catch {
      done(
        new AppError(400, 'validation', INVALID_UTF8_MESSAGE, { errors: { body: INVALID_UTF8_MESSAGE } }),
        undefined,
      );
      return;
    }
    if (text.length < LARGE_BODY) {
      parseJson(request, text, done);
      return;
    }
    // A large body (a job attachment: 5 MB as 7 MB of base64) is decoded, parsed and checked for
    // prototype keys in separate turns of the event loop: in one, Fastify's parser held it for
    // 50-70 ms on the CI machine (docs/architecture.md, Standards: no request blocks it 50 ms). Any
    // failure goes back through Fastify's own parser, so the error a client gets is the same.
    setImmediate(() => {
      let value: { [key: string]: unknown };
      try {
        value = JSON.parse(text);
      } catch {
        parseJson(request, text, done);
        return;
      }
      setImmediate(() => {
        try {
          secureJson.scan(value, { protoAction: 'error', constructorAction: 'error' });
        } catch {
          parseJson(request, text, done);
          return;
        }
        done(null, value);
      });
    });
  });

  // After the schemas: a field whose own rule refuses the text (a PIN, a date, an id) answers with
  // its own message; free-text fields that accept any text are caught here, before any handler.
  app.addHook('preHandler', async (request) => {
    for (const [source, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnstorable(value, '');
      if (field === null) continue;
      const name = field || source;
      const message = `${fieldLabel(name)} ${INVALID_CHARACTER_MESSAGE}`;
      throw new AppError(400, 'validation', message, { errors: { [name]: message } });
    }
  });
}
