import type { StockAuditResult } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Issue #32 item 5: GET /api/stock-audit (super_admin), run when the super admin asks for it. */
export function stockAuditQueryOptions() {
  return queryOptions<StockAuditResult>({ queryKey: ['/api/stock-audit'], enabled: false, retry: false });
}

export function useStockAudit() {
  return useQuery(stockAuditQueryOptions());
}
