import type { Role } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aUser } from '../test/fixtures';

type Handlers = Parameters<typeof mockServer>[0];

const manager = userWithRole('manager', { id: 'u-manager' });
const USERS = [
  aUser({ id: 'u-manager', role: 'manager', firstName: 'Morgan', lastName: 'Lee' }),
  aUser({ id: 'u-cashier-abc123', role: 'cashier', firstName: 'Casey', lastName: 'Cash', department: 'Front' }),
  aUser({ id: 'u-admin', role: 'super_admin', firstName: 'Sam', lastName: 'Admin' }),
];

function renderUsers(actor = manager, handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(actor),
    'GET /api/users': () => json(200, USERS),
    'GET /api/departments': () => json(200, [{ id: 'd1', name: 'Science' }]),
    ...handlers,
  });
  renderApp('/users');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 5000 };
const cardOf = async (name: string) => screen.findByRole('article', { name }, LOAD);

describe('User Management (spec §2, §6, §8)', { timeout: 15_000 }, () => {
  it('shows a card per user with role, status, department badge, ID and joined date', async () => {
    renderUsers();
    const casey = await cardOf('Casey Cash');
    expect(within(casey).getByText('Front')).toBeInTheDocument();
    expect(within(casey).getByText('ID: ABC123')).toBeInTheDocument();
    expect(within(casey).getByText('Joined Mar 4, 2026')).toBeInTheDocument();
    expect(within(casey).getByRole('switch', { name: 'Casey Cash is active' })).toBeEnabled();
    expect(within(casey).getByRole('button', { name: 'Remove User' })).toBeInTheDocument();
  });

  it("offers Remove User only on other cashiers' cards, and locks one's own and higher roles' controls", async () => {
    renderUsers();
    const self = await cardOf('Morgan Lee');
    expect(within(self).queryByRole('button', { name: 'Remove User' })).toBeNull();
    expect(within(self).getByRole('switch')).toBeDisabled();
    expect(within(self).getByText('You cannot change your own role or status.')).toBeInTheDocument();
    const admin = await cardOf('Sam Admin');
    expect(within(admin).getByRole('switch')).toBeDisabled();
    expect(within(admin).getByText('This user’s role is above yours.')).toBeInTheDocument();
  });

  it('changes a role with PUT only after the confirmation, and says so; a manager cannot pick Department Manager (above their role)', async () => {
    const { fetchMock, user } = renderUsers(manager, {
      'PUT /api/users/u-cashier-abc123/role': () => json(200, { ...USERS[1], role: 'manager' }),
    });
    const roleCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/role'));
    const casey = await cardOf('Casey Cash');
    await user.click(within(casey).getByRole('combobox', { name: 'Role of Casey Cash' }));
    const above = await screen.findByRole('option', { name: 'Department Manager (above your role)' });
    expect(above.getAttribute('aria-disabled') ?? above.getAttribute('data-combobox-disabled')).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    // spec §5: a selected user, a chosen role and a confirmation; nothing is sent on the pick.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Role Change' });
    expect(dialog.textContent).toContain('Change the role of Casey Cash from Cashier to Manager?');
    expect(within(dialog).getByText('Access changes immediately')).toBeInTheDocument();
    expect(roleCalls()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Casey Cash is now Manager.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Role Change' })).toBeNull());
    expect(roleCalls()).toHaveLength(1);
    expect(roleCalls()[0]?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(roleCalls()[0]?.[1]?.body))).toEqual({ role: 'manager' });
  });

  it('Cancel in the confirmation sends nothing and keeps the role', async () => {
    const { fetchMock, user } = renderUsers(manager, {
      'PUT /api/users/u-cashier-abc123/role': () => json(200, { ...USERS[1], role: 'manager' }),
    });
    const casey = await cardOf('Casey Cash');
    await user.click(within(casey).getByRole('combobox', { name: 'Role of Casey Cash' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Role Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Role Change' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/role'))).toHaveLength(0);
    expect((within(casey).getByRole('combobox', { name: 'Role of Casey Cash' }) as HTMLInputElement).value).toBe(
      'Cashier',
    );
  });

  it('shows the server message when a role change is refused', async () => {
    const { user } = renderUsers(manager, {
      'PUT /api/users/u-cashier-abc123/role': () =>
        json(403, { message: 'You cannot give someone a role above your own.', code: 'users.rank' }),
    });
    await user.click(within(await cardOf('Casey Cash')).getByRole('combobox', { name: 'Role of Casey Cash' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Role Change' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('You cannot give someone a role above your own.')).toBeInTheDocument();
  });

  it('leaves Department Manager out of the choices when no department exists', async () => {
    const { user } = renderUsers(userWithRole('super_admin', { id: 'u-admin' }), {
      'GET /api/departments': () => json(200, []),
    });
    await user.click(within(await cardOf('Casey Cash')).getByRole('combobox', { name: 'Role of Casey Cash' }));
    expect(await screen.findByRole('option', { name: 'Manager' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Department Manager/ })).toBeNull();
  });

  it('toggles the status and confirms with the spec toast', async () => {
    const { fetchMock, user } = renderUsers(manager, {
      'PUT /api/users/u-cashier-abc123/status': () => json(200, { ...USERS[1], isActive: false }),
    });
    await user.click(within(await cardOf('Casey Cash')).getByRole('switch'));
    expect(await screen.findByText('User status updated successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/status'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ isActive: false });
  });

  it('removes a cashier after confirmation', async () => {
    const { user } = renderUsers(manager, {
      'DELETE /api/users/u-cashier-abc123': () =>
        json(200, { outcome: 'deactivated', message: 'Casey Cash has history, so they were deactivated instead.' }),
    });
    await user.click(within(await cardOf('Casey Cash')).getByRole('button', { name: 'Remove User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove User' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove User' }));
    expect(await screen.findByText('User removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each<Role>(['cashier', 'department_manager'])(
    'a %s opening /users gets the spec toast and is sent to / after 1 second',
    async (role) => {
      renderUsers(userWithRole(role));
      expect(
        await screen.findAllByText('Manager or Developer access required for user management.', {}, LOAD),
      ).not.toHaveLength(0);
      await waitFor(() => expect(screen.getByText('Choose your interface', { exact: false })).toBeInTheDocument(), {
        timeout: 3000,
      });
    },
  );
});
