import type { PinGuessingAlert } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Issue #30 item 4: the store's PIN breakers (GET /api/auth/pin-guessing), read by managers every minute. */
export const PIN_GUESSING_PATH = '/api/auth/pin-guessing';
const PIN_GUESSING_REFETCH_MS = 60_000;

export function pinGuessingQueryOptions() {
  return queryOptions<PinGuessingAlert>({
    queryKey: [PIN_GUESSING_PATH],
    refetchInterval: PIN_GUESSING_REFETCH_MS,
    staleTime: 0,
  });
}

export function usePinGuessing() {
  return useQuery(pinGuessingQueryOptions());
}
