import type { DomainEventType } from '@retail-hub/shared';
import type { EventBus } from '../events/index';

/** The bus carries at most this many ids per event. */
const MAX_IDS = 100;

export type Publisher = {
  publish(type: DomainEventType, ids: readonly string[]): void;
  close(): void;
};

/**
 * Live updates for sales, coalesced: the first event of a type goes out at once; further events
 * of that type within `windowMs` are merged into one trailing event (ids united). A busy store
 * records many sales a second and every event only tells clients to refetch, so one NOTIFY per
 * window instead of two per sale keeps the sale path short without delaying the dashboard.
 */
export function coalescingPublisher(events: EventBus, windowMs = 200): Publisher {
  type State = { lastAt: number; timer: NodeJS.Timeout | null; pending: Set<string> };
  const states = new Map<DomainEventType, State>();

  const flush = (type: DomainEventType, state: State) => {
    state.timer = null;
    state.lastAt = Date.now();
    const ids = [...state.pending];
    state.pending.clear();
    void events.publish(type, ids);
  };

  return {
    publish(type, ids) {
      let state = states.get(type);
      if (!state) {
        state = { lastAt: 0, timer: null, pending: new Set() };
        states.set(type, state);
      }
      const now = Date.now();
      if (!state.timer && now - state.lastAt >= windowMs) {
        state.lastAt = now;
        void events.publish(type, ids.slice(0, MAX_IDS));
        return;
      }
      for (const id of ids) {
        if (state.pending.size >= MAX_IDS) break;
        state.pending.add(id);
      }
      if (!state.timer) {
        const current = state;
        current.timer = setTimeout(() => flush(type, current), Math.max(0, windowMs - (now - current.lastAt)));
        current.timer.unref();
      }
    },
    close() {
      for (const [type, state] of states) if (state.timer) flush(type, state);
      for (const state of states.values()) if (state.timer) clearTimeout(state.timer);
    },
  };
}
