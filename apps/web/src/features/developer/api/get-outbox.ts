import type { OutboxEntry } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/super-admin/outbox: staff e-mail kept because it was not sent, newest first. */
export type Outbox = { configured: boolean; messages: OutboxEntry[] };

export function outboxQueryOptions() {
  return queryOptions<Outbox>({ queryKey: ['/api/super-admin/outbox'] });
}

export function useOutbox({ enabled }: { enabled: boolean }) {
  return useQuery({ ...outboxQueryOptions(), enabled });
}
