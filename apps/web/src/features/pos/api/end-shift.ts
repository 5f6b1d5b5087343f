import type { HeldSalesChoice, ShiftReport } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCatalog } from '@/features/catalog';
import { apiRequest } from '@/lib/api-client';
import type { Shift, ShiftSummary } from '../types';
import { CURRENT_SHIFT_PATH } from './get-current-shift';

export type EndShiftInput = {
  countedCash?: string;
  /** Issue #35 item 3: a manager's choice on the shift's waiting held sales (asked after a 409). */
  heldSales?: { action: HeldSalesChoice; reason?: string };
  approverPin?: string;
};
/** `zReport`: the Z report written with the close (issue #15 item 8). */
export type EndedShift = { shift: Shift; summary: ShiftSummary; zReport?: ShiftReport };

/** POST /api/shifts/end → { shift, summary } (409 when no shift is open). */
export async function endShift(input: EndShiftInput): Promise<EndedShift> {
  const res = await apiRequest('POST', '/api/shifts/end', input);
  return (await res.json()) as EndedShift;
}

export function useEndShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endShift,
    onSuccess: () => {
      queryClient.setQueryData([CURRENT_SHIFT_PATH], { shift: null });
      // Issue #32 item 2: without a shift the catalogue answers at the till's store again.
      void refreshCatalog(queryClient);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CURRENT_SHIFT_PATH] }),
  });
}
