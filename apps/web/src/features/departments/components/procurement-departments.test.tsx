import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import type { ProcDepartment, Suggestion } from '../api/types';

type Handlers = Parameters<typeof mockServer>[0];

const ENG: ProcDepartment = {
  id: 'd-eng',
  code: 'ENG',
  name: 'Engineering',
  description: null,
  parentId: null,
  isArchived: false,
  createdAt: '2026-03-04T10:00:00.000Z',
};
const LEG: ProcDepartment = { ...ENG, id: 'd-leg', code: 'LEG', name: 'Legacy Stores', isArchived: true };
const SUGGESTION: Suggestion = {
  id: 'departments-without-manager',
  type: 'structure',
  priority: 'high',
  title: 'Assign managers to 1 department',
  description: '"Administration" has no active manager (1 of 4 departments).',
  estimatedSavings: 'Faster decisions',
  implementationTime: '1 day',
  impact: 'Clear ownership',
  actionItems: ['Choose a manager for "Administration"'],
};

const SUGGESTIONS = 'GET /api/procurement/departments/ai-suggestions';

function renderScreen(handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole('manager')),
    'GET /api/procurement/departments': () => json(200, [ENG, LEG]),
    [SUGGESTIONS]: () => json(200, { suggestions: [SUGGESTION] }),
    ...handlers,
  });
  renderApp('/procurement-departments');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 15_000 };
