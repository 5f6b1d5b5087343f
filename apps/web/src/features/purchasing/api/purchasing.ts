import type {
  DepartmentManager,
  PurchaseOrder,
  PurchaseOrderSummary,
  PurchasingItemOption,
  PurchasingLookups,
  PurchasingSettings,
  PurchasingSummary,
  Requisition,
} from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeyMatchesPath } from '@/lib/live-updates';

/** Issue #16 items 3–5 (ADR 0013): the purchasing calls under /api/procurement/. */
const REQUISITIONS = '/api/procurement/requisitions';
const ORDERS = '/api/procurement/purchase-orders';
const SUMMARY = '/api/procurement/purchasing-summary';

export const requisitionsQueryOptions = (status: string | null) =>
  queryOptions<Requisition[]>({ queryKey: [REQUISITIONS, { status: status ?? undefined }] });

export const purchaseOrdersQueryOptions = (status: string | null) =>
  queryOptions<PurchaseOrderSummary[]>({ queryKey: [ORDERS, { status: status ?? undefined }] });

export const purchaseOrderQueryOptions = (id: string) => queryOptions<PurchaseOrder>({ queryKey: [`${ORDERS}/${id}`] });

export const purchasingSummaryQueryOptions = () => queryOptions<PurchasingSummary>({ queryKey: [SUMMARY] });

export const lookupsQueryOptions = () =>
  queryOptions<PurchasingLookups>({ queryKey: ['/api/procurement/purchasing-lookups'] });

export const itemOptionsQueryOptions = (search: string) =>
  queryOptions<PurchasingItemOption[]>({ queryKey: ['/api/procurement/purchasing-lookups/items', { search }] });

export const settingsQueryOptions = () =>
  queryOptions<PurchasingSettings>({ queryKey: ['/api/procurement/purchasing-settings'] });

export const useRequisitions = (status: string | null) => useQuery(requisitionsQueryOptions(status));
export const usePurchaseOrders = (status: string | null) => useQuery(purchaseOrdersQueryOptions(status));
export const usePurchaseOrder = (id: string | null) =>
  useQuery({ ...purchaseOrderQueryOptions(id ?? ''), enabled: id !== null });
export const usePurchasingSummary = (enabled = true) => useQuery({ ...purchasingSummaryQueryOptions(), enabled });
export const useLookups = () => useQuery(lookupsQueryOptions());
export const usePurchasingSettings = () => useQuery(settingsQueryOptions());
export const useItemOptions = (search: string) => useQuery(itemOptionsQueryOptions(search));

/** After any purchasing change: requisitions, orders and the dashboard's cards are read again. */
function useRefreshPurchasing() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        [REQUISITIONS, ORDERS, SUMMARY].some((path) => queryKeyMatchesPath(query.queryKey, path)) ||
        String(query.queryKey[0]).startsWith(ORDERS),
    });
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export type RequisitionPayload = {
  departmentId: string;
  neededByDate?: string | null;
  note?: string | null;
  lines: Array<{ itemId: string; qtyRequested: string; estUnitPrice?: string }>;
};

export function useSaveRequisition() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: RequisitionPayload }) =>
      id
        ? send<Requisition>('PATCH', `${REQUISITIONS}/${id}`, payload)
        : send<Requisition>('POST', REQUISITIONS, payload),
    onSuccess: refresh,
  });
}

export type RequisitionAction = 'submit' | 'withdraw' | 'approve' | 'reject';

export function useRequisitionAction() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: RequisitionAction; note?: string }) =>
      send<Requisition>('POST', `${REQUISITIONS}/${id}/${action}`, note ? { note } : {}),
    onSuccess: refresh,
  });
}

export function useDeleteRequisition() {
  const refresh = useRefreshPurchasing();
  return useMutation({ mutationFn: (id: string) => send<void>('DELETE', `${REQUISITIONS}/${id}`), onSuccess: refresh });
}

export type PurchaseOrderPayload = {
  supplierId: string;
  requisitionIds?: string[];
  neededByDate?: string | null;
  deliveryLocationId?: string | null;
  currency?: string;
  note?: string | null;
  lines?: Array<{
    itemId: string;
    description?: string | null;
    qtyOrdered: string;
    unitPrice: string;
    taxRate?: string;
    requisitionLineId?: string;
  }>;
};

export function useCreatePurchaseOrder() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: (payload: PurchaseOrderPayload) => send<PurchaseOrder>('POST', ORDERS, payload),
    onSuccess: refresh,
  });
}

/** Issue #30 item 20: a draft order is edited in place (same rules as creating; its number is kept). */
export function useUpdatePurchaseOrder() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: PurchaseOrderPayload }) =>
      send<PurchaseOrder>('PATCH', `${ORDERS}/${id}`, payload),
    onSuccess: refresh,
  });
}

export type OrderAction = 'approve' | 'send' | 'confirm' | 'cancel' | 'email';

export function useOrderAction() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: OrderAction; reason?: string }) =>
      send<PurchaseOrder | { delivery: string; to: string }>(
        'POST',
        `${ORDERS}/${id}/${action}`,
        action === 'cancel' ? { reason: reason || null } : {},
      ),
    onSuccess: refresh,
  });
}

export type ReceiptPayload = {
  locationId: string;
  invoiceNo?: string | null;
  deliveryNote?: string | null;
  note?: string | null;
  rejected?: boolean;
  lines: Array<{ poLineId: string; qtyReceived: string; batchNo?: string | null; expiryDate?: string | null }>;
};

export function useReceiveGoods() {
  const refresh = useRefreshPurchasing();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: ReceiptPayload }) =>
      send<PurchaseOrder>('POST', `${ORDERS}/${id}/receipts`, payload),
    onSuccess: refresh,
  });
}

export const departmentManagersQueryOptions = () =>
  queryOptions<DepartmentManager[]>({ queryKey: ['/api/procurement/department-managers'] });
export const useDepartmentManagers = () => useQuery(departmentManagersQueryOptions());

/** Purchasing settings (issue #16): tolerance, a department's approval threshold, who runs which department. */
/** PUT: the purchasing settings (over-receipt tolerance, buyer name and address). */
export const PURCHASING_SETTINGS_URL = '/api/procurement/purchasing-settings';
/** PUT: a department's approval threshold. */
export const approvalThresholdUrl = (departmentId: string) =>
  `/api/procurement/departments/${departmentId}/approval-threshold`;
/** PUT: the department a department manager manages. */
export const departmentManagerUrl = (userId: string) => `/api/procurement/department-managers/${userId}`;

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body: unknown }) => send<unknown>('PUT', url, body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/procurement/'),
      }),
  });
}
