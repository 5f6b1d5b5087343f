import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import { PinGuessingCard } from './pin-guessing-card';

const quiet = { failures: 3, threshold: 50, tripped: false, since: '2026-11-28T09:00:00.000Z' };

describe("the manager's PIN-guessing alert (issue #30 item 4)", () => {
  it('says how many wrong PINs tripped the store breaker and what it slows', async () => {
    mockServer({
      'GET /api/auth/pin-guessing': () =>
        json(200, {
          known: { failures: 50, threshold: 50, tripped: true, since: '2026-11-28T09:00:00.000Z' },
          unknown: { failures: 0, threshold: 100, tripped: false, since: null },
        }),
    });
    renderWithProviders(<PinGuessingCard />);
    const card = await screen.findByTestId('pin-guessing');
    expect(card.textContent).toContain('Possible PIN guessing');
    expect(card.textContent).toContain('50 wrong PINs since');
    expect(card.textContent).toContain('from staff who are signed in or on known tills (limit 50 a day)');
    expect(card.textContent).not.toContain('devices that never signed in');
    expect(screen.getByRole('alert')).toBe(card);
  });

  it('shows nothing while both breakers are below their limits', async () => {
    const fetchMock = mockServer({
      'GET /api/auth/pin-guessing': () => json(200, { known: quiet, unknown: { ...quiet, threshold: 100 } }),
    });
    renderWithProviders(<PinGuessingCard />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('pin-guessing')).toBeNull();
  });
});
