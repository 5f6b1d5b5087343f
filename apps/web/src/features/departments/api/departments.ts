import type { Department } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isAuthError } from '@/lib/api-client';
import { refreshDepartments } from './refresh';

/** What the inventory department filter and the role choices read of a department. */
export type DepartmentOption = Pick<Department, 'id' | 'name'>;

/** spec §7: GET /api/departments is retried up to 3 times except on auth errors. */
export function departmentsQueryOptions() {
  return queryOptions<Department[]>({
    queryKey: ['/api/departments'],
    retry: (failureCount, error) => !isAuthError(error) && failureCount < 3,
  });
}

/**
 * The one department list (ADR 0027): Department Management, the inventory department filter and
 * the user role choices all read it; `enabled` is false for roles that may not fetch it (spec §6).
 */
export function useDepartments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
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

/** spec §7: on success the list refreshes (both screens' lists: one department table). */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDepartment, onSuccess: () => refreshDepartments(queryClient) });
}

const refresh = refreshDepartments;

/** PATCH /api/departments/:id (issue #13 item 19): the create fields; 'none' is sent as no manager. */
export async function updateDepartment({ id, ...input }: DepartmentInput & { id: string }): Promise<Department> {
  const managerId = input.managerId && input.managerId !== 'none' ? input.managerId : null;
  const res = await apiRequest('PATCH', `/api/departments/${id}`, { ...input, managerId });
  return (await res.json()) as Department;
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDepartment, onSuccess: () => refresh(queryClient) });
}

/** POST /api/departments/:id/archive or /restore (spec §4 Department: an archive action). */
export async function setDepartmentArchived({ id, archived }: { id: string; archived: boolean }): Promise<Department> {
  const res = await apiRequest('POST', `/api/departments/${id}/${archived ? 'archive' : 'restore'}`);
  return (await res.json()) as Department;
}

export function useSetDepartmentArchived() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDepartmentArchived, onSuccess: () => refresh(queryClient) });
}
