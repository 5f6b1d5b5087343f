import type { Client, JobDetail, JobLookups, JobSummary } from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Issue #18: the workshop jobs calls under /api/procurement/ (docs/workshop-jobs.md). */
export const JOBS = '/api/procurement/jobs';
export const CLIENTS = '/api/procurement/clients';
/** PUT: a department's labour rate, which the jobs of that department are costed at. */
export const labourRateUrl = (departmentId: string) => `/api/procurement/departments/${departmentId}/labour-rate`;
const LOOKUPS = '/api/procurement/job-lookups';

export const useJobs = (filter: { status?: string; due?: 'this_week'; clientId?: string } = {}) =>
  useQuery<JobSummary[]>({ queryKey: [JOBS, filter] });
export const useJob = (id: string | null) =>
  useQuery<JobDetail>({ queryKey: [`${JOBS}/${id ?? ''}`], enabled: id !== null && id !== '' });
export const useClients = (status: 'active' | 'archived' | 'all' = 'active') =>
  useQuery<Client[]>({ queryKey: [CLIENTS, { status }] });
export const useJobLookups = () => useQuery<JobLookups>({ queryKey: [LOOKUPS] });

/**
 * One call that changes jobs or clients: toasts the server's message on refusal (the server
 * decides every rule), and reads the jobs, clients and stock again on success.
 */
export function useJobsAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { method?: string; url: string; body?: unknown; done: string }) => {
      const response = await apiRequest(input.method ?? 'POST', input.url, input.body ?? {});
      return { done: input.done, data: (await response.json()) as unknown };
    },
    onSuccess: ({ done }) => {
      notifySuccess({ title: 'Done', message: done });
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/procurement/'),
      });
    },
    onError: (error) => notifyError({ title: 'Not done', message: errorText(error) }),
  });
}

/** The server's message, with its field messages when it sent some (400). */
export function errorText(error: unknown): string {
  const fields = error instanceof ApiError ? error.body?.errors : undefined;
  const list = fields ? Object.values(fields) : [];
  return list.length > 0 ? list.join('. ') : (serverMessage(error) ?? 'Please try again.');
}
