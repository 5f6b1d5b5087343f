import '@/test/fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, SESSION_QUERY_KEY } from '@/lib/query-client';
import { HEARTBEAT_MS, startTerminalOffline } from './start';

/**
 * Issue #30 item 22: a signed-out tab kept sending a heartbeat every minute (401 and a console
 * error each time). The terminal's offline side runs for real (IndexedDB from fake-indexeddb, the
 * sync lease, the minute's interval on a fake clock); only fetch is stubbed.
 */
/** Polls with the real setTimeout (testing-library's waitFor polls with the faked setInterval). */
async function until(check: () => void, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('terminal heartbeat', () => {
  it('beats while someone is signed in, stops at sign-out and when the session ends (a 401)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem('retail-hub.terminal', '1');
    let answer = 200;
    const beats: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/terminals/heartbeat') {
          beats.push(answer);
          return new Response(answer === 200 ? '{}' : '{"message":"Unauthorized"}', { status: answer });
        }
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const queryClient = createQueryClient();
    const cashier = { user: { id: 'u-casey', role: 'cashier' }, timeZone: 'UTC' };
    queryClient.setQueryData(SESSION_QUERY_KEY, cashier);

    startTerminalOffline(queryClient);
    await until(() => expect(beats).toHaveLength(1));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await until(() => expect(beats).toHaveLength(2));

    // Sign-out: three more minutes, no beat.
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(beats).toHaveLength(2);

    // Signed in again: it reports at once and every minute.
    queryClient.setQueryData(SESSION_QUERY_KEY, cashier);
    await until(() => expect(beats).toHaveLength(3));

    // The session ends on the server (idle timeout): the next beat's 401 signs the tab out, and
    // no beat follows.
    answer = 401;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await until(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull());
    expect(beats).toEqual([200, 200, 200, 401]);
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(beats).toEqual([200, 200, 200, 401]);
  });
});
