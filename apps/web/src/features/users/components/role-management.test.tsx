import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aUser } from '../test/fixtures';
import { roleTableName } from './role-management';

type Handlers = Parameters<typeof mockServer>[0];

const admin = userWithRole('super_admin', { id: 'u-admin' });
const USERS = [
  aUser({ id: 'u-admin', role: 'super_admin', firstName: 'Sam', lastName: 'Admin' }),
  aUser({ id: 'u-cashier', role: 'cashier', firstName: null, lastName: null, email: 'casey.cash@store.test' }),
  aUser({ id: 'u-old', role: 'manager', firstName: 'Olive', lastName: 'Old', isActive: false }),
];

function renderRoles(actor = admin, handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(actor),
    'GET /api/users': () => json(200, USERS),
    ...handlers,
  });
  renderApp('/role-management');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 5000 };

describe('Role Management (spec §2, §5, §6)', { timeout: 15_000 }, () => {
  it('shows the five-level hierarchy with each level’s meaning', async () => {
    renderRoles();
    await screen.findByRole('heading', { name: 'Role hierarchy' }, LOAD);
    const levels = screen.getAllByTestId('role-level').map((card) => card.textContent);
    expect(levels).toHaveLength(5);
    expect(levels[0]).toContain('Super Admin');
    expect(levels[0]).toContain('Complete system access including user roles');
    expect(levels[4]).toContain('Cashier');
  });

  it('lists users by name or e-mail prefix, with role badge and Active/Inactive', async () => {
    renderRoles();
    const table = await screen.findByRole('table', { name: 'Users and roles' }, LOAD);
    expect(within(table).getByText('casey.cash')).toBeInTheDocument();
    const oldRow = within(table).getByText('Olive Old').closest('tr') as HTMLElement;
    expect(within(oldRow).getByText('Inactive')).toBeInTheDocument();
    expect(within(oldRow).getByRole('combobox')).toHaveProperty('value', 'Manager');
    expect(within(table).getByRole('combobox', { name: 'New role for Sam Admin' })).toBeDisabled();
    expect(roleTableName({ firstName: null, lastName: null, email: null })).toBe('User');
  });

  it('asks for confirmation with the access warning, then PATCHes the role ("Updating..." while pending)', async () => {
    let release: () => void = () => {};
    const { fetchMock, user } = renderRoles(admin, {
      'PATCH /api/users/u-cashier/role': () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { ...USERS[1], role: 'procurement_admin' }));
        }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'New role for casey.cash' }, LOAD));
    await user.click(await screen.findByRole('option', { name: 'Procurement Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Role Change' });
    expect(within(dialog).getByText('Access changes immediately')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/role'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/role'));
    expect(call?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ role: 'procurement_admin' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel closes the dialog without a call', async () => {
    const { fetchMock, user } = renderRoles();
    await user.click(await screen.findByRole('combobox', { name: 'New role for Olive Old' }, LOAD));
    await user.click(await screen.findByRole('option', { name: 'Cashier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Role Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/role'))).toBe(false);
  });

  it('a manager sees the spec denial', async () => {
    renderRoles(userWithRole('manager'));
    expect(
      await screen.findByText('Only Super Administrators can access the Role Management system.', {}, LOAD),
    ).toBeInTheDocument();
  });
});
