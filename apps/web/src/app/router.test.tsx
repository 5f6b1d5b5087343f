import { SCREENS } from '@retail-hub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { paths } from './paths';

const signedOut = () => mockServer(sessionHandlers(null));
const signedInAs = (role: Parameters<typeof userWithRole>[0]) => mockServer(sessionHandlers(userWithRole(role)));
const waitForPath = (router: ReturnType<typeof renderApp>['router'], path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 2000 });

describe('route table (spec §2)', () => {
  it('has a path constant for every screen of the route table', () => {
    expect(Object.values(paths).sort()).toEqual(SCREENS.map((s) => s.path).sort());
  });

  it('shows a spinner while the session is being checked', async () => {
    let answer: (response: Response) => void = () => {};
    mockServer({ 'GET /auth/session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer(json(401, { message: 'Not signed in' }));
    expect(await screen.findByRole('heading', { name: 'Retail Hub' })).toBeInTheDocument();
  });
});

describe('signed out (spec §2, §4 Session, §8 Unauthorized)', () => {
  it('shows the landing page at / with a PIN Login button', async () => {
    signedOut();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Retail Hub' })).toBeInTheDocument();
    expect(screen.getByText('Professional Point of Sale & Procurement System')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PIN Login' }).getAttribute('href')).toBe('/pin-login');
  });

  it('shows the PIN login at /pin-login without any warning', async () => {
    signedOut();
    renderApp('/pin-login');
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it('answers a protected screen with the PIN login, an Unauthorized toast and /pin-login after 500 ms', async () => {
    signedOut();
    const { router } = renderApp('/inventory');
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inventory');
    await waitForPath(router, '/pin-login');
  });

  it('treats an unknown path like any protected one', async () => {
    signedOut();
    const { router } = renderApp('/no-such-screen');
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    await waitForPath(router, '/pin-login');
  });

  it('asks for authentication on the asset checkout and redirects after 1 second', async () => {
    signedOut();
    const { router } = renderApp('/asset-checkout');
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to access asset checkout.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.pathname).toBe('/asset-checkout');
    await waitForPath(router, '/pin-login');
  });

  it('treats a failed session check as signed out and only logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockServer({ 'GET /auth/session': () => json(500, { message: 'Internal Server Error' }) });
    renderApp('/pin-login');
    expect(await screen.findByLabelText('PIN', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  }, 10_000);

  it('signs in from a deep link and lands on the role home', async () => {
    mockServer({
      ...sessionHandlers(null),
      'POST /auth/pin': () => json(200, { user: userWithRole('super_admin') }),
    });
    const { router } = renderApp('/pin-login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('PIN'), '7391{Enter}');
    await waitForPath(router, '/super-admin');
    expect(await screen.findByText('Developer Access')).toBeInTheDocument();
  });
});

describe('signed in (spec §2, §6 Screen access)', () => {
  it.each([
    ['super_admin', '/super-admin'],
    ['manager', '/'],
    ['cashier', '/pos'],
    ['department_manager', '/pos'],
    ['procurement_admin', '/pos'],
  ] as const)('sends a signed-in %s from /pin-login to %s', async (role, home) => {
    signedInAs(role);
    const { router } = renderApp('/pin-login');
    await waitForPath(router, home);
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    signedInAs('manager');
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('keeps a cashier out of role management with the super-administrator message', async () => {
    signedInAs('cashier');
    renderApp('/role-management');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Only Super Administrators can access the Role Management system.')).toBeInTheDocument();
  });

  it('keeps a cashier out of inventory with a toast and a card naming managers and developers', async () => {
    signedInAs('cashier');
    renderApp('/inventory');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByText('Only managers and developers can add and edit products.')).toHaveLength(2);
  });

  it('keeps a cashier out of analytics with a toast and a card naming managers and developers', async () => {
    signedInAs('cashier');
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByText('Only managers and developers can view institutional analytics.')).toHaveLength(2);
  });

  it('tells a cashier the expense tracker needs manager privileges', async () => {
    signedInAs('cashier');
    renderApp('/expenses');
    expect(await screen.findByText('Access Denied. Manager privileges required.')).toBeInTheDocument();
  });

  it('sends a cashier away from department management after 1 second with a toast', async () => {
    signedInAs('cashier');
    const { router } = renderApp('/departments');
    expect(await screen.findByText('Access Denied', { selector: '.mantine-Notification-title' })).toBeInTheDocument();
    // Issue #30 item 23: the reason once, in the toast; the panel does not repeat it.
    expect(screen.getAllByText('Manager or Developer access required for department management.')).toHaveLength(1);
    expect(screen.getByText('Taking you back to Interface Selection…')).toBeInTheDocument();
    await waitForPath(router, '/');
  });

  it('sends a cashier away from user management after 1 second with a toast', async () => {
    signedInAs('cashier');
    const { router } = renderApp('/users');
    expect(await screen.findByText('Access Denied', { selector: '.mantine-Notification-title' })).toBeInTheDocument();
    expect(screen.getAllByText('Manager or Developer access required for user management.')).toHaveLength(1);
    await waitForPath(router, '/');
  });

  it('sends a cashier away from any other forbidden screen after 1 second', async () => {
    signedInAs('cashier');
    const { router } = renderApp('/super-admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    await waitForPath(router, '/');
  });

  it('lets a manager open the expense tracker', async () => {
    signedInAs('manager');
    renderApp('/expenses');
    expect(await screen.findByRole('heading', { name: 'Expense Tracker', level: 1 })).toBeInTheDocument();
  });

  it('shows the developer dashboard badge and shortcuts to a super admin', async () => {
    signedInAs('super_admin');
    renderApp('/super-admin');
    expect(await screen.findByText('Developer Access')).toBeInTheDocument();
    // The header's back link and the shortcut both lead to the interface selection.
    const toChooser = screen.getAllByRole('link', { name: 'Interface Selection' });
    expect(toChooser.map((link) => link.getAttribute('href'))).toEqual(['/', '/']);
    expect(screen.getByRole('link', { name: 'POS' }).getAttribute('href')).toBe('/pos');
    expect(screen.getByRole('link', { name: 'Procurement' }).getAttribute('href')).toBe('/procurement-dashboard');
  });

  it('signs the user out with the Unauthorized toast when a call answers 401 mid-session', async () => {
    signedInAs('manager');
    const { queryClient, router } = renderApp('/reports');
    await screen.findByRole('heading', { name: 'Reports', level: 1 });
    mockServer({ ...sessionHandlers(null), 'GET /api/transactions': () => json(401, { message: 'Session expired' }) });
    await queryClient.fetchQuery({ queryKey: ['/api/transactions'] }).catch(() => undefined);
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    await waitForPath(router, '/pin-login');
  });
});
