import { AssetPage } from '@/features/asset-register/asset-page';

/** Issue #17 item 6: one unit at /assets/unit?id=, with its whole history. */
export default function AssetUnitPage() {
  return <AssetPage />;
}
