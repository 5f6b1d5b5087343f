import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { userWithRole } from '@/test/server';
import { CashierHeader } from './cashier-header';

describe('the till header (issue #32 item 2)', () => {
  it('shows the store only when it is given (several stores), never with one', () => {
    const user = userWithRole('cashier');
    const { unmount } = renderWithProviders(<CashierHeader user={user} />);
    expect(screen.queryByTestId('till-store')).toBeNull();
    unmount();
    renderWithProviders(<CashierHeader user={user} storeName="Library Café" />);
    expect(screen.getByTestId('till-store').textContent).toBe('Library Café');
  });
});
