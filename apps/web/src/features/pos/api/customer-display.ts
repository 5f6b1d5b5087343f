import { CUSTOMER_DISPLAY_SEND_MS, type CustomerDisplayCode, type CustomerDisplayState } from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Issue #36 item 4 (docs/adr/0033, Pairing a tablet): the till's side of a customer display on
 * another device: the pairing code, whether a display is paired, unpairing, and the state it sends.
 */
export type DisplayPairing = { paired: boolean; pairedAt: string | null };

export const displayPairingPath = (terminalId: string) => `/api/terminals/${encodeURIComponent(terminalId)}/display`;

/** Whether a display is paired to this till; `pollMs` while the till waits for the tablet. */
export function useDisplayPairing(terminalId: string | null, pollMs: number | false = false) {
  return useQuery<DisplayPairing>({
    queryKey: [displayPairingPath(terminalId ?? '')],
    enabled: Boolean(terminalId),
    staleTime: 60_000,
    refetchInterval: pollMs,
    retry: false,
  });
}

export function useMintDisplayCode() {
  return useMutation({
    mutationFn: async (terminalId: string) => {
      const res = await apiRequest('POST', `${displayPairingPath(terminalId)}-code`);
      return (await res.json()) as CustomerDisplayCode;
    },
  });
}

export function useUnpairDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terminalId: string) => {
      const res = await apiRequest('DELETE', displayPairingPath(terminalId));
      return { terminalId, pairing: (await res.json()) as DisplayPairing };
    },
    onSuccess: ({ terminalId, pairing }) => queryClient.setQueryData([displayPairingPath(terminalId)], pairing),
  });
}

export type DisplaySender = { send(state: CustomerDisplayState): void; stop(): void };

/**
 * Sends the till's display state to the server: states arriving within `delayMs` go as one (the
 * last), one request at a time, and the newest state waiting goes when the one in flight returns,
 * so the last state always arrives and never an older one after it. A failure is dropped (the
 * display is never worth stopping the till for); the next change sends the whole state again.
 */
export function displaySender(terminalId: string, delayMs = CUSTOMER_DISPLAY_SEND_MS): DisplaySender {
  const url = `${displayPairingPath(terminalId)}/state`;
  let pending: CustomerDisplayState | null = null;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const flush = async () => {
    timer = null;
    if (inFlight || !pending) return;
    const state = pending;
    pending = null;
    inFlight = true;
    try {
      await apiRequest('PUT', url, state);
    } catch {
      // Offline, signed out, or not this device's till: the display keeps its last state.
    } finally {
      inFlight = false;
      if (pending && !timer) timer = setTimeout(flush, 0);
    }
  };

  return {
    send(state) {
      if (stopped) return;
      pending = state;
      if (!timer && !inFlight) timer = setTimeout(flush, delayMs);
    },
    stop() {
      stopped = true;
    },
  };
}
