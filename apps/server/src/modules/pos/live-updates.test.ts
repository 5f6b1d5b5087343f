import type { DomainEvent, DomainEventType } from '@retail-hub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventBus } from '../events/event-bus';
import { coalescingPublisher } from './live-updates';

function recordingBus() {
  const published: Array<{ type: DomainEventType; ids?: string[] }> = [];
  const bus: EventBus = {
    async publish(type, ids) {
      published.push({ type, ...(ids ? { ids } : {}) });
    },
    subscribe: (_listener: (event: DomainEvent) => void) => () => {},
    async publishDisplay() {},
    subscribeDisplay: () => () => {},
    async close() {},
  };
  return { bus, published };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('coalesced live updates', () => {
  it('the first event goes out at once; a burst within the window becomes one trailing event with all ids', () => {
    vi.useFakeTimers();
    const { bus, published } = recordingBus();
    const live = coalescingPublisher(bus, 200);
    live.publish('sale.recorded', ['a']);
    expect(published).toEqual([{ type: 'sale.recorded', ids: ['a'] }]);
    live.publish('sale.recorded', ['b']);
    live.publish('sale.recorded', ['c', 'b']);
    live.publish('stock.changed', ['p1']);
    expect(published).toHaveLength(2);
    vi.advanceTimersByTime(200);
    expect(published).toEqual([
      { type: 'sale.recorded', ids: ['a'] },
      { type: 'stock.changed', ids: ['p1'] },
      { type: 'sale.recorded', ids: ['b', 'c'] },
    ]);
    // After a quiet window, the next event is immediate again.
    vi.advanceTimersByTime(500);
    live.publish('sale.recorded', ['d']);
    expect(published.at(-1)).toEqual({ type: 'sale.recorded', ids: ['d'] });
  });

  it('closing flushes what is pending', () => {
    vi.useFakeTimers();
    const { bus, published } = recordingBus();
    const live = coalescingPublisher(bus, 200);
    live.publish('stock.changed', ['x']);
    live.publish('stock.changed', ['y']);
    live.close();
    expect(published).toEqual([
      { type: 'stock.changed', ids: ['x'] },
      { type: 'stock.changed', ids: ['y'] },
    ]);
  });
});
