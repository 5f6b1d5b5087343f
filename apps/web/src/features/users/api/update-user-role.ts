import type { Role, UserSummary } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshUsers } from './invalidate';

export type RoleChange = { userId: string; role: Role };

/**
 * spec §7 PATCH /api/users/{userId}/role, body role; the user management screen sends the same
 * body with PUT. The server decides what the caller may grant (docs/adr/0005).
 */
export async function updateUserRole(
  { userId, role }: RoleChange,
  method: 'PUT' | 'PATCH' = 'PATCH',
): Promise<UserSummary> {
  const res = await apiRequest(method, `/api/users/${userId}/role`, { role });
  return (await res.json()) as UserSummary;
}

export function useUpdateUserRole({ method }: { method: 'PUT' | 'PATCH' }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => updateUserRole(change, method),
    onSuccess: () => refreshUsers(queryClient),
  });
}
