import type { Role, SessionUser } from '@retail-hub/shared';
import { vi } from 'vitest';

/** A signed-in user of each role, as GET /auth/session answers it. */
export function userWithRole(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  const names: Record<Role, [string, string]> = {
    cashier: ['Casey', 'Cash'],
    manager: ['Morgan', 'Lee'],
    department_manager: ['Dana', 'Ward'],
    procurement_admin: ['Pat', 'Rowe'],
    super_admin: ['Sam', 'Admin'],
  };
  const [firstName, lastName] = names[role];
  return { id: `user-${role}`, firstName, lastName, email: `${role}@example.test`, role, ...overrides };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

type Handler = (request: { url: string; init: RequestInit | undefined }) => Response | Promise<Response>;

/**
 * Replaces fetch with a small route table keyed 'METHOD /path'. Unlisted calls answer 404, so
 * a screen calling something unexpected shows up in the test rather than hanging.
 */
export function mockServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${path}`];
    if (!handler) return json(404, { message: `No handler for ${init?.method ?? 'GET'} ${path}` });
    return handler({ url, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The session endpoints for someone signed in as `user` (or signed out with null); the session
 * names `storeTimeZone` when given (otherwise the app falls back to the till's own zone).
 */
export function sessionHandlers(
  user: SessionUser | null,
  { storeTimeZone }: { storeTimeZone?: string } = {},
): Record<string, Handler> {
  return {
    'GET /auth/session': () =>
      user ? json(200, { user, ...(storeTimeZone ? { storeTimeZone } : {}) }) : json(401, { message: 'Not signed in' }),
    'POST /auth/logout': () => json(200, { ok: true }),
  };
}
