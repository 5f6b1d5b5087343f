import { queryOptions, useQuery } from '@tanstack/react-query';

/** Only what the role choices need: whether any department exists (spec §6). */
type DepartmentOption = { id: string; name: string };

/** spec §7 GET /api/departments: managers and super admins only (the caller decides). */
export function departmentsQueryOptions() {
  return queryOptions<DepartmentOption[]>({ queryKey: ['/api/departments'] });
}

export function useDepartments({ enabled }: { enabled: boolean }) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
}
