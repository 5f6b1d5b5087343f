import type { UserRemovalResult } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshUsers } from './invalidate';

/** spec §7 DELETE /api/users/{id}: removed, or deactivated when the user has history (docs/adr/0005). */
export async function removeUser(userId: string): Promise<UserRemovalResult> {
  const res = await apiRequest('DELETE', `/api/users/${userId}`);
  return (await res.json()) as UserRemovalResult;
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeUser, onSuccess: () => refreshUsers(queryClient) });
}
