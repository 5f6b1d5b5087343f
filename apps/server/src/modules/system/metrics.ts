import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Issue #20 item 2: Prometheus metrics (prom-client). Each app has its own registry (tests build
 * many apps in one process); the process metrics (memory, CPU, event-loop lag, GC) are collected
 * once per process and served with every app's.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** The routes that record a sale: a 201 is a new sale (a replayed Idempotency-Key answers 200). */
const SALE_ROUTES = new Set(['/api/transactions', '/api/transactions/offline']);

export type AppMetrics = {
  registry: Registry;
  /** Live-update streams open now (modules/events/events.routes.ts). */
  eventStreams: Gauge;
  /** The Prometheus text of this app and its process. */
  text(): Promise<string>;
};

const kRefusal = Symbol('saleRefusal');
type WithRefusal = FastifyRequest & { [kRefusal]?: string };

function refusalReason(statusCode: number, payload: unknown): string {
  if (typeof payload === 'string') {
    try {
      const code = (JSON.parse(payload) as { code?: unknown }).code;
      if (typeof code === 'string' && /^[a-z0-9_.]{1,64}$/.test(code)) return code;
    } catch {
      // Not JSON: fall back to the status.
    }
  }
  return `http_${statusCode}`;
}

export function createAppMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sales = new Counter({
    name: 'retail_hub_sales_recorded_total',
    help: 'Sales recorded (new sales answered 201; an idempotent replay is not counted again).',
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'retail_hub_sale_refusals_total',
    help: 'Sale requests refused, by the error code of the answer (e.g. pos.insufficient_stock, validation).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const eventStreams = new Gauge({
    name: 'retail_hub_event_stream_clients',
    help: 'Live-update (server-sent events) streams open now.',
    registers: [registry],
  });
  new Gauge({
    name: 'retail_hub_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one (absent on PGlite: one in-process connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = app.database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'retail_hub_db_pool_max',
    help: 'Largest number of connections the pool may open (DATABASE_POOL_SIZE).',
    registers: [registry],
    collect() {
      const pool = app.database.pool;
      if (pool) this.set(pool.options.max ?? 10);
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && request.method === 'POST' && SALE_ROUTES.has(request.routeOptions.url ?? '')) {
      (request as WithRefusal)[kRefusal] = refusalReason(reply.statusCode, payload);
    }
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && SALE_ROUTES.has(route)) {
      if (reply.statusCode === 201) sales.inc();
      else if (reply.statusCode >= 400)
        refusals.inc({ reason: (request as WithRefusal)[kRefusal] ?? `http_${reply.statusCode}` });
    }
  });

  return {
    registry,
    eventStreams,
    async text() {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * Headers by which a proxy names the caller it forwards (issue #30 item 14: nginx's common
 * `proxy_set_header X-Real-IP $remote_addr` alone opened /metrics to the world). Any `X-Forwarded-*`
 * counts too.
 */
const PROXY_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
]);

/** Whether a proxy forwarded the request: any proxy header present, whatever its value. */
function viaProxy(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.has(name));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: with `Authorization: Bearer <METRICS_TOKEN>`, or from this computer (a loopback
 * socket with no proxy header: a reverse proxy on the same host forwards outside callers from
 * loopback, and its header gives them away).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | null): void {
  app.get('/metrics', { config: { permission: 'public' } }, async (request, reply) => {
    const auth = request.headers.authorization;
    const bearer = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : null;
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '') && !viaProxy(request.headers);
    const allowed = token && bearer !== null ? sameSecret(bearer, token) : bearer === null && local;
    if (!allowed) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return reply.status(401).send({
        message: 'Metrics are readable from this computer or with the METRICS_TOKEN bearer token.',
        code: 'metrics.unauthorized',
      });
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
}
