import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §9 Timing: developer dashboard health every 60 s. */
export const HEALTH_REFETCH_MS = 60_000;

/** spec §7 GET /api/super-admin/health: status, database, uptime (s), memory in MB, timestamp. */
export type SystemHealth = {
  status: 'healthy' | 'degraded';
  database: 'connected' | 'disconnected';
  uptime: number;
  /**
   * MB: the server's resident memory (used) against the container's limit or the machine's
   * memory (total), which of the two, and V8's heap as a detail (issue #30 item 24).
   */
  memory: { used: number; total: number; limit: 'container' | 'machine'; heapUsed: number; heapTotal: number };
  environment: string;
  timestamp: string;
  /** Only when the server has a read replica (DATABASE_READ_URL, ADR 0016). */
  replica?: {
    inUse: boolean;
    state: 'ok' | 'lagging' | 'unreachable';
    lagSeconds: number | null;
    maxLagSeconds: number;
    checkedAt: string;
  };
};

export function healthQueryOptions() {
  return queryOptions<SystemHealth>({ queryKey: ['/api/super-admin/health'], refetchInterval: HEALTH_REFETCH_MS });
}

export function useSystemHealth() {
  return useQuery(healthQueryOptions());
}
