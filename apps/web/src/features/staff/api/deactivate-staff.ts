import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshStaff } from './invalidate';

/** spec §7 DELETE /admin/users/{id} returns a message; spec §4: 'Delete' means deactivate. */
export async function deactivateStaff(id: string): Promise<{ message: string }> {
  const res = await apiRequest('DELETE', `/admin/users/${id}`);
  return (await res.json()) as { message: string };
}

export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateStaff, onSuccess: () => refreshStaff(queryClient) });
}
