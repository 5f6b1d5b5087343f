import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { LIBRARY, MAIN } from '@/test/stores';
import { ShiftDialog } from './shift-dialog';

/** Issue #32 item 2 (h-storerules): the Start Shift picker offers only the stores the user may sell at. */

describe('Start Shift store picker (issue #32 item 2)', () => {
  it('a cashier limited to Library Café is offered only it, chosen already, and starts there', async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'GET /api/stores': () => json(200, [MAIN, LIBRARY]),
      'GET /api/stores/mine': () => json(200, [LIBRARY]),
      'POST /api/shifts/start': () =>
        json(201, {
          shift: {
            id: 1,
            cashierId: 'c',
            startedAt: '2026-01-01T09:00:00.000Z',
            endedAt: null,
            isOpen: true,
            openingFloat: null,
            countedCash: null,
            storeId: LIBRARY.id,
          },
        }),
    });
    renderWithProviders(<ShiftDialog opened onClose={() => {}} shift={null} stores={[MAIN, LIBRARY]} />);
    const labelled = await screen.findAllByLabelText('Store');
    const picker = labelled.find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('Library Café'));
    await userEvent.click(picker);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Library Café']);
    await userEvent.click(screen.getByRole('button', { name: 'Start Shift' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/shifts/start'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/shifts/start'));
    const init = call?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toMatchObject({ storeId: LIBRARY.id });
  });
});
