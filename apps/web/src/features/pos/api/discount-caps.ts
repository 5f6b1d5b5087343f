import type { DiscountApproval, DiscountCaps } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const DISCOUNT_CAPS_PATH = '/api/settings/discount-caps';

/** Issue #15 item 7: each role's discount cap (the terminal asks for a manager's PIN above its own). */
export const discountCapsQueryOptions = () =>
  queryOptions<{ caps: DiscountCaps }>({ queryKey: [DISCOUNT_CAPS_PATH], staleTime: 60_000 });

export function useDiscountCaps() {
  return useQuery(discountCapsQueryOptions());
}

/** PUT the caps (super admin). */
export function useSaveDiscountCaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (caps: DiscountCaps) =>
      (await (await apiRequest('PUT', DISCOUNT_CAPS_PATH, { caps })).json()) as { caps: DiscountCaps },
    onSuccess: (data) => queryClient.setQueryData([DISCOUNT_CAPS_PATH], data),
  });
}

/**
 * Issue #30 item 16: a manager's PIN for a discount above the cap, checked by the server when it is
 * typed (403 for anyone's PIN but a manager's, on the PIN throttle), so the cart never shows a
 * discount nobody approved.
 */
export async function checkDiscountApprover(approverPin: string): Promise<DiscountApproval> {
  return (await (
    await apiRequest('POST', '/api/discounts/approval-check', { approverPin })
  ).json()) as DiscountApproval;
}
