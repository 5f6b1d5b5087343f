import {
  customerDisplayCodeSchema,
  customerDisplayPairingSchema,
  customerDisplayPairSchema,
  customerDisplayStateSchema,
} from '@retail-hub/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/signed-in-user';
import {
  type DisplayDeps,
  displayForToken,
  displayPairing,
  mintDisplayCode,
  pairDisplay,
  publishDisplayState,
  type TillCaller,
  unpairDisplay,
} from './customer-display.service';

const params = z.object({ id: z.uuid({ error: 'Unknown terminal' }) });
const PING_EVERY_MS = 25_000;
/** A display stays paired until the till unpairs it or pairs another (a year at most without use). */
const DISPLAY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** The reconnect delay a closing instance tells its displays (as GET /api/events does). */
const SHUTDOWN_RETRY_MS = 1_000;

/**
 * Issue #36 item 4 (docs/adr/0033): pairing a customer display on another device, the till's
 * display state, and the display's stream. The display's cookie is scoped to /api/display and
 * read only by the stream: it is no session, so every other route answers it 401.
 */
export const customerDisplayRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DisplayDeps = {
    db: app.database.db,
    secret: app.config.sessionSecret,
    events: app.events,
    throttle: app.loginThrottle,
    throttleSucceeded: () => app.loginThrottle.displayCodeSucceeded(),
  };
  const cookieName = app.config.cookieSecure ? '__Secure-rh_display' : 'rh_display';
  const till = (request: FastifyRequest): TillCaller => ({
    user: signedInUser(request),
    deviceId: app.devices.fromRequest(request)?.deviceId ?? null,
  });

  app.post(
    '/api/terminals/:id/display-code',
    { config: { permission: 'pos.sell' }, schema: { params, response: { 201: customerDisplayCodeSchema } } },
    async (request, reply) => reply.status(201).send(await mintDisplayCode(deps, request.params.id, till(request))),
  );

  app.get(
    '/api/terminals/:id/display',
    { config: { permission: 'pos.sell' }, schema: { params, response: { 200: customerDisplayPairingSchema } } },
    async (request) => displayPairing(deps, request.params.id, till(request)),
  );

  app.delete(
    '/api/terminals/:id/display',
    { config: { permission: 'pos.sell' }, schema: { params, response: { 200: customerDisplayPairingSchema } } },
    async (request) => unpairDisplay(deps, request.params.id, till(request)),
  );

  app.put(
    '/api/terminals/:id/display/state',
    { config: { permission: 'pos.sell' }, schema: { params, body: customerDisplayStateSchema } },
    async (request, reply) => {
      await publishDisplayState(deps, request.params.id, till(request), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/display/pair',
    {
      config: { permission: 'public' },
      schema: { body: customerDisplayPairSchema, response: { 200: z.strictObject({ paired: z.literal(true) }) } },
    },
    async (request, reply) => {
      const { token } = await pairDisplay(deps, request.body.code);
      reply.setCookie(cookieName, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.cookieSecure,
        path: '/api/display',
        maxAge: DISPLAY_COOKIE_MAX_AGE_SECONDS,
      });
      return { paired: true as const };
    },
  );

  const openStreams = new Set<(retryMs?: number) => void>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close(SHUTDOWN_RETRY_MS);
  });

  /**
   * GET /api/display/stream: the paired display's till state, as server-sent events (`state`).
   * The latest state at once, then each new one when the till's NOTIFY wakes this instance (the
   * state is read from the database, so any instance serves any display). Unpaired or paired
   * anew: `unpaired`, and the stream ends; without a valid cookie 401.
   */
  app.get('/api/display/stream', { config: { permission: 'public' } }, async (request, reply) => {
    const token = request.cookies[cookieName];
    const first = await displayForToken(deps, token);
    if (!first) {
      return reply.status(401).send({
        message: 'This display is not paired: enter the code the till shows.',
        code: 'display.not_paired',
      });
    }
    return stream(request, reply, token as string, first);
  });

  function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    first: NonNullable<Awaited<ReturnType<typeof displayForToken>>>,
  ) {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (state: unknown) => raw.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
    raw.write('retry: 2000\n: connected\n\n');
    send(first.state);
    let sent = first.version;
    let closed = false;
    // One read at a time; a wake-up during a read reads again after it (the latest state wins).
    let reading = false;
    let again = false;
    const refresh = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const now = await displayForToken(deps, token);
          if (closed) return;
          if (!now || now.terminalId !== first.terminalId) {
            raw.write('event: unpaired\ndata: {}\n\n');
            close();
            return;
          }
          if (now.version !== sent) {
            sent = now.version;
            send(now.state);
          }
        } while (again);
      } catch {
        // Database briefly unavailable: the next wake-up or ping reads again.
      } finally {
        reading = false;
      }
    };
    const unsubscribe = app.events.subscribeDisplay((terminalId) => {
      if (terminalId === first.terminalId) void refresh();
    });
    const ping = setInterval(() => {
      if (!closed) raw.write(': ping\n\n');
      void refresh();
    }, PING_EVERY_MS);
    ping.unref();
    function close(retryMs?: number) {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      unsubscribe();
      openStreams.delete(close);
      if (retryMs !== undefined) raw.end(`retry: ${retryMs}\n: server shutting down\n\n`);
      else raw.end();
    }
    openStreams.add(close);
    request.raw.on('close', () => close());
    // A state saved between the first read and the subscription is not missed.
    void refresh();
  }
};
