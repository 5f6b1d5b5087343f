import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OutboxEntry, registerTerminalSyncActions, setTerminalSyncState } from '@/lib/offline-bridge';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import { ShiftDialog } from '../shift/shift-dialog';
import { OutboxDialog, SyncStatus } from './sync-status';

const entry = (n: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  key: `key-${n}`,
  receiptNumber: `ABC00${n}`,
  total: '4.00',
  paymentMethod: 'cash',
  cashierName: 'Casey Cash',
  createdAt: '2026-01-05T10:15:00.000Z',
  status: 'pending',
  attempts: 1,
  lastError: 'The server could not be reached.',
  ...overrides,
});

afterEach(() =>
  setTerminalSyncState({ online: true, ready: false, sales: [], pending: 0, refused: 0, needsApproval: 0 }),
);

describe('the terminal says what it has not sent (issue #19)', () => {
  it('shows Online with no badge, then Offline and "N unsynced" in a live region', async () => {
    renderWithProviders(<SyncStatus onOpenOutbox={() => {}} />);
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Online');
    expect(screen.queryByTestId('unsynced-badge')).toBeNull();
    act(() => setTerminalSyncState({ online: false, ready: true, sales: [entry(1), entry(2)], pending: 2 }));
    expect(status.textContent).toContain('Offline');
    expect(within(status).getByTestId('unsynced-badge').textContent).toBe('2 unsynced');
  });

  it('lists a refused sale with the reason and offers to retry it', async () => {
    setTerminalSyncState({
      online: true,
      ready: true,
      sales: [entry(1, { status: 'refused', lastError: 'The amounts of this sale do not add up.' }), entry(2)],
      pending: 1,
      refused: 1,
    });
    renderWithProviders(<OutboxDialog opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Unsynced sales' });
    expect(within(dialog).getByRole('alert').textContent).toContain('1 sale was refused');
    expect(dialog.textContent).toContain('#ABC001');
    expect(dialog.textContent).toContain('The amounts of this sale do not add up.');
    expect(within(dialog).getByRole('button', { name: 'Retry refused sales' })).toBeInTheDocument();
  });

  it('ending a shift with unsynced sales warns, and the button says so', async () => {
    setTerminalSyncState({ online: false, ready: true, sales: [entry(1), entry(2), entry(3)], pending: 3 });
    const shift = {
      id: 7,
      cashierId: 'user-cashier',
      startedAt: '2026-01-05T08:00:00.000Z',
      endedAt: null,
      isOpen: true,
      openingFloat: null,
      countedCash: null,
      storeId: 's1',
    };
    renderWithProviders(<ShiftDialog opened onClose={() => {}} shift={shift} />);
    const warning = await screen.findByTestId('end-shift-unsynced');
    expect(warning.textContent).toContain('3 sales made offline have not reached the server yet');
    expect(screen.getByRole('button', { name: 'End Shift Anyway' })).toBeInTheDocument();
  });

  it('a sale held for a manager’s approval (issue #30 item 16): counted, approved only with a PIN the server accepts, or charged in full', async () => {
    const approveHeld = vi.fn(async () => true);
    const chargeHeldFullPrice = vi.fn(async () => true);
    registerTerminalSyncActions({ syncNow: () => {}, retryRefused: async () => {}, approveHeld, chargeHeldFullPrice });
    const checked: string[] = [];
    mockServer({
      'POST /api/discounts/approval-check': ({ init }) => {
        const pin = JSON.parse(String(init?.body)).approverPin as string;
        checked.push(pin);
        return pin === '4826'
          ? json(200, { approver: { id: 'm-1', name: 'Morgan Manager' }, capPercent: 100 })
          : json(403, { code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
      },
    });
    setTerminalSyncState({
      online: true,
      ready: true,
      sales: [entry(1, { status: 'needs_approval', lastError: null })],
      needsApproval: 1,
    });
    renderWithProviders(
      <>
        <SyncStatus onOpenOutbox={() => {}} />
        <OutboxDialog opened onClose={() => {}} />
      </>,
    );
    expect((await screen.findByTestId('unsynced-badge')).textContent).toBe('1 unsynced');
    const dialog = await screen.findByRole('dialog', { name: 'Unsynced sales' });
    expect(dialog.textContent).toContain('Needs approval');
    expect(within(dialog).getByRole('alert').textContent).toContain('1 sale has a discount above the');

    const pin = within(dialog).getByLabelText('Manager PIN for sale #ABC001');
    fireEvent.change(pin, { target: { value: '3862' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Invalid manager PIN')).toBeInTheDocument();
    expect(approveHeld).not.toHaveBeenCalled();

    fireEvent.change(pin, { target: { value: '4826' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approveHeld).toHaveBeenCalledWith('key-1', '4826'));
    expect(checked).toEqual(['3862', '4826']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge full price' }));
    await waitFor(() => expect(chargeHeldFullPrice).toHaveBeenCalledWith('key-1'));
  });
});
