import type { PurchasingLookups, Transfer } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

// jsdom has no document.fonts; Mantine's autosize Textarea listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

const IN_TRANSIT: Transfer = {
  id: 'tr-1',
  itemId: 'item-1',
  sku: 'OAK-18',
  itemName: 'Oak board',
  uom: 'm',
  fromLocationId: 'loc-1',
  fromLocationCode: 'Main-1-10',
  toLocationId: 'loc-2',
  toLocationCode: 'Main-2-205',
  qty: '20.000',
  qtyReceived: null,
  shortfall: null,
  status: 'in_transit',
  note: null,
  requestedBy: null,
  requestedByName: null,
  dispatchedAt: '2026-11-27T10:00:00.000Z',
  receivedAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};

const LOOKUPS: PurchasingLookups = {
  ownDepartmentId: 'dep-join',
  departmentLocked: true,
  departments: [
    { id: 'dep-join', code: 'JOIN', name: 'Joinery', approvalThreshold: '5000.00' },
    { id: 'dep-metal', code: 'METAL', name: 'Metalwork', approvalThreshold: '5000.00' },
  ],
  suppliers: [],
  locations: [],
};

describe('Stores (issue #30 item 20)', { timeout: 40_000 }, () => {
  it('receives a transfer short: the quantity received is asked, starting at the dispatched quantity', async () => {
    const received: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      'GET /api/procurement/locations': () => json(200, []),
      'GET /api/procurement/stock': () => json(200, { rows: [], total: 0 }),
      'GET /api/procurement/transfers': () => json(200, [IN_TRANSIT]),
      'POST /api/procurement/transfers/tr-1/receive': ({ init }) => {
        received.push(JSON.parse(String(init?.body)));
        return json(200, { ...IN_TRANSIT, status: 'completed', qtyReceived: '18.500', shortfall: '1.500' });
      },
    });
    renderApp('/stores');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Transfers' }, { timeout: 15_000 }));
    const row = await screen.findByTestId('transfer-row');
    await user.click(within(row).getByRole('button', { name: 'Receive' }));
    const form = await screen.findByRole('dialog', { name: 'Receive OAK-18 at Main-2-205' });
    const qty = within(form).getByLabelText('Quantity received');
    expect((qty as HTMLInputElement).value).toBe('20');
    await user.clear(qty);
    await user.type(qty, '18.5');
    expect(within(form).getByTestId('transfer-shortfall').textContent).toContain('Short by 1.5 m');
    await user.type(within(form).getByLabelText(/^Note/), 'One board split');
    await user.click(within(form).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(received).toEqual([{ qtyReceived: '18.5', note: 'One board split' }]));
  });

  it('offers a department manager only the department they run on New Issue', async () => {
    const posted: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('department_manager')),
      'GET /api/procurement/locations': () => json(200, []),
      'GET /api/procurement/stock': () => json(200, { rows: [], total: 0 }),
      'GET /api/procurement/issues': () => json(200, []),
      'GET /api/procurement/purchasing-lookups': () => json(200, LOOKUPS),
      'POST /api/procurement/issues': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return json(201, {});
      },
    });
    renderApp('/stores');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Issues' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'New issue' }));
    const form = await screen.findByRole('dialog', { name: 'New Issue' });
    const department = within(form)
      .getAllByLabelText(/To department/)
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(department.value).toBe('JOIN · Joinery'));
    expect(department.readOnly).toBe(true);
    await user.click(department);
    expect(screen.queryByText('METAL · Metalwork')).toBeNull();
  });
});
