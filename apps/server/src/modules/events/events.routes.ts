import { canReceiveEvent } from '@retail-hub/shared';
import type { FastifyPluginAsync } from 'fastify';

const PING_EVERY_MS = 25_000;
/** The reconnect delay a closing instance tells its clients (they come back through the balancer). */
export const SHUTDOWN_RETRY_MS = 1_000;

/**
 * GET /api/events: server-sent events for signed-in users. Each domain event is one `data:`
 * line; a comment ping keeps proxies from closing the stream and re-checks the session, so a
 * signed-out or deactivated user stops receiving events within one ping. Each user receives only
 * the events of data their role may read (shared DOMAIN_EVENT_PERMISSIONS, issue #13 item 7); a
 * role change applies from the next ping.
 */
export const eventRoutes: FastifyPluginAsync = async (app) => {
  const openStreams = new Set<(retryMs?: number) => void>();
  // Issue #20 item 6: the streams end in preClose, before Fastify waits for the HTTP server to
  // close: a server waits for every open connection, so an open stream used to hold a SIGTERMed
  // process until its browser went away. Each client gets a short retry hint and reconnects (to
  // another instance behind a balancer, or to this one once restarted).
  app.addHook('preClose', async () => {
    for (const close of openStreams) close(SHUTDOWN_RETRY_MS);
  });

  app.get('/api/events', { config: { permission: 'session' } }, async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    const headers = { ...reply.getHeaders() } as Record<string, string>;
    raw.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.write('retry: 5000\n: connected\n\n');

    let role = request.auth?.user.role ?? null;
    const unsubscribe = app.events.subscribe((event) => {
      if (!canReceiveEvent(role, event.type)) return;
      raw.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const ping = setInterval(async () => {
      try {
        const auth = await app.sessions.resolve(request);
        if (!auth) {
          close();
          return;
        }
        role = auth.user.role;
        raw.write(': ping\n\n');
      } catch {
        // Database briefly unavailable: keep the stream; the next ping tries again.
      }
    }, PING_EVERY_MS);
    ping.unref();

    let closed = false;
    function close(retryMs?: number) {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      unsubscribe();
      openStreams.delete(close);
      app.metrics.eventStreams.dec();
      if (retryMs !== undefined) raw.end(`retry: ${retryMs}\n: server shutting down\n\n`);
      else raw.end();
    }
    openStreams.add(close);
    app.metrics.eventStreams.inc();
    request.raw.on('close', () => close());
  });
};
