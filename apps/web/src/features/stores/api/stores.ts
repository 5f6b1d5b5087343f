import type {
  ImportRowStatus,
  Issue,
  Location,
  ProcCategory,
  ReorderRow,
  StockPage,
  Transfer,
} from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The stores screens' calls (issue #16 items 2 and 6, the masters of issue #22): every URL under
 * /api/procurement/ that the stores and masters screens read or write lives here (issue #33 item 2:
 * components hold no URLs). A read's query key is its URL, as everywhere in the app, so a write
 * refreshes every stores read by that prefix.
 */
const BASE = '/api/procurement';

export type MasterKind = 'suppliers' | 'locations' | 'items' | 'categories';

export const storesPaths = {
  locations: `${BASE}/locations`,
  stock: `${BASE}/stock`,
  reorder: `${BASE}/reorder`,
  issues: `${BASE}/issues`,
  transfers: `${BASE}/transfers`,
  requisitions: `${BASE}/requisitions`,
  stockCounts: `${BASE}/stock-counts`,
  issueStep: (id: string, step: 'approve' | 'complete' | 'cancel') => `${BASE}/issues/${id}/${step}`,
  /** A transfer's next step ('dispatch', 'receive', 'cancel', …). */
  transferStep: (id: string, step: string) => `${BASE}/transfers/${id}/${step}`,
  /** A master list's URL (also its query key); a row's is `${master(kind)}/${id}`. */
  master: (kind: MasterKind) => `${BASE}/${kind}`,
  subcategory: (id: string) => `${BASE}/subcategories/${id}`,
  subcategoriesOf: (categoryId: string) => `${BASE}/categories/${categoryId}/subcategories`,
  masterExport: (kind: MasterKind) => `${BASE}/${kind}/export.csv`,
  masterImport: (kind: MasterKind) => `${BASE}/${kind}/import`,
} as const;

/** After any stores write: every /api/procurement/ read is fetched again. */
export function useRefreshStores() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`${BASE}/`),
    });
}

export const useLocations = () => useQuery<Location[]>({ queryKey: [storesPaths.locations] });

export const useStockPage = (params: { locationId: string | null; search: string; pageSize: number }) =>
  useQuery<StockPage>({
    queryKey: [
      storesPaths.stock,
      { locationId: params.locationId ?? '', search: params.search, pageSize: params.pageSize },
    ],
  });

export const useReorderRows = () => useQuery<ReorderRow[]>({ queryKey: [storesPaths.reorder] });
export const useIssues = () => useQuery<Issue[]>({ queryKey: [storesPaths.issues] });
export const useTransfers = () => useQuery<Transfer[]>({ queryKey: [storesPaths.transfers] });
export const useActiveProcCategories = () =>
  useQuery<ProcCategory[]>({ queryKey: [storesPaths.master('categories'), { status: 'active' }] });

/** One master list (server-paged lists answer a page, the others the whole list). */
export const useMasterList = <Data>(url: string, params: Record<string, string | number>) =>
  useQuery<Data>({ queryKey: [url, params] });

export type StoresWrite = { method?: 'POST' | 'PATCH'; url: string; body?: unknown };

/** A write to a stores URL (POST unless said); on success every stores read is refreshed. */
export function useStoresWrite<Input extends StoresWrite>(
  callbacks: { onSuccess?: (input: Input) => void; onError?: (error: unknown) => void } = {},
) {
  const refresh = useRefreshStores();
  return useMutation({
    mutationFn: async (input: Input) => {
      await apiRequest(input.method ?? 'POST', input.url, input.body);
    },
    onSuccess: (_data, input) => {
      void refresh();
      callbacks.onSuccess?.(input);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

export type MastersImportReport = Record<ImportRowStatus, number> & {
  rows: Array<{ row: number; status: ImportRowStatus; reason?: string } & Record<string, unknown>>;
};

/** Import a master list from CSV text; the answer is the per-row report. */
export function useImportMasters(kind: MasterKind) {
  const refresh = useRefreshStores();
  return useMutation({
    mutationFn: async (csv: string) => {
      const res = await apiRequest('POST', storesPaths.masterImport(kind), { csv });
      return (await res.json()) as MastersImportReport;
    },
    onSuccess: () => refresh(),
  });
}