/** The Import button's hidden file input (the button opens the browser's file picker). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const callsTo = (fetchMock: ReturnType<typeof mockServer>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path)).length;

describe('Procurement Departments (spec §2, §4, §8)', { timeout: 40_000 }, () => {
  it('shows a card per department with code, badge, created date, Edit and Archive/Restore', async () => {
    renderScreen();
    const eng = await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    expect(within(eng).getByText('ENG')).toBeInTheDocument();
    expect(within(eng).getByText('Active')).toBeInTheDocument();
    expect(within(eng).getByText('Created Mar 4, 2026')).toBeInTheDocument();
    expect(within(eng).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(eng).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    const leg = screen.getByRole('article', { name: 'Legacy Stores' });
    expect(within(leg).getByText('Archived')).toBeInTheDocument();
    expect(within(leg).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/procurement/departments/export.csv',
    );
  });

  it('sends the status and hierarchy filters and the search as query parameters', async () => {
    const { fetchMock, user } = renderScreen();
    await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    await user.click(screen.getByRole('radio', { name: 'Root only' }));
    await user.type(screen.getByRole('textbox', { name: 'Search departments' }), 'leg');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/procurement/departments?search=leg&status=archived&hierarchy=root',
      ),
    );
  });

  it('offers Add First Department when there are none', async () => {
    renderScreen({ 'GET /api/procurement/departments': () => json(200, []) });
    expect(await screen.findByRole('button', { name: 'Add First Department' }, LOAD)).toBeInTheDocument();
  });

  it('keeps Create disabled until code and name are filled; a refused save shows the server message', async () => {
    const { user } = renderScreen({
      'POST /api/procurement/departments': () =>
        json(409, { message: 'A department with code "ENG" already exists.', code: 'x' }),
    });
    await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    const submit = within(dialog).getByRole('button', { name: 'Create Department' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByPlaceholderText('Code (e.g., ENG)'), 'eng');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByPlaceholderText('Name (e.g., Engineering)'), 'Engines');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'A department with code "ENG" already exists.',
    );
  });

  it('falls back to "Failed to create department" when the server sends no message', async () => {
    const { user } = renderScreen({
      'POST /api/procurement/departments': () => new Response('', { status: 500 }),
    });
    await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Add Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
    await user.type(within(dialog).getByPlaceholderText('Code (e.g., ENG)'), 'OPS');
    await user.type(within(dialog).getByPlaceholderText('Name (e.g., Engineering)'), 'Operations');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Failed to create department');
  });

  it('asks before archiving; Cancel archives nothing', async () => {
    const { fetchMock, user } = renderScreen({
      'POST /api/procurement/departments/d-eng/archive': () => json(200, { ...ENG, isArchived: true }),
    });
    const eng = await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(within(eng).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Department' });
    expect(within(dialog).getByText('Archive "Engineering"? It can be restored at any time.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Archive Department' })).toBeNull());
    expect(callsTo(fetchMock, '/api/procurement/departments/d-eng/archive')).toBe(0);
  });

  it('archives once confirmed, says so and closes the question', async () => {
    const { fetchMock, user } = renderScreen({
      'POST /api/procurement/departments/d-eng/archive': () => json(200, { ...ENG, isArchived: true }),
    });
    const eng = await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(within(eng).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Department archived')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/procurement/departments/d-eng/archive')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Archive Department' })).toBeNull());
  });

  it('restores an archived department without asking', async () => {
    const { fetchMock, user } = renderScreen({
      'POST /api/procurement/departments/d-leg/restore': () => json(200, { ...LEG, isArchived: false }),
    });
    const leg = await screen.findByRole('article', { name: 'Legacy Stores' }, LOAD);
    await user.click(within(leg).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Department restored')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/procurement/departments/d-leg/restore')).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("toasts 'Error archiving department' when archiving fails", async () => {
    const { user } = renderScreen({
      'POST /api/procurement/departments/d-eng/archive': () => json(409, { message: 'Already archived', code: 'x' }),
    });
    const eng = await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.click(within(eng).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Department' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Error archiving department')).toBeInTheDocument();
  });

  it('imports the chosen CSV and shows the per-row report, refused rows first', async () => {
    const csv = 'code,name\nOPS,Operations\nENG-2,Engineering\n';
    const { fetchMock, user } = renderScreen({
      'POST /api/procurement/departments/import': () =>
        json(200, {
          created: 1,
          updated: 0,
          unchanged: 0,
          refused: 1,
          rows: [
            { row: 2, code: 'OPS', status: 'created' },
            { row: 3, code: 'ENG-2', status: 'refused', reason: 'A department named "Engineering" already exists.' },
          ],
        }),
    });
    await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    await user.upload(fileInput(), new File([csv], 'departments.csv', { type: 'text/csv' }));

    const report = await screen.findByRole('dialog', { name: 'Import Report' });
    const posted = fetchMock.mock.calls.find(([input]) => String(input) === '/api/procurement/departments/import');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ csv });
    expect(within(report).getByTestId('import-created').textContent).toBe('1');
    expect(within(report).getByTestId('import-refused').textContent).toBe('1');
    const rows = within(within(report).getByRole('table', { name: 'Import rows' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowCodeResultReason',
      '3ENG-2RefusedA department named "Engineering" already exists.',
      '2OPSCreated',
    ]);
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Report' })).toBeNull());
  });

  it("toasts 'Import Failed' with the fallback text when the import fails without a message", async () => {
    const { user } = renderScreen({
      'POST /api/procurement/departments/import': () => new Response('', { status: 500 }),
    });
    await screen.findByRole('article', { name: 'Engineering' }, LOAD);
    await user.upload(fileInput(), new File(['code,name\n'], 'departments.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to import departments. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Import Report' })).toBeNull();
  });

  it('lists suggestions as expandable items with priority, type, savings and action items', async () => {
    const { user } = renderScreen();
    const title = await screen.findByText('Assign managers to 1 department', {}, LOAD);
    const card = screen.getByRole('region', { name: 'AI Optimization Suggestions' });
    expect(within(card).getByText('high priority')).toBeInTheDocument();
    expect(within(card).getByText('Structure')).toBeInTheDocument();
    await user.click(title);
    expect(await within(card).findByText('Faster decisions')).toBeInTheDocument();
    expect(within(card).getByText('Choose a manager for "Administration"')).toBeInTheDocument();
  });

  it('says the departments are well-optimized when there are no suggestions', async () => {
    renderScreen({ [SUGGESTIONS]: () => json(200, { suggestions: [] }) });
    expect(await screen.findByText('Your departments are well-optimized', {}, LOAD)).toBeInTheDocument();
  });

  it('shows the unavailable case without retrying, and Try Again asks again', async () => {
    let answer = () => json(503, { message: 'AI optimization service is currently unavailable', code: 'x' });
    const { fetchMock, user } = renderScreen({ [SUGGESTIONS]: () => answer() });
    expect(await screen.findByText('AI optimization service is currently unavailable', {}, LOAD)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/procurement/departments/ai-suggestions')).toBe(1);
    answer = () => json(200, { suggestions: [] });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your departments are well-optimized', {}, LOAD)).toBeInTheDocument();
  });

  it('retries any other failure twice, then shows the generic message with Try Again', async () => {
    const { fetchMock } = renderScreen({
      [SUGGESTIONS]: () => json(502, { message: 'Unable to generate optimization suggestions', code: 'x' }),
    });
    expect(
      await screen.findByText('Unable to generate optimization suggestions', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/procurement/departments/ai-suggestions')).toBe(3);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
