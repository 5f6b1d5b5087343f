import type { Printer } from '@retail-hub/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { usePrinters, useTerminalPrinterId } from './api';
import { supportsConnection } from './terminal-port';
import { registerTillPrinter } from './terminal-sender';

export function useTerminalId(): string | null {
  return useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState).terminalId;
}

/**
 * Can this till print to it: the server sends its jobs (network), or this browser can reach a printer
 * plugged into the till (usb/serial through WebUSB / Web Serial; not in Firefox or Safari).
 */
export const printsJobs = (p: Printer): boolean =>
  p.serverPrintable || (p.sentBy === 'terminal' && p.connection !== 'network' && supportsConnection(p.connection));

/**
 * The printer this till prints to (issue #36), or null: the browser's print window (spec §4), also
 * when it is a usb/serial printer and this browser has neither Web Serial nor WebUSB. A usb/serial
 * printer's jobs are sent from this page (terminal-sender.ts).
 */
export function useTerminalPrinter(): Printer | null {
  const terminalId = useTerminalId();
  const bound = useTerminalPrinterId(terminalId);
  const printers = usePrinters({ enabled: Boolean(bound.data?.printerId) });
  const id = bound.data?.printerId;
  const printer = (id && printers.data?.find((p) => p.id === id && printsJobs(p))) || null;
  const tillId = printer && printer.connection !== 'network' ? printer.id : null;
  const tillConnection = printer?.connection;
  useEffect(() => {
    if (tillId && tillConnection && tillConnection !== 'network')
      registerTillPrinter({ id: tillId, connection: tillConnection });
  }, [tillId, tillConnection]);
  return printer;
}
