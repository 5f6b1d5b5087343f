import type { HeldSale } from '@retail-hub/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HeldSalesDialog } from './held-sales-dialog';
import { HoldDialog } from './hold-dialog';

/** Issue #35 item 3: holding a cart under a name or table number, and the list with each one's age. */
describe('Hold Sale dialog', () => {
  it('asks for a name or table number, refuses an empty or too long one, and holds the trimmed name on Enter', async () => {
    const user = userEvent.setup();
    const onHold = vi.fn();
    renderWithProviders(<HoldDialog opened itemCount={3} isHolding={false} onClose={() => {}} onHold={onHold} />);
    expect(
      await screen.findByText('3 items will wait for any till of this store. No stock is held until the sale is paid.'),
    ).toBeInTheDocument();
    const field = screen.getByLabelText(/Name or table number/);
    await user.click(screen.getByRole('button', { name: 'Hold Sale' }));
    expect(await screen.findByText('Enter a name or table number')).toBeInTheDocument();
    expect(onHold).not.toHaveBeenCalled();
    await user.type(field, 'x'.repeat(41));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('A name or table number can have at most 40 characters')).toBeInTheDocument();
    expect(onHold).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '  Table 4  {Enter}');
    expect(onHold).toHaveBeenCalledTimes(1);
    expect(onHold).toHaveBeenCalledWith('Table 4');
  });

  it('Cancel closes without holding', async () => {
    const user = userEvent.setup();
    const onHold = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<HoldDialog opened itemCount={1} isHolding={false} onClose={onClose} onHold={onHold} />);
    expect(await screen.findByText(/1 item will wait/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onHold).not.toHaveBeenCalled();
  });
});

describe('Held Sales dialog', () => {
  const now = Date.now();
  const held = (id: string, label: string, minutesAgo: number): HeldSale => ({
    id,
    storeId: 's',
    shiftId: 1,
    terminalId: null,
    label,
    lines: [
      { productId: 'p1', productName: 'Latte', variantName: 'Large', quantity: 2, unitPrice: '5.00' },
      {
        productId: 'p2',
        productName: 'Muffin',
        quantity: 1,
        unitPrice: '3.50',
        discount: { type: 'percent', value: 10 },
      },
    ],
    discount: null,
    createdBy: 'u',
    createdByName: 'Ann Till',
    createdAt: new Date(now - minutesAgo * 60_000 - 5_000).toISOString(),
  });

  it('lists each with its items, total at the held prices, age and who held it; Resume names the sale', async () => {
    const user = userEvent.setup();
    const onResume = vi.fn();
    renderWithProviders(
      <HeldSalesDialog
        opened
        heldSales={[held('a', 'Table 4', 12), { ...held('b', 'Sam', 65), offline: true }]}
        isLoading={false}
        resumingId={null}
        onClose={() => {}}
        onResume={onResume}
      />,
    );
    const rows = await screen.findAllByTestId('held-sale');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Table 4')).toBeInTheDocument();
    expect(first.getByTestId('held-sale-age').textContent).toBe('12 min');
    expect(first.getByText('2 × Latte (Large), 1 × Muffin')).toBeInTheDocument();
    // 2 × 5.00 + 3.50 less 10% (0.35) = 13.15
    expect(first.getByText('$13.15 · held by Ann Till')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByTestId('held-sale-age').textContent).toBe('1 h 5 min');
    expect(second.getByText('Offline: this till only')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume Sam' }));
    expect(onResume).toHaveBeenCalledWith(expect.objectContaining({ id: 'b', label: 'Sam' }));
  });

  it('says when there is none', async () => {
    renderWithProviders(
      <HeldSalesDialog
        opened
        heldSales={[]}
        isLoading={false}
        resumingId={null}
        onClose={() => {}}
        onResume={() => {}}
      />,
    );
    expect(await screen.findByText('No held sales.')).toBeInTheDocument();
  });
});
