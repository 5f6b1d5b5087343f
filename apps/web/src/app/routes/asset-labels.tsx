import { AssetLabels } from '@/features/asset-register/asset-labels';

/** Issue #17 item 1: printable asset-tag labels at /assets/labels?ids=. */
export default function AssetLabelsPage() {
  return <AssetLabels />;
}
