import {
  CUSTOMER_DISPLAY_CHANNEL,
  CUSTOMER_DISPLAY_THANK_YOU_MS,
  type CustomerDisplayMessage,
  type CustomerDisplayState,
  idleDisplayState,
} from '@retail-hub/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { mockServer, sessionHandlers, userWithRole } from '@/test/server';

/** The till's side of the channel, as the test plays it. */
let till: BroadcastChannel | null = null;
afterEach(() => {
  till?.close();
  till = null;
  vi.useRealTimers();
});

const saleState: CustomerDisplayState = {
  ...idleDisplayState('Library Café'),
  phase: 'sale',
  lines: [
    { name: 'Latte', size: 'Takeaway Big Cup', quantity: 2, amount: '9.00', discount: '0.90' },
    { name: 'Muffin', size: null, quantity: 1, amount: '4.00', discount: null },
  ],
  discount: '0.90',
  total: '12.10',
};

const paidState: CustomerDisplayState = {
  ...saleState,
  phase: 'paid',
  paidBy: 'Cash',
  tendered: '20.00',
  changeDue: '7.90',
};

const send = (message: unknown) => till?.postMessage(message);

/** Lets the channel deliver what was sent (a few turns of the event loop, no timers). */
async function delivered() {
  for (let turn = 0; turn < 10; turn += 1) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

function openDisplay(signedIn = false) {
  mockServer(sessionHandlers(signedIn ? userWithRole('cashier', { firstName: 'Chris', lastName: 'Cashier' }) : null));
  till = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  const heard: unknown[] = [];
  till.onmessage = (event) => heard.push(event.data);
  return { ...renderApp('/display'), heard };
}

describe('the customer display (/display, issue #36 item 4)', () => {
  it('opens without a sign-in on the idle screen, and asks the till for its state', async () => {
    const { heard } = openDisplay();
    expect(await screen.findByRole('heading', { level: 1, name: 'Retail Hub' })).toBeTruthy();
    expect(screen.getByText('Welcome to')).toBeTruthy();
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'hello' }]));
    // No way out of the screen for the customer: no link, no button, no navigation.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('follows the sale line by line with its discounts and total, then tendered and change due', async () => {
    openDisplay(true);
    await screen.findByText('Welcome to');
    send({
      kind: 'state',
      state: { ...saleState, lines: saleState.lines.slice(0, 1), discount: '0.90', total: '8.10' },
    });
    const items = await screen.findByRole('list', { name: 'Items' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 ×LatteTakeaway Big Cup$9.00Discount−$0.90']);
    send({ kind: 'state', state: saleState } satisfies CustomerDisplayMessage);
    await vi.waitFor(() => expect(within(items).getAllByRole('listitem')).toHaveLength(2));
    expect(within(items).getAllByRole('listitem')[1]?.textContent).toBe('1 ×Muffin$4.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Your purchase' })).toBeTruthy();
    expect(screen.getByText('Discounts').nextElementSibling?.textContent).toBe('−$0.90');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$12.10');
    expect(screen.queryByText('Change due')).toBeNull();

    send({ kind: 'state', state: paidState });
    await screen.findByText('Change due');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Change due').nextElementSibling?.textContent).toBe('$7.90');
    expect(screen.getByText('Amount tendered').nextElementSibling?.textContent).toBe('$20.00');
    expect(screen.getByText('Paid by').nextElementSibling?.textContent).toBe('Cash');
    // Signed in on the same browser, the display still shows nothing of the cashier.
    expect(document.body.textContent).not.toContain('Chris');
  });

  it('thanks the customer for a few seconds after a paid sale, then shows the store name', async () => {
    openDisplay();
    await screen.findByText('Welcome to');
    send({ kind: 'state', state: paidState });
    await screen.findByText('Change due');
    // Only the thank-you's timer is faked (vi.waitFor would move it on); the channel is not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    send({ kind: 'state', state: idleDisplayState('Library Café') });
    await delivered();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByText('Please come again to Library Café.')).toBeTruthy();
    // The till says idle again (its payment reset): the thank-you stays, its time is not restarted.
    act(() => vi.advanceTimersByTime(1000));
    send({ kind: 'state', state: idleDisplayState('Library Café') });
    await delivered();
    act(() => vi.advanceTimersByTime(CUSTOMER_DISPLAY_THANK_YOU_MS - 1001));
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Library Café' })).toBeTruthy();
  });

  it('a new sale during the thank-you shows the new sale at once', async () => {
    openDisplay();
    await screen.findByText('Welcome to');
    send({ kind: 'state', state: paidState });
    await screen.findByText('Change due');
    send({ kind: 'state', state: idleDisplayState(null) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    send({ kind: 'state', state: { ...saleState, lines: [saleState.lines[1]], discount: null, total: '4.00' } });
    await screen.findByRole('heading', { level: 1, name: 'Your purchase' });
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$4.00');
  });

  it('a taxed sale (issue #34 item 2): a Tax row the lines add up with, the card fee apart; included when the prices hold it', async () => {
    openDisplay();
    await screen.findByText('Welcome to');
    const book = { name: 'Book', size: null, quantity: 1, amount: '10.00', discount: null };
    send({ kind: 'state', state: { ...paidState, lines: [book], discount: null, tax: '1.00', total: '11.00' } });
    await screen.findByText('Tax');
    expect(screen.getByText('Tax').nextElementSibling?.textContent).toBe('$1.00');
    expect(screen.queryByText('Card fee')).toBeNull();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$11.00');
    send({
      kind: 'state',
      state: { ...saleState, lines: [book], discount: null, tax: '1.00', cardFee: '0.28', total: '11.28' },
    });
    await screen.findByText('Card fee');
    expect(screen.getByText('Card fee').nextElementSibling?.textContent).toBe('$0.28');
    expect(screen.getByText('Tax').nextElementSibling?.textContent).toBe('$1.00');
    send({
      kind: 'state',
      state: { ...saleState, lines: [book], discount: null, tax: '0.91', taxIncluded: true, total: '10.00' },
    });
    await screen.findByText('Tax included');
    expect(screen.getByText('Tax included').nextElementSibling?.textContent).toBe('$0.91');
    expect(screen.queryByText('Tax')).toBeNull();
  });

  it('ignores a message that is not a display state (unknown fields, unbounded or malformed amounts)', async () => {
    openDisplay();
    await screen.findByText('Welcome to');
    send({ kind: 'state', state: { ...saleState, cashier: 'Chris' } });
    send({ kind: 'state', state: { ...saleState, total: '12.1' } });
    send({ kind: 'state', state: { ...saleState, lines: Array.from({ length: 201 }, () => saleState.lines[1]) } });
    send('<img src=x onerror=alert(1)>');
    // A good state sent after them is the first one shown.
    send({ kind: 'state', state: { ...saleState, total: '99.99' } });
    await screen.findByRole('heading', { level: 1, name: 'Your purchase' });
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$99.99');
    expect(document.body.textContent).not.toContain('Chris');
  });
});
