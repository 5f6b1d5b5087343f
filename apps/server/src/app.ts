import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import { type Database, openDatabase } from './db/client';
import { type LagProbe, ReadRouter } from './db/read-replica';
import { AppError } from './lib/errors';
import { accountRoutes } from './modules/accounts/index';
import { analyticsRoutes, institutionAnalyticsRoutes } from './modules/analytics/index';
import { assetRegisterRoutes } from './modules/asset-register/index';
import { assetRoutes } from './modules/assets/index';
import { authRoutes, registerAuth } from './modules/auth/index';
import { catalogRoutes } from './modules/catalog/index';
import { customerDisplayRoutes } from './modules/customer-display/index';
import { departmentRoutes, procurementDepartmentRoutes } from './modules/departments/index';
import { createEventBus, type EventBus, eventRoutes } from './modules/events/index';
import { expenseRoutes } from './modules/expenses/index';
import { jobsRoutes } from './modules/jobs/index';
import { discountCapsRoutes, historyRoutes, posRoutes, refundRoutes } from './modules/pos/index';
import { printerRoutes } from './modules/printers/index';
import { procurementRoutes } from './modules/procurement/index';
import { purchasingRoutes } from './modules/purchasing/index';
import { reportRoutes } from './modules/reports/index';
import { retailStoreRoutes } from './modules/retail-stores/index';
import { staffRoutes } from './modules/staff/index';
import { stockRoutes } from './modules/stock/index';
import { storesDocumentsRoutes, storesMastersRoutes } from './modules/stores/index';
import {
  createAppMetrics,
  healthRoutes,
  registerMetricsRoute,
  superAdminSystemRoutes,
  webRoutes,
} from './modules/system/index';
import { taxRoutes } from './modules/tax/index';
import { userRoutes } from './modules/users/index';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerTextInputChecks } from './plugins/text-input';
import './types';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export const REQUEST_ID_HEADER = 'x-request-id';
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * A fresh 12-hex-digit id (short enough to read out on a support call), or the proxy's own id
 * (HAProxy unique-id, nginx $request_id) when a trusted proxy forwards one: the balancer's log
 * line and the app's then share it. A client that reaches the app directly cannot choose it.
 */
export function requestIdFor(forwarded: string | string[] | undefined, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy && typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded)) return forwarded;
  return randomBytes(6).toString('hex');
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Inject a bus (tests); by default one is created for the database. */
  events?: EventBus;
  /** Inject a report-read database (tests); by default DATABASE_READ_URL is opened when set. */
  readDatabase?: Database | null;
  /** Inject the replica lag probe (tests). */
  replicaLagProbe?: LagProbe;
};

/**
 * Builds the whole application as a Fastify instance without listening (tests call inject on it;
 * server.ts adds listen and shutdown). Order: security hooks, error handler, sessions and
 * permissions (their onRoute hook must see every route), then the routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request only when asked for (LOG_REQUESTS, issue #13 item 21).
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Fastify accepts a hop count too; its type declarations omit it.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: 1024 * 1024,
    // Request ids (issue #20 item 5): every log line of a request carries it as reqId, the answer
    // returns it in X-Request-Id and a 500 shows it on the toast, so a support call finds the line.
    requestIdHeader: false,
    genReqId: (req) => requestIdFor(req.headers[REQUEST_ID_HEADER], config.trustProxy !== false),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  // LISTEN needs a session: behind a transaction pooler it goes straight to PostgreSQL (ADR 0016).
  const events = options.events ?? createEventBus(database, config.databaseListenUrl ?? config.databaseUrl, app.log);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  const readDatabase =
    options.readDatabase !== undefined
      ? options.readDatabase
      : config.databaseReadUrl
        ? await openDatabase({
            kind: 'postgres',
            url: config.databaseReadUrl,
            poolSize: config.databasePoolSize,
            connectTimeoutMs: 2_000,
          })
        : null;
  const reads = new ReadRouter(database, readDatabase, {
    maxLagMs: config.databaseReadMaxLagMs,
    ...(options.replicaLagProbe ? { probe: options.replicaLagProbe } : {}),
  });
  app.decorate('reads', reads);
  // The app closes the replica it opened; an injected one belongs to the caller.
  if (options.readDatabase === undefined && readDatabase) {
    app.addHook('onClose', async () => readDatabase.close().catch(() => {}));
  }
  // Metrics hooks go on the root before any route, so every route is counted.
  const metrics = createAppMetrics(app as unknown as FastifyInstance);
  app.decorate('metrics', metrics);

  registerErrorHandling(app);
  await registerSecurity(app);
  registerTextInputChecks(app);
  await registerAuth(app);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') && !(await app.sessions.resolve(request))) {
      throw new AppError(401, 'auth.unauthorized', 'Authentication required');
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });

  await app.register(healthRoutes);
  registerMetricsRoute(app as unknown as FastifyInstance, metrics, config.metricsToken);
  await app.register(authRoutes);
  await app.register(eventRoutes);
  await app.register(userRoutes);
  await app.register(superAdminSystemRoutes);
  await app.register(staffRoutes);
  await app.register(catalogRoutes);
  await app.register(departmentRoutes);
  await app.register(procurementDepartmentRoutes);
  await app.register(retailStoreRoutes);
  await app.register(taxRoutes);
  await app.register(procurementRoutes);
  await app.register(storesMastersRoutes);
  await app.register(storesDocumentsRoutes);
  await app.register(purchasingRoutes);
  await app.register(jobsRoutes);
  await app.register(posRoutes);
  await app.register(historyRoutes);
  await app.register(analyticsRoutes);
  await app.register(institutionAnalyticsRoutes);
  await app.register(expenseRoutes);
  await app.register(reportRoutes);
  await app.register(assetRoutes);
  await app.register(assetRegisterRoutes);
  await app.register(stockRoutes);
  await app.register(refundRoutes);
  await app.register(accountRoutes);
  await app.register(discountCapsRoutes);
  await app.register(printerRoutes());
  await app.register(customerDisplayRoutes);
  await app.register(webRoutes(config.webDistDir ?? DEFAULT_WEB_DIST));

  return app as unknown as FastifyInstance;
}
