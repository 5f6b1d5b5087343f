import type { PinResult } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshStaff } from './invalidate';

/** spec §7 POST /admin/users/{id}/pin, body pin; or `{ generate: true }`, whose answer carries the PIN once. */
export type PinRequest = { id: string; pin: string } | { id: string; generate: true };

export async function setStaffPin(request: PinRequest): Promise<PinResult> {
  const body = 'pin' in request ? { pin: request.pin } : { generate: true };
  const res = await apiRequest('POST', `/admin/users/${request.id}/pin`, body);
  return (await res.json()) as PinResult;
}

export function useSetStaffPin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setStaffPin, onSuccess: () => refreshStaff(queryClient) });
}
