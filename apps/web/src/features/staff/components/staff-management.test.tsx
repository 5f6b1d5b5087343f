import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aUser } from '../test/fixtures';

type Handlers = Parameters<typeof mockServer>[0];

const admin = userWithRole('super_admin', { id: 'u-admin' });
const STAFF = [
  aUser({ id: 'u-admin', role: 'super_admin', firstName: 'Sam', lastName: 'Admin', email: 'sam@store.test' }),
  aUser({ id: 'u-casey', role: 'cashier', firstName: 'Casey', lastName: 'Cash', email: 'casey@store.test' }),
  aUser({ id: 'u-noemail', role: 'cashier', firstName: 'Nora', lastName: 'Nomail', email: null }),
  aUser({
    id: 'u-gone',
    role: 'cashier',
    firstName: 'Gail',
    lastName: 'Gone',
    email: 'gail@store.test',
    isActive: false,
  }),
];

function renderStaff(actor = admin, handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(actor),
    'GET /admin/users': () => json(200, STAFF),
    ...handlers,
  });
  renderApp('/admin/staff');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 5000 };
const bodyOf = (fetchMock: ReturnType<typeof mockServer>, suffix: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith(suffix) && init?.method && init.method !== 'GET',
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('Staff & PIN Management (spec §2, §4, §5, §8)', { timeout: 15_000 }, () => {
  it('shows the Staff Directory with the spec columns and actions', async () => {
    renderStaff();
    const table = await screen.findByRole('table', { name: 'Staff Directory' }, LOAD);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Full Name', 'Email Address', 'Role', 'Status', 'Actions']);
    const casey = within(table).getByText('Casey Cash').closest('tr') as HTMLElement;
    for (const action of ['Edit Casey Cash', 'Set PIN for Casey Cash', 'Disable Casey Cash', 'Delete Casey Cash']) {
      expect(within(casey).getByRole('button', { name: action })).toBeEnabled();
    }
    const self = within(table).getByText('Sam Admin').closest('tr') as HTMLElement;
    expect(within(self).getByRole('button', { name: 'Disable Sam Admin' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Enable Gail Gone' })).toBeEnabled();
  });

  describe('Set PIN', () => {
    it("asks 'New 4-digit PIN?' and refuses anything but 4 digits without calling the server", async () => {
      const { fetchMock, user } = renderStaff();
      await user.click(await screen.findByRole('button', { name: 'Set PIN for Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'New 4-digit PIN?' });
      const input = within(dialog).getByLabelText('New 4-digit PIN');
      await user.type(input, '7a2');
      expect(input).toHaveProperty('value', '72');
      await user.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('PIN must be 4 digits');
      expect(bodyOf(fetchMock, '/pin')).toBeUndefined();
    });

    it("sets a PIN and says 'PIN updated'", async () => {
      const { fetchMock, user } = renderStaff(admin, {
        'POST /admin/users/u-casey/pin': () => json(200, { message: 'PIN updated' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Set PIN for Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'New 4-digit PIN?' });
      await user.type(within(dialog).getByLabelText('New 4-digit PIN'), '58301');
      await user.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
      expect(await screen.findByText('PIN updated')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/pin')).toEqual({ pin: '5830' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("shows the server's refusal and 'Failed to update PIN'", async () => {
      const { user } = renderStaff(admin, {
        'POST /admin/users/u-casey/pin': () =>
          json(409, { message: 'That PIN is already in use. Choose another.', code: 'users.pin_in_use' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Set PIN for Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'New 4-digit PIN?' });
      await user.type(within(dialog).getByLabelText('New 4-digit PIN'), '5830');
      await user.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
      expect(await screen.findByText('Failed to update PIN')).toBeInTheDocument();
      expect(within(dialog).getByRole('alert').textContent).toBe('That PIN is already in use. Choose another.');
    });

    it('a burst refused with 429 shows the server’s wait message, not a generic failure', async () => {
      const message = 'Too many PIN changes. Try again in 30 seconds.';
      const { user } = renderStaff(admin, {
        'POST /admin/users/u-casey/pin': () => json(429, { message, code: 'rate_limited' }, { 'Retry-After': '30' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Set PIN for Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'New 4-digit PIN?' });
      await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
      expect(await screen.findByText('Failed to update PIN')).toBeInTheDocument();
      expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    });

    it('a manager may set PINs only below their role: Set PIN is off for another manager and a super admin', async () => {
      const manager = userWithRole('manager', { id: 'u-morgan' });
      const staff = [
        ...STAFF,
        aUser({ id: 'u-morgan', role: 'manager', firstName: 'Morgan', lastName: 'Lead', email: null }),
        aUser({ id: 'u-max', role: 'manager', firstName: 'Max', lastName: 'Peer', email: null }),
      ];
      renderStaff(manager, { 'GET /admin/users': () => json(200, staff) });
      const table = await screen.findByRole('table', { name: 'Staff Directory' }, LOAD);
      expect(within(table).getByRole('button', { name: 'Set PIN for Casey Cash' })).toBeEnabled();
      expect(within(table).getByRole('button', { name: 'Set PIN for Morgan Lead' })).toBeEnabled();
      const peer = within(table).getByRole('button', { name: 'Set PIN for Max Peer' });
      expect(peer).toBeDisabled();
      expect(peer.getAttribute('title')).toBe('Only someone with a higher role can set this user’s PIN.');
      expect(within(table).getByRole('button', { name: 'Edit Max Peer' })).toBeEnabled();
      expect(within(table).getByRole('button', { name: 'Set PIN for Sam Admin' })).toBeDisabled();
    });

    it('Generate shows the new PIN once; closing forgets it', async () => {
      const { fetchMock, user } = renderStaff(admin, {
        'POST /admin/users/u-casey/pin': () => json(200, { message: 'PIN updated', pin: '6284' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Set PIN for Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'New 4-digit PIN?' });
      await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
      expect((await within(dialog).findByTestId('generated-pin')).textContent).toBe('6284');
      expect(within(dialog).getByText(/It will not be shown again/)).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/pin')).toEqual({ generate: true });
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByTestId('generated-pin')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Set PIN for Casey Cash' }));
      expect(within(await screen.findByRole('dialog')).queryByTestId('generated-pin')).toBeNull();
    });
  });

  describe('Add New Staff and Edit Staff Member', () => {
    it('requires a first name and a 4-digit PIN if one is typed (the field keeps digits only)', async () => {
      const { fetchMock, user } = renderStaff();
      await user.click(await screen.findByRole('button', { name: 'Add Staff' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
      const pin = within(dialog).getByLabelText('PIN (optional)');
      await user.type(pin, '1x2');
      expect(pin).toHaveProperty('value', '12');
      await user.type(within(dialog).getByLabelText('Email address'), 'not-an-email');
      await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
      expect(within(dialog).getByText('First name is required.')).toBeInTheDocument();
      expect(within(dialog).getByText('PIN must be exactly 4 digits.')).toBeInTheDocument();
      expect(within(dialog).getByText('Valid email is required')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/admin/users')).toBeUndefined();
    });

    it('creates a staff member with the fields of spec §7', async () => {
      const { fetchMock, user } = renderStaff(admin, {
        'POST /admin/users': () => json(201, aUser({ id: 'u-new', role: 'manager', firstName: 'Robin' })),
      });
      await user.click(await screen.findByRole('button', { name: 'Add Staff' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Add New Staff' });
      await user.type(within(dialog).getByLabelText(/First name/), 'Robin');
      await user.type(within(dialog).getByLabelText('Last name'), 'Shelf');
      await user.type(within(dialog).getByLabelText('PIN (optional)'), '5830');
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Manager' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add Staff' }));
      expect(await screen.findByText('Staff member added')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/admin/users')).toEqual({
        name: 'Robin Shelf',
        firstName: 'Robin',
        lastName: 'Shelf',
        email: '',
        role: 'manager',
        pin: '5830',
      });
    });

    it('edits a member with PATCH and shows the server message on failure', async () => {
      const { fetchMock, user } = renderStaff(admin, {
        'PATCH /admin/users/u-casey': () =>
          json(409, { message: 'That email address is already used by another user.', code: 'users.email_in_use' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Edit Casey Cash' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
      expect(within(dialog).getByLabelText(/First name/)).toHaveProperty('value', 'Casey');
      expect(within(dialog).queryByLabelText('PIN (optional)')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Failed to update staff.')).toBeInTheDocument();
      expect(within(dialog).getByRole('alert').textContent).toBe('That email address is already used by another user.');
      expect(bodyOf(fetchMock, '/admin/users/u-casey')).toEqual({
        firstName: 'Casey',
        lastName: 'Cash',
        email: 'casey@store.test',
        role: 'cashier',
      });
    });
  });

  it("Delete asks first, deactivates, and shows 'User deactivated successfully - transaction history preserved'", async () => {
    const { user } = renderStaff(admin, {
      'DELETE /admin/users/u-casey': () =>
        json(200, { message: 'User deactivated successfully - transaction history preserved' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Casey Cash' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Staff Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('User deactivated successfully - transaction history preserved'),
    ).toBeInTheDocument();
  });

  it('Disable sends isActive alone', async () => {
    const { fetchMock, user } = renderStaff(admin, {
      'PATCH /admin/users/u-casey': () => json(200, { ...STAFF[1], isActive: false }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Casey Cash' }, LOAD));
    expect(await screen.findByText('User status updated successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/admin/users/u-casey')).toEqual({ isActive: false });
  });

  describe('Send Email to Staff', () => {
    it('offers only active staff with an e-mail and checks the spec messages before sending', async () => {
      const { fetchMock, user } = renderStaff();
      await user.click(await screen.findByRole('button', { name: 'Send Email' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Send Email to Staff' });
      expect(within(dialog).getByLabelText('Casey Cash (casey@store.test)')).toBeInTheDocument();
      expect(within(dialog).queryByText(/Nora Nomail/)).toBeNull();
      expect(within(dialog).queryByText(/Gail Gone/)).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
      expect(within(dialog).getByText('Please select at least one recipient.')).toBeInTheDocument();
      expect(within(dialog).getByText('Subject is required.')).toBeInTheDocument();
      expect(within(dialog).getByText('Message is required.')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/admin/send-email')).toBeUndefined();
    });

    it('says plainly when the server kept the message in the outbox instead of sending it', async () => {
      const { fetchMock, user } = renderStaff(admin, {
        'POST /admin/send-email': () =>
          json(200, {
            sent: false,
            delivery: 'outbox',
            recipients: 2,
            message: 'Email is not set up on this server, so the message to 2 staff members was not sent.',
          }),
      });
      await user.click(await screen.findByRole('button', { name: 'Send Email' }, LOAD));
      const dialog = await screen.findByRole('dialog', { name: 'Send Email to Staff' });
      await user.click(within(dialog).getByLabelText('Select all'));
      await user.type(within(dialog).getByLabelText('Subject'), 'Stocktake');
      await user.type(within(dialog).getByLabelText('Message'), 'Friday 7:30');
      await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
      expect(await within(dialog).findByText('Email not sent')).toBeInTheDocument();
      expect(within(dialog).getByText(/was not sent/)).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/admin/send-email')).toEqual({
        recipients: ['sam@store.test', 'casey@store.test'],
        subject: 'Stocktake',
        message: 'Friday 7:30',
      });
    });
  });
});
