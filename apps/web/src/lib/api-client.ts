import type { ApiErrorBody } from '@retail-hub/shared';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * The one HTTP client of the web app (spec §7 Generic request behaviour, §8 Generic errors).
 * Every call is same-origin with the session cookie; bodies and answers are JSON.
 */

/** Query-string values: empty strings, null and undefined are left out (spec §7). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * A non-OK answer. `message` is exactly `{status}: {text}` (spec §8), where text is the raw body
 * or the status text when the body is empty; `body` is the parsed `{ message, code, errors }`
 * when the server sent JSON, so screens can show the server's own message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** The server's request id (X-Request-Id): shown on 5xx toasts so support can find the log line. */
  readonly requestId: string | null;

  constructor(status: number, text: string, body: ApiErrorBody | null, requestId: string | null = null) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
    this.requestId = requestId ?? body?.requestId ?? null;
  }
}

/** 401: not signed in (or the session ended). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** 401 or 403: retrying cannot help (spec §9: retry except on auth errors). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The server's message for an error, when it sent one. A server failure (5xx) adds its request id
 * (issue #20 item 5): the person at the counter can read it out and support finds the log line.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.body?.message || undefined;
  if (message && error.status >= 500 && error.requestId) return `${message} (Request ID: ${error.requestId})`;
  return message;
}

/** `path` plus a query string built from the non-empty, non-null entries of `params` (spec §7). */
export function buildUrl(path: string, params?: QueryParams | null): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy error page, say): the raw text still goes into the message.
  }
  return null;
}

/** Throws an ApiError for any non-OK answer (spec §8 Generic). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text || res.statusText, parseErrorBody(text), res.headers.get('x-request-id'));
}

/** What a call may add: request headers (Idempotency-Key, a download's Accept) and an AbortSignal. */
export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

/**
 * A call (state-changing, or a read outside the default query function). `Content-Type:
 * application/json` goes only with a body: the server refuses non-JSON bodies (415), and a POST
 * without a body must not claim one. `headers` are added to (and may replace) the defaults.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  { headers = {}, signal }: RequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json', ...headers }
      : { Accept: 'application/json', ...headers },
    body: hasBody ? JSON.stringify(body) : undefined,
    ...(signal ? { signal } : {}),
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * A call whose answer's headers matter besides its JSON body: the paging headers (X-Total-Count,
 * X-Next-Cursor) of a list read one page at a time.
 */
export async function apiRequestWithHeaders<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await apiRequest(method, url, body, options);
  return { data: (await res.json()) as T, headers: res.headers };
}

/** A GET read as JSON, for a query function of its own (a page parameter, a signal). */
export async function apiGet<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest('GET', url, undefined, options);
  return (await res.json()) as T;
}

/**
 * A download read as text (a CSV file, not JSON): `accept` is the type asked for. A non-OK answer
 * raises the same ApiError as any other call.
 */
export async function apiDownloadText(
  url: string,
  { accept = 'text/csv', signal }: { accept?: string; signal?: AbortSignal } = {},
): Promise<string> {
  const res = await apiRequest('GET', url, undefined, { headers: { Accept: accept }, signal });
  return res.text();
}

/**
 * The status a GET answers, its body left unread (cancelled): for a stream an EventSource could
 * not open, to tell a refusal (401) from a server that is away (issue #36 item 4, the paired display).
 */
export async function probeStatus(url: string): Promise<number> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'text/event-stream' } });
  await res.body?.cancel().catch(() => {});
  return res.status;
}

/** What a read does with a 401: raise it (default) or answer null (for "am I signed in?" probes). */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default reader: query key `[path, params?]` → GET path?query, parsed as JSON (spec §7).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null, QueryKey> {
  return async ({ queryKey, signal }) => {
    const [path, params] = queryKey;
    if (typeof path !== 'string') throw new TypeError('The first element of a query key must be the request path');
    const res = await fetch(buildUrl(path, params as QueryParams | undefined), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
