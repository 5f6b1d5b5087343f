import { type AssetType, formatMoney, parseCents } from '@retail-hub/shared';

/** spec §9: money with a $ sign and 2 decimals; a malformed price shows as given. */
export function formatPrice(price: string): string {
  const cents = parseCents(price);
  return cents === null ? price : formatMoney(cents);
}

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  regular: 'Regular',
  tool: 'Tool',
  material: 'Material',
  equipment: 'Equipment',
  consumable: 'Consumable',
};
