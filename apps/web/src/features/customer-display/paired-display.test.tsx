import { type CustomerDisplayState, idleDisplayState } from '@retail-hub/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers } from '@/test/server';

/** A stand-in for the browser's EventSource that the test drives by hand (named events). */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

const sale: CustomerDisplayState = {
  ...idleDisplayState('Library Café'),
  phase: 'sale',
  lines: [{ name: 'Latte', size: 'Large', quantity: 1, amount: '4.50', discount: null }],
  total: '4.50',
};

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a customer display on another device (issue #36 item 4, ADR 0033)', () => {
  it('unpaired and with no till on this machine, asks for the code; a right code pairs it and it follows the till', async () => {
    const pairs: unknown[] = [];
    mockServer({
      ...sessionHandlers(null),
      'GET /api/display/stream': () => json(401, { message: 'This display is not paired', code: 'display.not_paired' }),
      'POST /api/display/pair': ({ init }) => {
        const body = JSON.parse(String(init?.body));
        pairs.push(body);
        return body.code === '482913'
          ? json(200, { paired: true })
          : json(400, { message: 'That code is not right or has expired: ask for a new one at the till.' });
      },
    });
    renderApp('/display');
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().refuse());
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter the pairing code' })).toBeTruthy();
    expect(latest().url).toBe('/api/display/stream');

    const user = userEvent.setup();
    const field = screen.getByLabelText('Pairing code');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Pair' }));
    expect(
      await screen.findByText('That code is not right or has expired: ask for a new one at the till.'),
    ).toBeTruthy();

    await user.type(field, '482 913');
    await user.click(screen.getByRole('button', { name: 'Pair' }));
    expect(pairs).toEqual([{ code: '111111' }, { code: '482913' }]);
    // Paired: a new stream opens and the till's latest state shows.
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() => latest().emit('state', sale));
    const items = await screen.findByRole('list', { name: 'Items' });
    expect(within(items).getAllByRole('listitem')[0]?.textContent).toBe('1 ×LatteLarge$4.50');
    expect(screen.queryByRole('heading', { name: 'Enter the pairing code' })).toBeNull();

    // Unpaired from the till: the code is asked for again.
    act(() => latest().emit('unpaired', {}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter the pairing code' })).toBeTruthy();
  });

  it('a paired display shows the state its stream sends, and ignores one that is not a display state', async () => {
    mockServer({ ...sessionHandlers(null) });
    renderApp('/display');
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().emit('state', { ...sale, cashier: 'Chris' }));
    act(() => latest().emit('state', sale));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your purchase' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Chris');
    expect(screen.queryByLabelText('Pairing code')).toBeNull();
  });
});
