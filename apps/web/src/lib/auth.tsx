import { isRole, type SessionUser, sanitizePinInput } from '@retail-hub/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, apiRequest, getQueryFn, isAuthError } from './api-client';
import { isUnreachable, readSessionSnapshot, saveSessionSnapshot, settledTerminalId } from './offline-bridge';
import { forgetSignedInData, SESSION_QUERY_KEY } from './query-client';
import { browserTimeZone } from './time-zone';

/**
 * Session state for the whole app (spec §4 Session: loading, then authenticated or
 * unauthenticated). The session (user and store time zone) lives in the TanStack Query cache
 * under SESSION_QUERY_KEY, so a 401 anywhere (query-client.ts) and a login or logout here change
 * the same single value, and the store's zone comes with the same answer (no second request).
 */

/** What the app keeps of a session answer; the cache holds it, or null when signed out. */
export type Session = {
  user: SessionUser;
  /**
   * IANA zone the store counts its days in (`storeTimeZone` of GET /auth/session and POST
   * /auth/pin; the till's own zone when the server names none or one the browser does not know).
   */
  storeTimeZone: string;
};

/** How a PIN login ended. `message` is what the toast shows (spec §8 Login). */
export type LoginResult =
  | { success: true; user: SessionUser }
  | { success: false; reason: 'invalid-pin'; message: string }
  | { success: false; reason: 'rejected'; status: number; message: string }
  | { success: false; reason: 'network'; message: string };

export type AuthContextValue = {
  user: SessionUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  loginWithPin: (pin: string) => Promise<LoginResult>;
  /** Ends the session. Never throws: a failed call is logged and the user is cleared anyway (spec §8). */
  logout: () => Promise<void>;
  /**
   * True from a deliberate logout until the PIN screen has been shown: signed-out screens then
   * go straight to /pin-login instead of announcing 'Unauthorized' (spec §4: logout redirects).
   */
  hasJustLoggedOut: boolean;
  acknowledgeLogout: () => void;
};

/** The only fields the app reads from a session answer; anything malformed counts as signed out. */
function toSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const user = value as Record<string, unknown>;
  const optionalText = (field: unknown) => (typeof field === 'string' ? field : null);
  if (typeof user.id !== 'string' || !isRole(user.role)) return null;
  return {
    id: user.id,
    firstName: optionalText(user.firstName),
    lastName: optionalText(user.lastName),
    email: optionalText(user.email),
    role: user.role,
  };
}

/** A zone the browser can count days in; the till's own for a missing or unknown one. */
function toTimeZone(value: unknown): string {
  if (typeof value !== 'string' || !value) return browserTimeZone();
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return browserTimeZone();
  }
}

type SessionAnswer = { user?: unknown; storeTimeZone?: unknown };

const readSession = getQueryFn<SessionAnswer>({ on401: 'returnNull' });

/** spec §7: the user query retries up to 3 times unless unauthorized. */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async (context): Promise<Session | null> => {
    let answer: SessionAnswer | null;
    try {
      answer = await readSession(context);
    } catch (error) {
      // Issue #19: a terminal reloaded without network stays with the cashier who was signed in.
      const kept = isUnreachable(error) ? (readSessionSnapshot() as SessionAnswer | null) : null;
      if (!kept || !toSessionUser(kept.user)) throw error;
      answer = kept;
    }
    const user = toSessionUser(answer?.user);
    const session = user ? { user, storeTimeZone: toTimeZone(answer?.storeTimeZone) } : null;
    saveSessionSnapshot(session);
    return session;
  },
  retry: (failureCount, error) => !isAuthError(error) && failureCount < 3,
  retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 2000),
  staleTime: Number.POSITIVE_INFINITY,
});

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);
  const [hasJustLoggedOut, setHasJustLoggedOut] = useState(false);

  // spec §8: a failed session check means signed out; the error is only logged.
  useEffect(() => {
    if (session.error) console.error('Session check failed; treating the user as signed out.', session.error);
  }, [session.error]);
  const user = session.data?.user ?? null;

  const loginWithPin = useCallback(
    async (pin: string): Promise<LoginResult> => {
      const cleanPin = sanitizePinInput(pin);
      if (cleanPin.length !== 4)
        return { success: false, reason: 'invalid-pin', message: 'PIN must be exactly 4 digits' };
      try {
        // Issue #32: the till signed in at, so a cashier of another store is refused here.
        const terminalId = await settledTerminalId();
        const res = await apiRequest(
          'POST',
          '/auth/pin',
          terminalId ? { pin: cleanPin, terminalId } : { pin: cleanPin },
        );
        const answer = (await res.json()) as SessionAnswer;
        const signedIn = toSessionUser(answer.user);
        if (!signedIn) throw new Error('The sign-in answer carried no user');
        // A session probe sent before this sign-in (no cookie yet) may still be on its way: its
        // late 401 would overwrite the new session and show 'Unauthorized' over 'Login Successful'.
        await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
        // Nothing cached for the previous person at this counter may show to the next one.
        forgetSignedInData(queryClient);
        const session: Session = { user: signedIn, storeTimeZone: toTimeZone(answer.storeTimeZone) };
        queryClient.setQueryData(SESSION_QUERY_KEY, session);
        saveSessionSnapshot(session);
        setHasJustLoggedOut(false);
        return { success: true, user: signedIn };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          // The server's field message, e.g. 'PIN must be exactly 4 digits' (spec §5).
          const message = error.body?.errors?.pin || 'PIN must be exactly 4 digits';
          return { success: false, reason: 'invalid-pin', message };
        }
        if (error instanceof ApiError) {
          return {
            success: false,
            reason: 'rejected',
            status: error.status,
            message: error.body?.message || 'Invalid PIN',
          };
        }
        console.error('PIN login failed to reach the server.', error);
        return { success: false, reason: 'network', message: 'Connection error' };
      }
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await apiRequest('POST', '/auth/logout');
    } catch (error) {
      console.error('Logout call failed; signing out locally anyway.', error);
    }
    setHasJustLoggedOut(true);
    saveSessionSnapshot(null);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    forgetSignedInData(queryClient);
  }, [queryClient]);

  const acknowledgeLogout = useCallback(() => setHasJustLoggedOut(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: session.isPending,
      isAuthenticated: user !== null,
      loginWithPin,
      logout,
      hasJustLoggedOut,
      acknowledgeLogout,
    }),
    [user, session.isPending, loginWithPin, logout, hasJustLoggedOut, acknowledgeLogout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * The store's time zone, from the session answer (no request of its own): screens count 'today'
 * in it. Undefined while the session loads; the till's own zone when signed out or when the
 * session cannot be read.
 */
export function useStoreTimeZone(): string | undefined {
  const { data, isPending } = useQuery(sessionQueryOptions);
  if (isPending) return undefined;
  return data?.storeTimeZone ?? browserTimeZone();
}
