import type { Printer } from '@retail-hub/shared';
import { useSyncExternalStore } from 'react';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { usePrinters, useTerminalPrinterId } from './api';

export function useTerminalId(): string | null {
  return useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState).terminalId;
}

/** The printer this till prints to (issue #36), or null: the browser's print window (spec §4). */
export function useTerminalPrinter(): Printer | null {
  const terminalId = useTerminalId();
  const bound = useTerminalPrinterId(terminalId);
  const printers = usePrinters({ enabled: Boolean(bound.data?.printerId) });
  const id = bound.data?.printerId;
  return (id && printers.data?.find((p) => p.id === id && p.serverPrintable)) || null;
}
