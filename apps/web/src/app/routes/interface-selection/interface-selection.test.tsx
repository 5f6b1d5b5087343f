import { ROLES, type Role } from '@retail-hub/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { chooserColumns, interfaceCardsFor } from './interface-cards';

const EXPECTED_CARDS: Record<Role, string[]> = {
  cashier: ['POS System'],
  // Issue #16: their way into the stores screens, beside the spec's card.
  department_manager: ['POS System', 'Stores & Purchasing'],
  procurement_admin: ['POS System', 'Stores & Purchasing'],
  manager: ['POS System', 'Procurement Management'],
  super_admin: ['POS System', 'Procurement Management', 'Users', 'Developer Dashboard'],
};

const EXPECTED_COLUMNS: Record<Role, number> = {
  cashier: 1,
  department_manager: 1,
  procurement_admin: 1,
  manager: 2,
  super_admin: 3,
};

async function openChooserAs(role: Role, path = '/') {
  mockServer(sessionHandlers(userWithRole(role)));
  const view = renderApp(path);
  await screen.findByText('Choose your interface to get started with your business management experience');
  return view;
}

describe('interface chooser (spec §2, §6 Interface cards)', () => {
  it.each(ROLES)('offers a %s exactly the cards of their role', (role) => {
    expect(interfaceCardsFor(role).map((card) => card.title)).toEqual(EXPECTED_CARDS[role]);
    expect(chooserColumns(role)).toBe(EXPECTED_COLUMNS[role]);
  });

  it.each(ROLES)('shows a %s their cards in the right number of columns', async (role) => {
    await openChooserAs(role);
    const grid = screen.getByTestId('interface-grid');
    expect(grid.dataset.columns).toBe(String(EXPECTED_COLUMNS[role]));
    const titles = within(grid)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(EXPECTED_CARDS[role]);
  });

  it('sends each card to its interface', async () => {
    await openChooserAs('super_admin');
    const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('POS System')).toBe('/pos-dashboard');
    expect(hrefOf('Procurement Management')).toBe('/procurement-dashboard');
    expect(hrefOf('Users')).toBe('/admin/staff');
    expect(hrefOf('Developer Dashboard')).toBe('/super-admin');
  });

  it('describes what the procurement card covers', async () => {
    await openChooserAs('manager');
    const card = screen.getByTestId('interface-card-procurement');
    for (const topic of ['Department management', 'asset checkout', 'advanced analytics', 'user management']) {
      expect(card.textContent).toContain(topic);
    }
  });

  it('shows the header with initials, name, role and Logout, at /interface-selection too', async () => {
    await openChooserAs('manager', '/interface-selection');
    const identity = screen.getByTestId('user-identity');
    expect(identity.textContent).toContain('ML');
    expect(identity.textContent).toContain('Morgan Lee');
    expect(identity.textContent).toContain('Manager');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('falls back to the e-mail when the user has no name', async () => {
    mockServer(
      sessionHandlers(userWithRole('cashier', { firstName: null, lastName: null, email: 'till3@store.test' })),
    );
    renderApp('/');
    const identity = await screen.findByTestId('user-identity');
    expect(identity.textContent).toContain('till3@store.test');
  });

  it('tells a cashier that procurement is usually used by managers', async () => {
    await openChooserAs('cashier');
    expect(screen.getByTestId('cashier-note').textContent).toContain('optimised for your daily sales tasks');
    expect(screen.getByTestId('cashier-note').textContent).toContain('usually used by managers');
  });

  it('does not show the cashier note to a manager', async () => {
    await openChooserAs('manager');
    expect(screen.queryByTestId('cashier-note')).toBeNull();
  });

  it('logs out to the PIN login screen without an Unauthorized warning', async () => {
    const { router } = await openChooserAs('manager');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pin-login');
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });
});
