import type { LendableAsset } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';

/** GET /api/asset-checkouts/assets: what a lender can check out (lenders only). */
export function useLendableAssets(enabled: boolean) {
  return useQuery<LendableAsset[]>({ queryKey: ['/api/asset-checkouts/assets'], enabled });
}
