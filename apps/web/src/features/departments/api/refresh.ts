import type { QueryClient } from '@tanstack/react-query';

/**
 * One department table serves both screens (ADR 0027): a change made on /departments or on
 * /procurement-departments refreshes both lists (and the suggestions, which read them), so a
 * department made on one screen is on the other.
 */
export function refreshDepartments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/departments'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/procurement/departments'] }),
  ]);
}
