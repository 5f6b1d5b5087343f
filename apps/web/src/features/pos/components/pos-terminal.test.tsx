import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

/** The terminal at /pos against a stubbed server (spec §2 POS terminal, §4, §5, §8 Transactions). */

const cashier = userWithRole('cashier', { id: '3f1c9d2e-0000-4000-8000-00000a1b2c3d' });

const product = (overrides: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Blueberry Muffin',
  description: null,
  price: '4.00',
  sku: 'BAK-MUFF-01',
  categoryId: 'c1',
  category: { id: 'c1', name: 'Bakery' },
  stock: 24,
  lowStockThreshold: 10,
  isActive: true,
  imageUrl: null,
  hasVariants: false,
  assetType: 'regular',
  location: null,
  isCheckoutRequired: false,
  ...overrides,
});

const LATTE_ID = '00000000-0000-4000-8000-000000000004';

const PRODUCTS = [
  product({}),
  product({ id: LATTE_ID, name: 'Latte', sku: 'COF-LATT-01', price: '3.00', hasVariants: true }),
  product({ id: '00000000-0000-4000-8000-000000000002', name: 'Kombucha', sku: 'DRK-KOMB-01', stock: 0 }),
  product({
    id: '00000000-0000-4000-8000-000000000003',
    name: 'Cordless Drill',
    sku: 'AST-DRIL-01',
    assetType: 'tool',
  }),
];

const openShift = {
  id: 7,
  cashierId: cashier.id,
  startedAt: '2024-06-03T08:00:00.000Z',
  endedAt: null,
  isOpen: true,
  openingFloat: '100.00',
  countedCash: null,
};

const recordedSale = {
  id: '11111111-2222-4333-8444-5555aa66bb77',
  number: '66BB77',
  createdAt: '2024-06-03T09:00:00.000Z',
  total: '4.00',
  changeDue: '1.00',
  items: [],
  receipt: {
    items: [{ name: 'Blueberry Muffin', quantity: 1, total: '4.00' }],
    subtotal: '4.00',
    tax: '0.00',
    total: '4.00',
    paymentMethod: 'cash',
    amountReceived: '5.00',
    changeDue: '1.00',
    referenceCode: null,
    notes: null,
    cashierName: 'Casey Cash',
    timestamp: '2024-06-03T09:00:00.000Z',
  },
};

const size = (name: string, cents: number, sortOrder: number, stock = 20) => ({
  variantId: null,
  name,
  priceCents: cents,
  price: (cents / 100).toFixed(2),
  stock,
  sortOrder,
});

const LATTE_SIZES = [
  size('Dine In Small Cup', 300, 0),
  size('Dine In Big Cup', 400, 1, 0),
  size('Takeaway Small Cup', 350, 2),
  size('Takeaway Big Cup', 450, 3),
];

type SaleHandler = Parameters<typeof mockServer>[0][string];

type ShiftAnswer = typeof openShift | null;

function renderTerminal({
  shift = openShift,
  sale,
  extra = {},
}: {
  /** The current shift, or one answer per call (the last one repeats). */
  shift?: ShiftAnswer | ShiftAnswer[];
  sale?: SaleHandler;
  /** More handlers, e.g. one product read by id. */
  extra?: Record<string, SaleHandler>;
} = {}) {
  const shiftAnswers = Array.isArray(shift) ? [...shift] : [shift];
  const fetchMock = mockServer({
    ...sessionHandlers(cashier),
    'GET /api/products': () => json(200, PRODUCTS),
    'GET /api/categories': () => json(200, [{ id: 'c1', name: 'Bakery' }]),
    'GET /api/shifts/current': () =>
      json(200, { shift: shiftAnswers.length > 1 ? shiftAnswers.shift() : shiftAnswers[0] }),
    'POST /api/transactions': sale ?? (() => json(201, recordedSale)),
    [`GET /api/products/${LATTE_ID}/size-options`]: () => json(200, LATTE_SIZES),
    ...extra,
  });
  renderApp('/pos');
  return { fetchMock, user: userEvent.setup() };
}

const saleCalls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/transactions') && init?.method === 'POST');

async function addMuffinAndOpenSale(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Blueberry Muffin/ }));
  await user.click(screen.getByRole('tab', { name: /Current Sale/ }));
}

