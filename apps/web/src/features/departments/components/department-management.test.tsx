import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/features/users/test/fixtures';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import type { Department } from '../api/types';

type Handlers = Parameters<typeof mockServer>[0];

const SCIENCE: Department = {
  id: 'd1',
  name: 'Science',
  description: 'Labs',
  building: 'B Block',
  isActive: true,
  manager: { id: 'u-dm', firstName: 'Dana', lastName: 'Ward' },
};
const USERS = [
  aUser({ id: 'u-dm', role: 'department_manager', firstName: 'Dana', lastName: 'Ward' }),
  aUser({ id: 'u-cash', role: 'cashier', firstName: 'Casey', lastName: 'Cash' }),
  aUser({ id: 'u-sa', role: 'super_admin', firstName: 'Sam', lastName: 'Admin' }),
];

function renderScreen(handlers: Handlers = {}, role: 'manager' | 'cashier' = 'manager') {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/departments': () =>
      json(200, [SCIENCE, { ...SCIENCE, id: 'd2', name: 'Arts', manager: null, building: null, description: null }]),
    'GET /api/users': () => json(200, USERS),
    ...handlers,
  });
  renderApp('/departments');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 15_000 };

describe('Department Management (spec §2, §5, §8)', { timeout: 40_000 }, () => {
  it('shows name, Active badge, description, manager or Not assigned, and building', async () => {
    renderScreen();
    const science = await screen.findByRole('article', { name: 'Science' }, LOAD);
    for (const text of ['Active', 'Labs', 'Dana Ward', 'B Block']) {
      expect(within(science).getByText(text)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('article', { name: 'Arts' })).getByText('Not assigned')).toBeInTheDocument();
  });

  it("shows 'No departments yet' when there are none", async () => {
    renderScreen({ 'GET /api/departments': () => json(200, []) });
    expect(await screen.findByText('No departments yet', {}, LOAD)).toBeInTheDocument();
  });

  it('offers managers, super admins and department managers with their role; no manager is sent as null', async () => {
    let sent: unknown;
    const { user } = renderScreen({
      'POST /api/departments': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return json(201, { ...SCIENCE, id: 'd3', name: 'Music', manager: null });
      },
    });
    await screen.findByRole('article', { name: 'Science' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Department Manager' }));
    expect(await screen.findByRole('option', { name: 'No manager assigned' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Dana Ward (Department Manager)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sam Admin (Super Admin)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Casey Cash/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'No manager assigned' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Department Name' }), '  Music ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(await screen.findByText('Department created successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Music', managerId: null });
  });

  it('requires a name before sending anything', async () => {
    const { fetchMock, user } = renderScreen();
    await screen.findByRole('article', { name: 'Science' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(await within(dialog).findByText('Department name is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("toasts 'Error' with the server message, or 'Failed to create department'", async () => {
    let answer = () => json(409, { message: 'A department named "Science" already exists.', code: 'x' });
    const { user } = renderScreen({ 'POST /api/departments': () => answer() });
    await screen.findByRole('article', { name: 'Science' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Department Name' }), 'science');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(await screen.findByText('A department named "Science" already exists.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    answer = () => new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    await waitFor(() => expect(screen.getByText('Failed to create department')).toBeInTheDocument());
  });

  it('edits a card in the Edit Department dialog, prefilled, and sends the changes (issue #13 item 19)', async () => {
    let sent: unknown;
    const { user } = renderScreen({
      'PATCH /api/departments/d1': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { ...SCIENCE, name: 'Science Labs', building: null });
      },
    });
    const science = await screen.findByRole('article', { name: 'Science' }, LOAD);
    await user.click(within(science).getByRole('button', { name: 'Edit Science' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Department' });
    const name = within(dialog).getByRole('textbox', { name: /Department Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Science');
    expect((within(dialog).getByRole('textbox', { name: 'Building/Location' }) as HTMLInputElement).value).toBe(
      'B Block',
    );
    await user.clear(name);
    await user.type(name, 'Science Labs');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Building/Location' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Department updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Science Labs', description: 'Labs', managerId: 'u-dm', building: '' });
  });

  it('archives a card only after the confirmation, and says so when it fails (spec §8)', async () => {
    let archived = 0;
    const { user } = renderScreen({
      'POST /api/departments/d1/archive': () => {
        archived += 1;
        return json(500, { message: 'Database unavailable', code: 'internal' });
      },
    });
    const science = await screen.findByRole('article', { name: 'Science' }, LOAD);
    await user.click(within(science).getByRole('button', { name: 'Archive Science' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive Department' });
    expect(confirm.textContent).toContain('Archive "Science"?');
    expect(archived).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Error archiving department')).toBeInTheDocument();
    expect(archived).toBe(1);
  });

  it('shows an archived department as Archived with Restore', async () => {
    const { user, fetchMock } = renderScreen({
      'GET /api/departments': () => json(200, [{ ...SCIENCE, isActive: false }]),
      'POST /api/departments/d1/restore': () => json(200, SCIENCE),
    });
    const science = await screen.findByRole('article', { name: 'Science' }, LOAD);
    expect(within(science).getByText('Archived')).toBeInTheDocument();
    expect(within(science).queryByRole('button', { name: 'Archive Science' })).toBeNull();
    await user.click(within(science).getByRole('button', { name: 'Restore Science' }));
    expect(await screen.findByText('Department restored')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/departments/d1/restore'))).toBe(true);
  });

  it('turns a cashier away with the access toast', async () => {
    renderScreen({}, 'cashier');
    expect(
      (await screen.findAllByText('Manager or Developer access required for department management.', {}, LOAD)).length,
    ).toBeGreaterThan(0);
  });
});
