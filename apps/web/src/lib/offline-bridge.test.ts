import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
  vi.useRealTimers();
});

// Each test loads the bridge afresh: its state is the module's.
const load = () => import('./offline-bridge');

describe('settledTerminalId (a PIN sign-in or Start Shift names this till)', () => {
  it('answers at once with no offline module to start (tests, no IndexedDB)', async () => {
    const bridge = await load();
    await expect(bridge.settledTerminalId()).resolves.toBeNull();
  });

  it('starts the offline module now and waits for its terminal id', async () => {
    const bridge = await load();
    const start = vi.fn(() => {
      setTimeout(() => bridge.setTerminalSyncState({ terminalId: 'till-1' }), 20);
    });
    bridge.registerOfflineStarter(start);
    await expect(bridge.settledTerminalId()).resolves.toBe('till-1');
    expect(start).toHaveBeenCalledTimes(1);
    // Once read, no wait and no second start.
    await expect(bridge.settledTerminalId()).resolves.toBe('till-1');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the module has no terminal id to give', async () => {
    const bridge = await load();
    bridge.registerOfflineStarter(() => setTimeout(() => bridge.markTerminalIdUnavailable(), 10));
    await expect(bridge.settledTerminalId()).resolves.toBeNull();
    // And later calls do not wait at all.
    await expect(bridge.settledTerminalId(60_000)).resolves.toBeNull();
  });

  it('gives up after the wait when nothing answers', async () => {
    vi.useFakeTimers();
    const bridge = await load();
    bridge.registerOfflineStarter(() => {});
    const answer = bridge.settledTerminalId(3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(answer).resolves.toBeNull();
  });
});
