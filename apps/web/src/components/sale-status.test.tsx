import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosDashboard } from '@/features/pos/dashboard/pos-dashboard';
import { SalesHistory } from '@/features/sales-history/sales-history';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

/**
 * Issue #30 item 18: voided sales looked like ordinary sales in Recent Transactions, and a partly
 * refunded sale showed only COMPLETED in the history list.
 */
const sale = (id: string, status: string, total: string) => ({
  id,
  userId: 'user-manager',
  shiftId: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  subtotal: total,
  tax: '0.00',
  total,
  paymentMethod: 'cash',
  referenceCode: null,
  notes: null,
  status,
  items: [{ quantity: 1, variantName: null, product: { id: 'p-1', name: 'Lamp' } }],
  user: { firstName: 'Morgan', lastName: 'Lee' },
});

describe('sales marked as they stand (issue #30 item 18)', () => {
  it('Recent Transactions on the POS dashboard marks a voided sale and strikes its amount', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/transactions': () =>
        json(200, [
          sale('00000000-0000-4000-8000-0000000aaaa1', 'voided', '25.00'),
          sale('00000000-0000-4000-8000-0000000bbbb2', 'completed', '12.00'),
        ]),
    });
    renderWithProviders(<PosDashboard />);
    const panel = await screen.findByTestId('recent-transactions');
    const rows = await within(panel).findAllByTestId('recent-transaction');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('sale-status').textContent).toBe('Voided');
    expect(within(rows[0] as HTMLElement).getByText('$25.00').style.textDecoration).toBe('line-through');
    expect(within(rows[1] as HTMLElement).queryByTestId('sale-status')).toBeNull();
  });

  it('the sales history list shows a partly refunded sale’s refunds, not just Completed', async () => {
    const row = (id: string, status: string, refundCount: number, refundedTotal: string) => ({
      id,
      number: id.slice(-6).toUpperCase(),
      createdAt: '2026-11-28T10:00:00.000Z',
      shiftId: 1,
      status,
      cashier: { id: 'u-1', firstName: 'Chris', lastName: 'Cashier' },
      paymentMethod: 'cash',
      subtotal: '20.00',
      tax: '0.00',
      total: '20.00',
      itemCount: 2,
      refundCount,
      refundedTotal,
    });
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/sales-history': () =>
        json(200, {
          items: [
            row('00000000-0000-4000-8000-0000003e5550', 'completed', 1, '10.00'),
            row('00000000-0000-4000-8000-0000003e5551', 'completed', 2, '20.00'),
            row('00000000-0000-4000-8000-0000003e5552', 'voided', 0, '0.00'),
            row('00000000-0000-4000-8000-0000003e5553', 'completed', 0, '0.00'),
          ],
          nextCursor: null,
          scope: 'all',
        }),
    });
    renderWithProviders(<SalesHistory title="Sales History" />);
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((r) => within(r).getByTestId('sale-status').textContent)).toEqual([
      'Partly refunded$10.00 back · 1 refund',
      'Refunded$20.00 back · 2 refunds',
      'Voided',
      'Completed',
    ]);
  });
});
