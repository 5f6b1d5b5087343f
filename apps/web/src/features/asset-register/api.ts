import type { AssetState } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * Issue #17: the asset register's screens read /api/procurement/{assets,maintenance,safety-checks,writeoffs}.
 * Every URL they call is built here (issue #33 item 2: components hold no URLs); a read's query key
 * is its URL, so an action refreshes them by prefix.
 */
const BASE = '/api/procurement';

export const registerPaths = {
  assets: `${BASE}/assets`,
  asset: (id: string) => `${BASE}/assets/${id}`,
  assetHistoryCsv: (id: string) => `${BASE}/assets/${id}/history.csv`,
  assetsImport: `${BASE}/assets/import`,
  items: `${BASE}/items`,
  locations: `${BASE}/locations`,
  maintenance: `${BASE}/maintenance`,
  maintenanceStep: (id: string, step: 'start' | 'complete' | 'cancel') => `${BASE}/maintenance/${id}/${step}`,
  safetyChecks: `${BASE}/safety-checks`,
  safetyChecksDueThisWeek: `${BASE}/safety-checks/due-this-week`,
  safetyCheckResult: (id: string) => `${BASE}/safety-checks/${id}/result`,
  writeoffs: `${BASE}/writeoffs`,
  /** A write-off's next step ('submit', 'approve', 'reject', 'dispose', …). */
  writeoffStep: (id: string, step: string) => `${BASE}/writeoffs/${id}/${step}`,
} as const;

export const ASSET_STATE_COLORS: Record<AssetState, string> = {
  available: 'green',
  checked_out: 'blue',
  in_maintenance: 'orange',
  blocked: 'red',
  written_off: 'gray',
};

/**
 * One action: sends the request, toasts the server's message when refused (a refusal changes
 * nothing), and refreshes the procurement and checkout queries when done.
 */
export function useRegisterAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { method?: string; url: string; body?: unknown; done: string }) => {
      const res = await apiRequest(input.method ?? 'POST', input.url, input.body ?? {});
      return { done: input.done, json: (await res.json().catch(() => null)) as unknown };
    },
    onSuccess: ({ done }) => {
      notifySuccess({ title: 'Done', message: done });
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0].startsWith(`${BASE}/`) || q.queryKey[0].startsWith('/api/asset-checkouts')),
      });
    },
    onError: (error) => notifyError({ title: 'Not done', message: serverMessage(error) ?? 'Please try again.' }),
  });
}

/** A date-time for tables: 24 Nov 2026, 14:05 (the browser's zone). */
export function when(value: string | null): string {
  if (!value) return '—';
  return new Date(value).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
