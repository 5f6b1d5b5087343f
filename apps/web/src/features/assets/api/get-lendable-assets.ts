import type { AssetPage, LendableAsset } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';

/** GET /api/asset-checkouts/assets: what a lender can check out (lenders only). */
export function useLendableAssets(enabled: boolean) {
  return useQuery<LendableAsset[]>({ queryKey: ['/api/asset-checkouts/assets'], enabled });
}

/**
 * The asset register's list (GET /api/procurement/assets), read here for the lending form's unit
 * choice: the register's screens import this feature, so the path is spelled here rather than
 * imported back from it. Its key is the register's, so a register write refreshes the choice.
 */
export const REGISTER_ASSETS_PATH = '/api/procurement/assets';

/** Issue #17: the registered units not written off, searched on the server; 50 at most. */
export function useRegisteredUnits(enabled: boolean, search: string) {
  return useQuery<AssetPage>({
    queryKey: [REGISTER_ASSETS_PATH, { state: 'active', search, pageSize: 50 }],
    enabled,
  });
}
