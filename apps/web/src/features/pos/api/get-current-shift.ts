import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Shift } from '../types';

export const CURRENT_SHIFT_PATH = '/api/shifts/current';

/** spec §7 Shifts; spec §9 Timing: refetch every 30 s, stale after 15 s. */
export const currentShiftQueryOptions = () =>
  queryOptions<{ shift: Shift | null }>({
    queryKey: [CURRENT_SHIFT_PATH],
    refetchInterval: 30_000,
    staleTime: 15_000,
  });

export function useCurrentShift() {
  return useQuery(currentShiftQueryOptions());
}
