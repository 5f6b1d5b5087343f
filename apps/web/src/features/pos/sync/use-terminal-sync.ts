import { useSyncExternalStore } from 'react';
import { subscribeTerminalSync, type TerminalSyncState, terminalSyncState } from '@/lib/offline-bridge';

/** The terminal's network state and its outbox (issue #19), as every tab of it sees them. */
export function useTerminalSync(): TerminalSyncState {
  return useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState);
}

/**
 * Sales still to reach the server: waiting to be sent, refused ones (kept until resolved) and
 * those held for a manager's approval (issue #30 item 16).
 */
export function unsyncedCount(state: TerminalSyncState): number {
  return state.pending + state.refused + state.needsApproval;
}
