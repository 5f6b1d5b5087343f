import { EventEmitter } from 'node:events';
import type { DomainEvent, DomainEventType } from '@retail-hub/shared';
import { isDomainEventType } from '@retail-hub/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';

const CHANNEL = 'rh_events';
/**
 * Issue #36 item 4 (ADR 0033): a till's customer display state changed. Its own channel, not a
 * domain event: no staff stream ever carries it, only GET /api/display/stream of that till's display.
 */
const DISPLAY_CHANNEL = 'rh_display';
const TERMINAL_ID = /^[0-9a-f-]{36}$/;

export type EventBus = {
  /** Publish after the change is committed; delivery is best effort (polling is the fallback). */
  publish(type: DomainEventType, ids?: string[]): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /** A till's display state changed or its pairing did (the payload is the terminal id only). */
  publishDisplay(terminalId: string): Promise<void>;
  subscribeDisplay(listener: (terminalId: string) => void): () => void;
  close(): Promise<void>;
};

function parseEvent(payload: string): DomainEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<DomainEvent>;
    if (!isDomainEventType(value.type) || typeof value.at !== 'string') return null;
    return { type: value.type, at: value.at, ...(Array.isArray(value.ids) ? { ids: value.ids.map(String) } : {}) };
  } catch {
    return null;
  }
}

/**
 * Architecture guide, Live updates. On PGlite (one process) events go straight to local
 * listeners. On a PostgreSQL server they go through NOTIFY and come back through a dedicated
 * LISTEN connection, so every app instance (this one included) fans them out exactly once.
 */
export function createEventBus(database: Database, databaseUrl: string | null, log: FastifyBaseLogger): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (event: DomainEvent) => emitter.emit('event', event);
  const deliverDisplay = (terminalId: string) => {
    if (TERMINAL_ID.test(terminalId)) emitter.emit('display', terminalId);
  };
  const subscribeDisplay = (listener: (terminalId: string) => void) => {
    emitter.on('display', listener);
    return () => {
      emitter.off('display', listener);
    };
  };

  if (database.kind === 'pglite' || !databaseUrl) {
    return {
      async publish(type, ids) {
        deliver({ type, at: new Date().toISOString(), ...(ids ? { ids } : {}) });
      },
      subscribe(listener) {
        emitter.on('event', listener);
        return () => emitter.off('event', listener);
      },
      async publishDisplay(terminalId) {
        deliverDisplay(terminalId);
      },
      subscribeDisplay,
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (msg) => {
      if (msg.channel === DISPLAY_CHANNEL && msg.payload) {
        deliverDisplay(msg.payload);
        return;
      }
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const event = parseEvent(msg.payload);
      if (event) deliver(event);
    });
    const reconnect = (err?: Error) => {
      if (closed || client !== next) return;
      client = null;
      if (err) log.warn({ err }, 'live-update listener lost its connection; reconnecting');
      next.end().catch(() => {});
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      await next.query(`LISTEN ${DISPLAY_CHANNEL}`);
      retryMs = 500;
    } catch (err) {
      reconnect(err as Error);
    }
  };
  void connect();

  return {
    async publish(type, ids) {
      const event: DomainEvent = { type, at: new Date().toISOString(), ...(ids ? { ids: ids.slice(0, 100) } : {}) };
      try {
        await database.execute('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
      } catch (err) {
        log.warn({ err, type }, 'could not publish live update');
      }
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async publishDisplay(terminalId) {
      try {
        await database.execute('select pg_notify($1, $2)', [DISPLAY_CHANNEL, terminalId]);
      } catch (err) {
        log.warn({ err }, 'could not publish a customer display update');
      }
    },
    subscribeDisplay,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
