import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCatalog } from '@/features/catalog';
import { apiRequest } from '@/lib/api-client';
import { settledTerminalId } from '@/lib/offline-bridge';
import type { Shift } from '../types';
import { CURRENT_SHIFT_PATH } from './get-current-shift';

export type StartShiftInput = { openingFloat?: string; storeId?: string };

/**
 * POST /api/shifts/start → 201 { shift } (409 when one is already open). The terminal's id goes
 * with it when known (issue #30 item 3): the shift takes offline sales only from this terminal.
 */
export async function startShift(input: StartShiftInput): Promise<{ shift: Shift }> {
  const terminalId = await settledTerminalId();
  const res = await apiRequest('POST', '/api/shifts/start', terminalId ? { ...input, terminalId } : input);
  return (await res.json()) as { shift: Shift };
}

export function useStartShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startShift,
    onSuccess: (data) => {
      queryClient.setQueryData([CURRENT_SHIFT_PATH], { shift: data.shift });
      // Issue #32 item 2: the catalogue answers at the shift's store (its prices, what it sells).
      void refreshCatalog(queryClient);
    },
    // A 409 means a shift is open already (another tab): show what the server has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_SHIFT_PATH] }),
  });
}
