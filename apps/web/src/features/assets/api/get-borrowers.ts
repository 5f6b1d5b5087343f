import type { Borrower } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';

/** GET /api/asset-checkouts/borrowers: active staff to lend to (lenders only). */
export function useBorrowers(enabled: boolean) {
  return useQuery<Borrower[]>({ queryKey: ['/api/asset-checkouts/borrowers'], enabled });
}
