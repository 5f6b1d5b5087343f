import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

type Handlers = Parameters<typeof mockServer>[0];

const admin = userWithRole('super_admin', { id: 'u-admin' });
const AT = '2026-05-06T09:07:00.000Z';

const HANDLERS: Handlers = {
  'GET /api/super-admin/stats': () =>
    json(200, {
      totalUsers: 6,
      activeUsers24h: 3,
      totalLogins24h: 11,
      activityBreakdown: [
        { activityType: 'login', count: 11 },
        { activityType: 'login_failed', count: 2 },
      ],
    }),
  'GET /api/super-admin/health': () =>
    json(200, {
      status: 'healthy',
      database: 'connected',
      uptime: 3 * 3600 + 25 * 60,
      memory: { used: 312, total: 24105, limit: 'machine', heapUsed: 46, heapTotal: 50 },
      environment: 'production',
      timestamp: AT,
    }),
  'GET /api/super-admin/activity': () =>
    json(200, [
      {
        id: 'a1',
        activityType: 'role_changed',
        ipAddress: '10.0.0.7',
        timestamp: AT,
        summary: 'Casey Cash: Cashier → Manager',
        user: { firstName: 'Sam', lastName: 'Admin', role: 'super_admin' },
      },
      { id: 'a2', activityType: 'login_failed', ipAddress: '10.0.0.9', timestamp: AT, summary: null, user: null },
    ]),
  'GET /api/super-admin/users': () =>
    json(200, [
      {
        id: 'u1',
        firstName: 'Olive',
        lastName: 'Old',
        email: 'olive@store.test',
        role: 'manager',
        isActive: false,
        department: 'Science',
        createdAt: AT,
      },
    ]),
  'GET /api/super-admin/outbox': () => json(200, { configured: false, messages: [] }),
};

function renderDashboard(handlers: Handlers = {}) {
  mockServer({ ...sessionHandlers(admin), ...HANDLERS, ...handlers });
  renderApp('/super-admin');
  return userEvent.setup();
}

const LOAD = { timeout: 5000 };

describe('Developer dashboard (spec §2, §7, §9)', { timeout: 15_000 }, () => {
  it('shows the Developer Access badge, the three links and the overview figures', async () => {
    renderDashboard();
    expect(await screen.findByText('Developer Access', {}, LOAD)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Developer shortcuts' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Interface Selection', 'POS', 'Procurement']);
    expect(await within(screen.getByLabelText('Total Users')).findByText('6')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Active Users (24h)')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Logins (24h)')).getByText('11')).toBeInTheDocument();
    expect(await within(screen.getByLabelText('System Uptime')).findByText('3h 25m')).toBeInTheDocument();
    expect(screen.getAllByTestId('activity-breakdown-row').map((row) => row.textContent)).toEqual([
      'Login11',
      'Login failed2',
    ]);
  });

  it("lists activity with the user, type, IP, 'MMM d, HH:mm' time and role badge", async () => {
    const user = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'User Activity' }, LOAD));
    const rows = await screen.findAllByTestId('activity-row');
    expect(within(rows[0] as HTMLElement).getByText('Sam Admin')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Role changed')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Super Admin')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Casey Cash: Cashier → Manager')).toBeInTheDocument();
    expect(
      within(rows[0] as HTMLElement).getByText(`IP 10.0.0.7 · ${format(new Date(AT), 'MMM d, HH:mm')}`),
    ).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Unknown user')).toBeInTheDocument();
  });

  it('shows the read-only users with e-mail, department, role and the Inactive badge', async () => {
    const user = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'User Management' }, LOAD));
    const row = await screen.findByTestId('developer-user-row');
    expect(row.textContent).toContain('olive@store.test · Science');
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('Manager')).toBeInTheDocument();
  });

  it('checks stock against the ledger on request and lists what disagrees (issue #32 item 5)', async () => {
    let calls = 0;
    const user = renderDashboard({
      'GET /api/stock-audit': () => {
        calls += 1;
        return calls === 1
          ? json(200, { checked: 12, disagreements: [] })
          : json(200, {
              checked: 12,
              disagreements: [{ kind: 'pos_stock', subject: 'product p-1', actual: '9', expected: '7' }],
            });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'System Health' }, LOAD));
    const button = await screen.findByRole('button', { name: 'Check stock' }, LOAD);
    expect(calls).toBe(0);
    await user.click(button);
    expect(await screen.findByText('No disagreements')).toBeInTheDocument();
    expect(screen.getByText('12 quantities and ledger rows checked.')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('1 disagreement')).toBeInTheDocument();
    expect(screen.getByText('Product stock: product p-1: 9 (expected 7)')).toBeInTheDocument();
  });

  it('shows status, database, uptime, memory, environment and the last check time', async () => {
    const user = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'System Health' }, LOAD));
    expect(await screen.findByText('Healthy')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    // Issue #30 item 24: resident memory against the machine (or container), the heap as a detail.
    expect(screen.getByText('312 MB / 24,105 MB')).toBeInTheDocument();
    expect(screen.getByText("Resident memory against the computer's memory")).toBeInTheDocument();
    expect(screen.getByText('JavaScript heap 46 MB of 50 MB')).toBeInTheDocument();
    expect(screen.getByText('Production')).toBeInTheDocument();
    expect(screen.getByText(format(new Date(AT), 'HH:mm:ss'))).toBeInTheDocument();
    expect(screen.queryByText('Read replica')).not.toBeInTheDocument();
  });

  it('shows a read replica only when the server has one, with its state and lag', async () => {
    const healthWith = (replica: unknown) => () =>
      json(200, {
        status: 'healthy',
        database: 'connected',
        uptime: 60,
        memory: { used: 312, total: 24105, limit: 'machine', heapUsed: 46, heapTotal: 50 },
        environment: 'production',
        timestamp: AT,
        replica,
      });
    const user = renderDashboard({
      'GET /api/super-admin/health': healthWith({
        inUse: false,
        state: 'lagging',
        lagSeconds: 42.37,
        maxLagSeconds: 30,
        checkedAt: AT,
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'System Health' }, LOAD));
    expect(await screen.findByText('Read replica')).toBeInTheDocument();
    expect(screen.getByText('Lagging')).toBeInTheDocument();
    expect(screen.getByText('Lag 42.4 s')).toBeInTheDocument();
    expect(screen.getByText('Reports read from the primary until the replica catches up')).toBeInTheDocument();
  });

  it('has the spec empty and failure texts', async () => {
    const user = renderDashboard({
      'GET /api/super-admin/activity': () => json(200, []),
      'GET /api/super-admin/users': () => json(200, []),
      'GET /api/super-admin/health': () => json(503, { message: 'down' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'User Activity' }, LOAD));
    expect(await screen.findByText('No activity data available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'System Health' }));
    expect(await screen.findByText('Health data unavailable')).toBeInTheDocument();
  });
});
