import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/receipts/email-status: the store has mail set up, so receipts can be e-mailed. */
export function useReceiptEmailAvailable() {
  const query = useQuery<{ available: boolean }>({ queryKey: ['/api/receipts/email-status'] });
  return query.data?.available === true;
}

/** POST /api/transactions/:id/receipt/email. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: async ({ transactionId, email }: { transactionId: string; email: string }) => {
      const res = await apiRequest('POST', `/api/transactions/${encodeURIComponent(transactionId)}/receipt/email`, {
        email,
      });
      return (await res.json()) as { sent: true; to: string };
    },
  });
}
