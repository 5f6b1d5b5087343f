import { queryOptions, useQuery } from '@tanstack/react-query';

/** Only what the inventory department filter reads. */
export type DepartmentOption = { id: string; name: string };

/** spec §6: department lists are fetched only for manager or super_admin (the caller decides). */
export function departmentsQueryOptions() {
  return queryOptions<DepartmentOption[]>({ queryKey: ['/api/departments'] });
}

export function useDepartments({ enabled }: { enabled: boolean }) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
}
