import { ROLES, type Role } from '@retail-hub/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { posNavItems, procurementNavItems } from './nav-items';

const POS_LINKS: Record<Role, string[]> = {
  cashier: ['POS Dashboard', 'Point of Sale', 'Sales Reports', 'Sales History'],
  department_manager: ['POS Dashboard', 'Point of Sale', 'Sales Reports', 'Sales History', 'Accounts'],
  procurement_admin: ['POS Dashboard', 'Point of Sale', 'Sales Reports', 'Sales History'],
  manager: [
    'POS Dashboard',
    'Point of Sale',
    'Sales Reports',
    'Expense Tracker',
    'Sales History',
    'Z Reports',
    'Accounts',
    'Terminals',
    'Stock Discrepancies',
  ],
  super_admin: [
    'POS Dashboard',
    'Point of Sale',
    'Sales Reports',
    'Expense Tracker',
    'Sales History',
    'Z Reports',
    'Accounts',
    'Terminals',
    'Stock Discrepancies',
  ],
};

/** A role without the Procurement Management card reaches the shell through Asset Checkout (or Stores, issue #16). */
const OUTSIDE_THE_CARD = ['Point of Sale', 'Asset Checkout'];
const PROCUREMENT_LINKS: Record<Role, string[]> = {
  cashier: OUTSIDE_THE_CARD,
  department_manager: [...OUTSIDE_THE_CARD, 'Stores', 'Items & Suppliers', 'Requisitions', 'Assets', 'Workshop Jobs'],
  procurement_admin: [
    ...OUTSIDE_THE_CARD,
    'Stores',
    'Items & Suppliers',
    'Requisitions',
    'Purchase Orders',
    'Purchasing Settings',
    'Assets',
    'Workshop Jobs',
  ],
  manager: [
    'Procurement Dashboard',
    'Point of Sale',
    'Inventory',
    'Reports',
    'Analytics',
    'Departments',
    'Department Management',
    'Asset Checkout',
    'Stores',
    'Items & Suppliers',
    'Requisitions',
    'Purchase Orders',
    'Purchasing Settings',
    'Assets',
    'Workshop Jobs',
  ],
  super_admin: [
    'Procurement Dashboard',
    'Point of Sale',
    'Inventory',
    'Reports',
    'Analytics',
    'Users',
    'Departments',
    'Department Management',
    'Asset Checkout',
    'Stores',
    'Items & Suppliers',
    'Requisitions',
    'Purchase Orders',
    'Purchasing Settings',
    'Assets',
    'Workshop Jobs',
    'Developer Dashboard',
  ],
};

function sidebarLinks(name: string) {
  const nav = screen.getByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('navigation shells (spec §2 Navigation shells, §6 Navigation)', () => {
  it.each(ROLES)('lists the POS sidebar links a %s may use', async (role) => {
    expect(posNavItems(role).map((item) => item.label)).toEqual(POS_LINKS[role]);
    mockServer(sessionHandlers(userWithRole(role)));
    renderApp('/pos');
    await screen.findByRole('heading', { name: 'Point of Sale', level: 1 });
    expect(sidebarLinks('Point of Sale')).toEqual(POS_LINKS[role]);
  });

  it.each(ROLES)('lists the procurement sidebar links a %s may use', async (role) => {
    expect(procurementNavItems(role).map((item) => item.label)).toEqual(PROCUREMENT_LINKS[role]);
    mockServer(sessionHandlers(userWithRole(role)));
    renderApp('/asset-checkout');
    await screen.findByRole('heading', { name: 'Asset Checkout', level: 1 });
    expect(sidebarLinks('Procurement')).toEqual(PROCUREMENT_LINKS[role]);
  });

  it('points the procurement Departments link at /procurement-departments', () => {
    const departments = procurementNavItems('manager').find((item) => item.label === 'Departments');
    expect(departments?.to).toBe('/procurement-departments');
  });

  it('marks the current screen in the sidebar', async () => {
    mockServer(sessionHandlers(userWithRole('manager')));
    renderApp('/pos-reports');
    await screen.findByRole('heading', { name: 'Sales Reports', level: 1 });
    expect(screen.getByRole('link', { name: 'Sales Reports' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Point of Sale' }).getAttribute('aria-current')).toBeNull();
  });

  it('/dashboard shows the procurement dashboard inside the procurement shell', async () => {
    mockServer(sessionHandlers(userWithRole('manager')));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Procurement Dashboard', level: 1 });
    expect(await screen.findByRole('link', { name: /Manage Departments/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('offers a way back to the interface selection and shows who is signed in', async () => {
    mockServer(sessionHandlers(userWithRole('super_admin')));
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'Reports', level: 1 });
    expect(screen.getByRole('link', { name: 'Back to Interface Selection' }).getAttribute('href')).toBe('/');
    const identity = screen.getByTestId('user-identity');
    expect(identity.textContent).toContain('SA');
    expect(identity.textContent).toContain('Sam Admin');
    expect(identity.textContent).toContain('Super Admin');
  });

  it('still lands on the PIN login when the logout call fails', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'POST /auth/logout': () => json(500, { message: 'Internal Server Error' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp('/pos');
    await screen.findByRole('heading', { name: 'Point of Sale', level: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pin-login');
  });
});
