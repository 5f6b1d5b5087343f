import { DEFAULT_DISCOUNT_CAPS, type Role } from '@retail-hub/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTerminalSyncState } from '@/lib/offline-bridge';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import type { CartLine } from '../cart/cart-reducer';
import { DiscountDialog } from './discount-dialog';

/**
 * Issue #30 item 16: a cashier's own PIN in the manager-approval field put "Sale Discount (50%)"
 * on the cart at once; the refusal came only at Complete Sale. The PIN is checked when it is
 * typed, and offline no discount above the cap is shown as approved.
 */
const lines: CartLine[] = [
  {
    key: 'lamp',
    productId: 'p-lamp',
    variantId: null,
    name: 'Lamp',
    variantName: null,
    price: '20.00',
    priceCents: 2000,
    quantity: 2,
    imageUrl: null,
    stock: 10,
  },
];

/** The seller's role (a variable: the prop is not an ARIA role). */
const SELLER: Role = 'cashier';

function renderDialog(onApply = vi.fn()) {
  renderWithProviders(
    <DiscountDialog
      target={{ kind: 'sale' }}
      lines={lines}
      saleDiscount={null}
      approverPin={null}
      method="cash"
      role={SELLER}
      onApply={onApply}
      onClose={() => {}}
    />,
  );
  return onApply;
}

async function fiftyPercentWithPin(pin: string) {
  fireEvent.change(await screen.findByLabelText('Discount percentage'), { target: { value: '50' } });
  fireEvent.change(await screen.findByLabelText(/Manager PIN/), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply Discount' }));
}

afterEach(() => {
  setTerminalSyncState({ online: true });
});

describe('the discount dialog above the cap (issue #30 item 16)', () => {
  it("checks the PIN when it is typed: the cashier's own PIN is refused and the discount stays off the cart", async () => {
    const checked: string[] = [];
    mockServer({
      'GET /api/settings/discount-caps': () => json(200, { caps: DEFAULT_DISCOUNT_CAPS }),
      'POST /api/discounts/approval-check': ({ init }) => {
        checked.push(JSON.parse(String(init?.body)).approverPin);
        return json(403, { code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
      },
    });
    const onApply = renderDialog();
    await fiftyPercentWithPin('3862');
    expect(await screen.findByText('Invalid manager PIN')).toBeTruthy();
    expect(checked).toEqual(['3862']);
    expect(onApply).not.toHaveBeenCalled();
  });

  it("a manager's PIN the server accepts puts the discount on the cart with that PIN", async () => {
    mockServer({
      'GET /api/settings/discount-caps': () => json(200, { caps: DEFAULT_DISCOUNT_CAPS }),
      'POST /api/discounts/approval-check': () =>
        json(200, { approver: { id: 'm-1', name: 'Morgan Manager' }, capPercent: 100 }),
    });
    const onApply = renderDialog();
    await fiftyPercentWithPin('4826');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ type: 'percent', hundredths: 5000 }, '4826'));
  });

  it('a manager whose own cap is below the discount does not approve it', async () => {
    mockServer({
      'GET /api/settings/discount-caps': () => json(200, { caps: DEFAULT_DISCOUNT_CAPS }),
      'POST /api/discounts/approval-check': () =>
        json(200, { approver: { id: 'm-2', name: 'Dana Lead' }, capPercent: 20 }),
    });
    const onApply = renderDialog();
    await fiftyPercentWithPin('5174');
    expect(await screen.findByText("This discount is above that manager's own cap.")).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offline takes no PIN: the discount goes on unapproved and the sale will wait for a manager', async () => {
    const fetchMock = mockServer({
      'GET /api/settings/discount-caps': () => json(200, { caps: DEFAULT_DISCOUNT_CAPS }),
    });
    setTerminalSyncState({ online: false });
    const onApply = renderDialog();
    fireEvent.change(await screen.findByLabelText('Discount percentage'), { target: { value: '50' } });
    expect((await screen.findByTestId('discount-needs-approval')).textContent).toContain(
      'the sale waits on this terminal until a manager approves it',
    );
    expect(screen.queryByLabelText(/Manager PIN/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Discount' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ type: 'percent', hundredths: 5000 }, undefined));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('approval-check'))).toBe(false);
  });
});
