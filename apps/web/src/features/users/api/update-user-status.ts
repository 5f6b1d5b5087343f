import type { UserSummary } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshUsers } from './invalidate';

export type StatusChange = { userId: string; isActive: boolean };

/** spec §7 PUT /api/users/{userId}/status, body isActive. */
export async function updateUserStatus({ userId, isActive }: StatusChange): Promise<UserSummary> {
  const res = await apiRequest('PUT', `/api/users/${userId}/status`, { isActive });
  return (await res.json()) as UserSummary;
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserStatus, onSuccess: () => refreshUsers(queryClient) });
}
