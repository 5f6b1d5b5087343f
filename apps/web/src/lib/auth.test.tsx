import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer, userWithRole } from '@/test/server';
import { AuthProvider, useAuth, useStoreTimeZone } from './auth';
import { createQueryClient } from './query-client';

/** The session carries the store's time zone (spec §7 GET /auth/session `storeTimeZone`). */

const tillZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const storeZone = tillZone === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
const manager = userWithRole('manager');

/** What a screen reads: who is signed in and the zone it counts days in. */
function Probe({ name }: { name: string }) {
  const { user, loginWithPin } = useAuth();
  const zone = useStoreTimeZone();
  return (
    <div>
      <p data-testid={`${name}-user`}>{user?.role ?? 'signed out'}</p>
      <p data-testid={`${name}-zone`}>{zone ?? 'loading'}</p>
      <button type="button" onClick={() => void loginWithPin('7391')}>
        Sign in {name}
      </button>
    </div>
  );
}

/** Two screens reading the zone at once, as the POS home and a report could. */
function renderTwoScreens() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Probe name="a" />
        <Probe name="b" />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

type FetchMock = ReturnType<typeof mockServer>;
const sessionReads = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([url]) => url === '/auth/session').length;

describe('useStoreTimeZone', () => {
  it('reads the zone from the one session answer: no second request', async () => {
    const fetchMock = mockServer({ 'GET /auth/session': () => json(200, { user: manager, storeTimeZone: storeZone }) });
    renderTwoScreens();
    await waitFor(() => expect(screen.getByTestId('a-zone').textContent).toBe(storeZone));
    expect(screen.getByTestId('b-zone').textContent).toBe(storeZone);
    expect(screen.getByTestId('a-user').textContent).toBe('manager');
    expect(sessionReads(fetchMock)).toBe(1);
  });

  it("uses the till's own zone when the server names none, or one the browser does not know", async () => {
    mockServer({ 'GET /auth/session': () => json(200, { user: manager }) });
    renderTwoScreens();
    await waitFor(() => expect(screen.getByTestId('a-user').textContent).toBe('manager'));
    expect(screen.getByTestId('a-zone').textContent).toBe(tillZone);

    mockServer({ 'GET /auth/session': () => json(200, { user: manager, storeTimeZone: 'Mars/Olympus_Mons' }) });
    renderTwoScreens();
    await waitFor(() => expect(screen.getAllByTestId('b-user')[1]?.textContent).toBe('manager'));
    expect(screen.getAllByTestId('b-zone')[1]?.textContent).toBe(tillZone);
  });

  it("after a PIN sign-in whose answer names no zone, uses the till's zone without a second read", async () => {
    const fetchMock = mockServer({
      'GET /auth/session': () => json(401, { message: 'Not signed in' }),
      'POST /auth/pin': () => json(200, { user: manager }),
    });
    renderTwoScreens();
    // Signed out, the zone falls back to the till's.
    await waitFor(() => expect(screen.getByTestId('a-zone').textContent).toBe(tillZone));
    expect(screen.getByTestId('a-user').textContent).toBe('signed out');
    expect(sessionReads(fetchMock)).toBe(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in a' }));
    await waitFor(() => expect(screen.getByTestId('a-user').textContent).toBe('manager'));
    expect(screen.getByTestId('a-zone').textContent).toBe(tillZone);
    expect(screen.getByTestId('b-zone').textContent).toBe(tillZone);
    // The same rule as a session answer without a zone: no request of its own.
    expect(sessionReads(fetchMock)).toBe(1);
  });

  it('takes the zone from a sign-in answer that names it, without asking again', async () => {
    const fetchMock = mockServer({
      'GET /auth/session': () => json(401, { message: 'Not signed in' }),
      'POST /auth/pin': () => json(200, { user: manager, storeTimeZone: storeZone }),
    });
    renderTwoScreens();
    await waitFor(() => expect(screen.getByTestId('a-zone').textContent).toBe(tillZone));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in b' }));
    await waitFor(() => expect(screen.getByTestId('a-zone').textContent).toBe(storeZone));
    expect(screen.getByTestId('a-user').textContent).toBe('manager');
    expect(sessionReads(fetchMock)).toBe(1);
  });
});
