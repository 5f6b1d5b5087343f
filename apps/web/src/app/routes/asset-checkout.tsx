import { AssetCheckoutScreen } from '@/features/assets/components/asset-checkout';

/** /asset-checkout (spec §2 Asset checkout) inside the procurement shell; every signed-in user (spec §6). */
export default function AssetCheckoutRoute() {
  return <AssetCheckoutScreen />;
}
