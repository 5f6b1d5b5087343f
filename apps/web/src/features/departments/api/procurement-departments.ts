import type { ProcDepartment, ProcDepartmentImportResult } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshDepartments } from './refresh';
import type { ProcDepartmentHierarchy, ProcDepartmentStatus } from './types';

const PATH = '/api/procurement/departments';

/** The department CSV (a download link, not a fetch). */
export const PROC_DEPARTMENTS_EXPORT_URL = `${PATH}/export.csv`;

export type ProcDepartmentFilters = {
  search: string;
  status: ProcDepartmentStatus;
  hierarchy: ProcDepartmentHierarchy;
};

export function procDepartmentsQueryOptions(filters: ProcDepartmentFilters) {
  return queryOptions<ProcDepartment[]>({
    queryKey: [
      PATH,
      {
        search: filters.search.trim(),
        status: filters.status === 'all' ? undefined : filters.status,
        hierarchy: filters.hierarchy === 'all' ? undefined : filters.hierarchy,
      },
    ],
  });
}

export function useProcDepartments(filters: ProcDepartmentFilters) {
  return useQuery({ ...procDepartmentsQueryOptions(filters), placeholderData: (previous) => previous });
}

export type ProcDepartmentInput = { code: string; name: string };

/** Both screens' lists and the suggestions read the departments: all refresh after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => refreshDepartments(queryClient);
}

export function useSaveProcDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...input }: ProcDepartmentInput & { id?: string }) => {
      const res = await apiRequest(id ? 'PATCH' : 'POST', id ? `${PATH}/${id}` : PATH, input);
      return (await res.json()) as ProcDepartment;
    },
    onSuccess: refresh,
  });
}

export function useSetProcDepartmentArchived() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      const res = await apiRequest('POST', `${PATH}/${id}/${archived ? 'archive' : 'restore'}`);
      return (await res.json()) as ProcDepartment;
    },
    onSuccess: refresh,
  });
}

export function useImportProcDepartments() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (csv: string) => {
      const res = await apiRequest('POST', `${PATH}/import`, { csv });
      return (await res.json()) as ProcDepartmentImportResult;
    },
    onSuccess: refresh,
  });
}
