import type { Department } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isAuthError } from '@/lib/api-client';

/** spec §7: GET /api/departments is retried up to 3 times except on auth errors. */
export function departmentsQueryOptions() {
  return queryOptions<Department[]>({
    queryKey: ['/api/departments'],
    retry: (failureCount, error) => !isAuthError(error) && failureCount < 3,
  });
}

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}

export type DepartmentInput = {
  name: string;
  description?: string;
  /** spec §5: 'none' or empty is sent as no manager. */
  managerId?: string | null;
  building?: string;
};

export async function createDepartment(input: DepartmentInput): Promise<Department> {
  const managerId = input.managerId && input.managerId !== 'none' ? input.managerId : null;
  const res = await apiRequest('POST', '/api/departments', { ...input, managerId });
  return (await res.json()) as Department;
}

/** spec §7: on success the list refreshes. */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/departments'] }),
  });
}
