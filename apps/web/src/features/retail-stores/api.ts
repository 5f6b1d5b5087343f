import type {
  Location,
  ProductStore,
  RetailStore,
  RetailStoreCreate,
  RetailStoreUpdate,
  TerminalStore,
  UserStores,
} from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Issue #32 item 2: the installation's stores, a till's store and the stores a user may sell at. */
export const STORES_PATH = '/api/stores';

export function useStores(options: { enabled?: boolean } = {}) {
  return useQuery<RetailStore[]>({ queryKey: [STORES_PATH], staleTime: 60_000, ...options });
}

/**
 * The stores when the installation has more than one, else []: with a single store no store
 * picker, store name or store column appears anywhere (issue #32 item 3).
 */
export function useSeveralStores(options: { enabled?: boolean } = {}): RetailStore[] {
  return severalStores(useStores(options).data);
}

/** The open stores when there are more than one, else [] (`useSeveralStores` of a stores answer). */
export function severalStores(stores: readonly RetailStore[] | undefined): RetailStore[] {
  const open = (stores ?? []).filter((s) => !s.isArchived);
  return open.length > 1 ? open : [];
}

/**
 * GET /api/stores/mine (issue #32 item 2): the open stores the signed-in user may start a shift at
 * (their stores when limited to some; every open store for everyone else, managers included).
 */
export function useMyStores(options: { enabled?: boolean } = {}) {
  return useQuery<RetailStore[]>({ queryKey: [`${STORES_PATH}/mine`], staleTime: 60_000, ...options });
}

const terminalStorePath = (terminalId: string) => `/api/terminals/${encodeURIComponent(terminalId)}/store`;

export function useTerminalStore(terminalId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery<TerminalStore>({
    queryKey: [terminalStorePath(terminalId ?? '')],
    enabled: Boolean(terminalId) && (options.enabled ?? true),
    staleTime: 60_000,
  });
}

export function useBindTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ terminalId, storeId }: { terminalId: string; storeId: string | null }) => {
      const res = await apiRequest('PUT', terminalStorePath(terminalId), { storeId });
      return (await res.json()) as TerminalStore;
    },
    onSuccess: (data) => queryClient.setQueryData([terminalStorePath(data.terminalId)], data),
  });
}

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: RetailStoreCreate | RetailStoreUpdate }) => {
      const res = id
        ? await apiRequest('PATCH', `${STORES_PATH}/${encodeURIComponent(id)}`, body)
        : await apiRequest('POST', STORES_PATH, body);
      return (await res.json()) as RetailStore;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [STORES_PATH] }),
  });
}

export function useSellingLocations(options: { enabled?: boolean } = {}) {
  return useQuery<Location[]>({ queryKey: ['/api/procurement/locations'], staleTime: 60_000, ...options });
}

const userStoresPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/stores`;

export function useUserStores(userId: string | null, options: { enabled?: boolean } = {}) {
  return useQuery<UserStores>({
    queryKey: [userStoresPath(userId ?? '')],
    enabled: Boolean(userId) && (options.enabled ?? true),
  });
}

export function useSetUserStores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, storeIds }: { userId: string; storeIds: string[] }) => {
      const res = await apiRequest('PUT', userStoresPath(userId), { storeIds });
      return (await res.json()) as UserStores;
    },
    onSuccess: (data) => queryClient.setQueryData([userStoresPath(data.userId)], data),
  });
}

/** Issue #32 item 2: a product's own price and availability at each store. */
const productStoresPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/stores`;

export function useProductStores(productId: string, options: { enabled?: boolean } = {}) {
  return useQuery<ProductStore[]>({ queryKey: [productStoresPath(productId)], enabled: options.enabled ?? true });
}

/** PUT /api/products/:id/stores/:storeId (price null: the catalogue's); the product's rows are read again. */
export function useSaveProductStore(
  productId: string,
  storeId: string,
  callbacks: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { price: string | null; isAvailable: boolean }) => {
      const res = await apiRequest('PUT', `${productStoresPath(productId)}/${encodeURIComponent(storeId)}`, body);
      return (await res.json()) as ProductStore;
    },
    onSuccess: () => {
      callbacks.onSuccess?.();
      void queryClient.invalidateQueries({ queryKey: [productStoresPath(productId)] });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

/**
 * The store this till sells at, to show in its header: the open shift's store, else the store the
 * terminal is bound to. null with a single store (nothing new appears) or when neither is known.
 */
export function useTillStore(
  shiftStoreId: string | null | undefined,
  terminalId: string | null,
): { store: RetailStore | null; stores: RetailStore[]; boundStoreId: string | null } {
  const stores = useSeveralStores();
  const bound = useTerminalStore(terminalId, { enabled: stores.length > 0 });
  const boundStoreId = bound.data?.storeId ?? null;
  const id = shiftStoreId ?? boundStoreId;
  return { store: stores.find((s) => s.id === id) ?? null, stores, boundStoreId };
}
