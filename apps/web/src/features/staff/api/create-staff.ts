import type { StaffCreateInput, UserSummary } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshStaff } from './invalidate';

/** spec §7 POST /admin/users, body name, firstName, lastName, email, role, pin. */
export async function createStaff(body: StaffCreateInput): Promise<UserSummary> {
  const res = await apiRequest('POST', '/admin/users', body);
  return (await res.json()) as UserSummary;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => refreshStaff(queryClient) });
}
