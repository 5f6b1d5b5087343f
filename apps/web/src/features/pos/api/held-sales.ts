import type { HeldSale, HoldSaleBody } from '@retail-hub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Issue #35 item 3 (docs/adr/0032): held sales, open tickets, of this till's store. */
export const HELD_SALES_PATH = '/api/held-sales';

/** The store's waiting held sales; refreshed every 30 s and live on 'held-sale.changed'. */
export const heldSalesQueryOptions = () =>
  queryOptions<HeldSale[]>({ queryKey: [HELD_SALES_PATH], refetchInterval: 30_000, staleTime: 10_000 });

/** POST /api/held-sales → the held sale (201, or 200 when this id was already held). */
export async function holdSale(body: HoldSaleBody): Promise<HeldSale> {
  const res = await apiRequest('POST', HELD_SALES_PATH, body);
  return (await res.json()) as HeldSale;
}

/** DELETE /api/held-sales/:id → the held sale, taken for this till (404 when another till took it). */
export async function resumeHeldSale(id: string): Promise<HeldSale> {
  const res = await apiRequest('DELETE', `${HELD_SALES_PATH}/${encodeURIComponent(id)}`);
  return (await res.json()) as HeldSale;
}
