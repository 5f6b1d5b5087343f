import type { SendEmailBody, SendEmailResult } from '@retail-hub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec §7 POST /admin/send-email, body recipients (e-mail list), subject, message. */
export async function sendStaffEmail(body: SendEmailBody): Promise<SendEmailResult> {
  const res = await apiRequest('POST', '/admin/send-email', body);
  return (await res.json()) as SendEmailResult;
}

export function useSendStaffEmail() {
  return useMutation({ mutationFn: sendStaffEmail });
}