describe('the POS terminal', () => {
  it('shows who is selling: full name, Cashier, the last 6 characters of the id and the tracking banner', async () => {
    renderTerminal();
    const header = await screen.findByTestId('cashier-header');
    expect(header.textContent).toContain('Casey Cash');
    expect(header.textContent).toContain('Cashier · ID 1B2C3D');
    expect(within(header).getByText('All sales are tracked to Casey Cash')).toBeInTheDocument();
  });

  it('the Customer Menu hides institutional assets; All Inventory shows them', async () => {
    const { user } = renderTerminal();
    await screen.findByRole('button', { name: /^Blueberry Muffin/ });
    expect(screen.queryByRole('button', { name: /^Cordless Drill/ })).toBeNull();
    await user.click(screen.getByText('All Inventory'));
    expect(screen.getByRole('button', { name: /^Cordless Drill/ })).toBeInTheDocument();
  });

  it('an out-of-stock product shows the overlay and cannot be added', async () => {
    const { user } = renderTerminal();
    const kombucha = await screen.findByRole('button', { name: /^Kombucha.*out of stock/ });
    expect(within(kombucha).getByTestId('out-of-stock-overlay')).toBeInTheDocument();
    await user.click(kombucha);
    expect(await screen.findByText('Kombucha is out of stock.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-count').textContent).toBe('0 items');
  });

  it('checkout with an empty cart is refused', async () => {
    const { user, fetchMock } = renderTerminal();
    await screen.findByRole('button', { name: /^Blueberry Muffin/ });
    await user.click(screen.getByRole('tab', { name: /Current Sale/ }));
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Please add items to cart before checkout.')).toBeInTheDocument();
    expect(saleCalls(fetchMock)).toHaveLength(0);
  });

  it('without an open shift, checkout opens the shift prompt instead of selling', async () => {
    const { user, fetchMock } = renderTerminal({ shift: null });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Please start your shift before making sales.')).toBeInTheDocument();
    expect(screen.getByText('A shift must be started before you can make sales.')).toBeInTheDocument();
    expect(saleCalls(fetchMock)).toHaveLength(0);
  });

  it("the server's 'shift' refusal opens the shift prompt too (the shift ended elsewhere)", async () => {
    const { user } = renderTerminal({
      shift: [openShift, null],
      sale: () => json(409, { code: 'pos.shift_required', message: 'Start a shift before making sales.' }),
    });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Please start your shift before making sales.')).toBeInTheDocument();
    expect(await screen.findByText('A shift must be started before you can make sales.')).toBeInTheDocument();
  });

  it("shows the server's stock refusal and keeps the sale", async () => {
    const { user } = renderTerminal({
      sale: () =>
        json(409, { code: 'pos.insufficient_stock', message: 'Only 0 units available for Blueberry Muffin.' }),
    });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Only 0 units available for Blueberry Muffin.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-count').textContent).toBe('1 item');
  });

  it('a totals refusal reprices the cart from each product read by id (any page of the catalogue)', async () => {
    let saleCount = 0;
    const { user } = renderTerminal({
      extra: { 'GET /api/products/00000000-0000-4000-8000-000000000001': () => json(200, product({ price: '4.50' })) },
      sale: () =>
        ++saleCount === 1
          ? json(409, { code: 'pos.totals_mismatch', message: 'Prices have changed. Please review the cart.' })
          : json(201, recordedSale),
    });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    await waitFor(() => expect(screen.getByTestId('total-Total').textContent).toBe('$4.50'));
    expect(saleCount).toBe(1);
  });

  // Issue #34 item 2: a rate set on the category after the muffin was rung up (or a held sale
  // resumed): the refusal reprices the cart with the rate in force, and the retry charges it.
  it('a totals refusal also takes the tax rate in force now', async () => {
    let saleCount = 0;
    const { user } = renderTerminal({
      extra: {
        'GET /api/categories': () => json(200, [{ id: 'c1', name: 'Bakery', taxRateId: 'r10' }]),
        'GET /api/tax-rates': () =>
          json(200, saleCount === 0 ? [] : [{ id: 'r10', name: 'Standard', rate: '10.00', createdAt: '2026-11-29' }]),
        'GET /api/settings/tax': () => json(200, { pricesIncludeTax: false }),
        'GET /api/products/00000000-0000-4000-8000-000000000001': () => json(200, product({ price: '4.00' })),
      },
      sale: () =>
        ++saleCount === 1
          ? json(409, { code: 'pos.totals_mismatch', message: 'Prices have changed. Please review the cart.' })
          : json(201, recordedSale),
    });
    await addMuffinAndOpenSale(user);
    expect(screen.getByTestId('total-Total').textContent).toBe('$4.00');
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    await waitFor(() => expect(screen.getByTestId('total-Total').textContent).toBe('$4.40'));
    expect(screen.getByText('Tax (10%)')).toBeInTheDocument();
  });

  it('a large catalogue shows one page with its count, and Show more asks the server for the next', async () => {
    const { user, fetchMock } = renderTerminal({
      extra: { 'GET /api/products': () => json(200, PRODUCTS, { 'X-Total-Count': '1234' }) },
    });
    const paging = await screen.findByTestId('product-paging');
    expect(paging.textContent).toContain(`Showing ${PRODUCTS.length} of 1,234 products`);
    const productCalls = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/products?'));
    expect(productCalls().at(-1)).toContain('assetType=regular');
    expect(productCalls().at(-1)).toContain('limit=60');
    await user.click(within(paging).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(productCalls().at(-1)).toContain('limit=120'));
  });

  it('any other failure says so in the words of the spec', async () => {
    const { user } = renderTerminal({ sale: () => json(500, { message: 'Internal Server Error' }) });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Failed to process transaction. Please try again.')).toBeInTheDocument();
  });

  it('a completed sale clears the cart and offers Print Receipt or Skip', async () => {
    const { user, fetchMock } = renderTerminal();
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Quick amount $5' }));
    expect(screen.getByTestId('change-due').textContent).toBe('$1.00');
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));

    const dialog = await screen.findByRole('dialog', { name: 'Transaction Complete' });
    expect(within(dialog).getByRole('button', { name: 'Print Receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count').textContent).toBe('0 items');
    const [call] = saleCalls(fetchMock);
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ subtotal: '4.00', tax: '0.00', total: '4.00', amountReceived: '5.00' });
    // A time-ordered v7 key (issue #38): the server's unique index grows at its right-most page.
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transaction Complete' })).toBeNull());
  });

  it('a sale whose answer was lost is retried with the same Idempotency-Key', { timeout: 15_000 }, async () => {
    let attempts = 0;
    const { user, fetchMock } = renderTerminal({
      sale: () => {
        attempts += 1;
        // The first tap: the request and its automatic retries all fail on the wire.
        if (attempts <= 4) throw new TypeError('Failed to fetch');
        return json(200, recordedSale);
      },
    });
    await addMuffinAndOpenSale(user);
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    const alert = await screen.findByTestId('sale-connection-error', {}, { timeout: 8_000 });
    expect(alert.textContent).toContain('Connection Error');
    expect(alert.textContent).toContain('Unable to connect to the server. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('dialog', { name: 'Transaction Complete' });
    expect(screen.queryByTestId('sale-connection-error')).toBeNull();
    const keys = saleCalls(fetchMock).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
  });

  it('a sale the server never answers stops after 15 s with the connection error; Retry reuses the key', async () => {
    // Issue #13 item 18: the button used to spin forever (28 s watched, no message).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let attempts = 0;
      const { user, fetchMock } = renderTerminal({
        sale: ({ init }) => {
          attempts += 1;
          if (attempts > 1) return json(200, recordedSale);
          // The first request hangs until the terminal gives up on it (as fetch does on abort).
          return new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        },
      });
      await addMuffinAndOpenSale(user);
      await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
      await act(() => vi.advanceTimersByTimeAsync(14_000));
      expect(screen.queryByTestId('sale-connection-error')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      const alert = await screen.findByTestId('sale-connection-error');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toContain('Connection Error');
      expect(alert.textContent).toContain('Unable to connect to the server. Please try again.');
      expect(screen.getByRole('button', { name: 'Complete Sale' })).toBeEnabled();
      // The cart is kept for the retry.
      expect(screen.getByTestId('cart-count').textContent).toBe('1 item');

      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await screen.findByRole('dialog', { name: 'Transaction Complete' });
      const keys = saleCalls(fetchMock).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  // Each test types a whole sale: more time than the default on a busy two-core machine.
  describe('with the keyboard only (issue #22)', { timeout: 40_000 }, () => {
    const search = () => screen.getByRole('textbox', { name: 'Search products' }) as HTMLInputElement;
    const lines = () => screen.queryAllByTestId('cart-line').map((line) => line.textContent);

    it('scan, size key, F9 and S ring up a sale, and the search box is ready for the next scan', async () => {
      const { user, fetchMock } = renderTerminal();
      await screen.findByRole('button', { name: /^Blueberry Muffin/ });
      await waitFor(() => expect(document.activeElement).toBe(search()));

      await user.keyboard('BAK-MUFF-01{Enter}');
      await waitFor(() => expect(lines()).toHaveLength(1));
      expect(search().value).toBe('');

      await user.keyboard('COF-LATT-01{Enter}');
      const sizes = await screen.findByRole('dialog', { name: 'Choose Size' });
      await within(sizes).findByRole('button', { name: /^Takeaway Big Cup/ });
      // An out-of-stock size's key says so and keeps the dialog open.
      await user.keyboard('2');
      expect(await screen.findByText('Dine In Big Cup is out of stock.', {}, { timeout: 5_000 })).toBeInTheDocument();
      await user.keyboard('4');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose Size' })).toBeNull());
      expect(lines()[1]).toContain('Takeaway Big Cup');

      // + and − act on the last line while the search box is empty.
      await user.click(search());
      await user.keyboard('+');
      expect(screen.getByTestId('cart-count').textContent).toBe('3 items');
      await user.keyboard('-');
      expect(screen.getByTestId('cart-count').textContent).toBe('2 items');

      await user.keyboard('{Alt>}3{/Alt}');
      expect(screen.getByTestId('change-due').textContent).toBe('$11.50');
      await user.keyboard('{F9}');
      const complete = await screen.findByRole('dialog', { name: 'Transaction Complete' });
      expect(document.activeElement).toBe(within(complete).getByRole('button', { name: 'Print Receipt' }));
      const [call] = saleCalls(fetchMock);
      expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
        paymentMethod: 'cash',
        total: '8.50',
        amountReceived: '20.00',
      });
      await user.keyboard('s');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transaction Complete' })).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(search()));
    });

    it('an unknown scanned SKU shows one toast and clears the box; words stay a search', async () => {
      const { user } = renderTerminal();
      await screen.findByRole('button', { name: /^Blueberry Muffin/ });
      await user.keyboard('ZZZ-404-01{Enter}');
      expect(
        await screen.findByText('No product has the SKU "ZZZ-404-01".', {}, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(screen.getAllByText('Unknown SKU')).toHaveLength(1);
      expect(search().value).toBe('');
      await user.keyboard('muffin{Enter}');
      expect(search().value).toBe('muffin');
      expect(lines()).toHaveLength(0);
    });

    it('Alt+R picks Credit Card, Alt+A goes to the reference, Esc back to the search box, and F9 sells', async () => {
      const { user, fetchMock } = renderTerminal();
      await screen.findByRole('button', { name: /^Blueberry Muffin/ });
      await user.keyboard('BAK-MUFF-01{Enter}');
      await waitFor(() => expect(lines()).toHaveLength(1));
      await user.keyboard('{Alt>}r{/Alt}');
      // Alt+A also shows the sale at tablet width (the tab of these tests).
      await user.keyboard('{Alt>}a{/Alt}');
      expect(screen.getByRole('button', { name: 'Credit Card' }).getAttribute('aria-pressed')).toBe('true');
      const reference = screen.getByRole('textbox', { name: /Reference Code/ });
      await waitFor(() => expect(document.activeElement).toBe(reference));
      // Keys do not fire while typing the reference.
      await user.keyboard('445566{F9}');
      expect(saleCalls(fetchMock)).toHaveLength(0);
      // At tablet width the search box is on the other tab: Esc leaves the field for the sale's keys.
      await user.keyboard('{Escape}');
      expect(document.activeElement).toBe(document.body);
      await user.keyboard('{F9}');
      await screen.findByRole('dialog', { name: 'Transaction Complete' });
      const [call] = saleCalls(fetchMock);
      expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
        paymentMethod: 'credit_card',
        referenceCode: 'VTPD445566',
        total: '4.10',
      });
    });

    it('? opens the legend of every key', async () => {
      const { user } = renderTerminal();
      await screen.findByRole('button', { name: /^Blueberry Muffin/ });
      await user.keyboard('?');
      const legend = await screen.findByRole('dialog', { name: 'Keyboard Shortcuts' });
      for (const text of ['Complete Sale (also from the search box after a scan)', 'Credit Card', 'Quick amount $20']) {
        expect(within(legend).getByText(text)).toBeInTheDocument();
      }
    });
  });
});
