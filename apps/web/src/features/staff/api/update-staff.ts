import type { Role, UserSummary } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshStaff } from './invalidate';

/** spec §7 PATCH /admin/users/{id}: firstName, lastName, email, role — or isActive alone. */
export type StaffUpdate =
  | { id: string; profile: { firstName: string; lastName: string; email: string; role: Role } }
  | { id: string; isActive: boolean };

export async function updateStaff(update: StaffUpdate): Promise<UserSummary> {
  const body = 'profile' in update ? update.profile : { isActive: update.isActive };
  const res = await apiRequest('PATCH', `/admin/users/${update.id}`, body);
  return (await res.json()) as UserSummary;
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStaff, onSuccess: () => refreshStaff(queryClient) });
}
