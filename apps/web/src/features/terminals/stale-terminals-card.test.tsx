import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import { StaleTerminalsCard } from './stale-terminals-card';

const terminal = (id: string, stale: boolean, unsyncedCount: number) => ({
  id,
  userName: 'Casey Cash',
  lastSeenAt: new Date(Date.now() - 30 * 60_000).toISOString(),
  lastSyncAt: new Date(Date.now() - 42 * 60_000).toISOString(),
  unsyncedCount,
  refusedCount: 0,
  oldestUnsyncedAt: null,
  stale,
});

describe("the manager's stale-terminals card (issue #19)", () => {
  it('names the terminals holding sales whose last sync is old, with a link to the list', async () => {
    mockServer({
      'GET /api/terminals': () =>
        json(200, {
          staleAfterMinutes: 5,
          terminals: [
            terminal('00000000-0000-4000-8000-00000000abcd', true, 3),
            terminal('00000000-0000-4000-8000-00000000ef01', false, 0),
          ],
        }),
    });
    renderWithProviders(<StaleTerminalsCard />);
    const card = await screen.findByTestId('stale-terminals');
    expect(card.textContent).toContain('Terminals not synced');
    expect(card.textContent).toContain('1 terminal holds 3 sales the server does not have yet');
    expect(card.textContent).toContain('Terminal 00ABCD (last sync 42 min ago)');
    expect(card.textContent).not.toContain('00EF01');
    expect(screen.getByRole('link', { name: 'View terminals' }).getAttribute('href')).toBe('/terminals');
  });

  it('shows nothing while every terminal is up to date', async () => {
    const fetchMock = mockServer({
      'GET /api/terminals': () => json(200, { staleAfterMinutes: 5, terminals: [terminal('t-1', false, 0)] }),
    });
    renderWithProviders(<StaleTerminalsCard />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('stale-terminals')).toBeNull();
  });
});
