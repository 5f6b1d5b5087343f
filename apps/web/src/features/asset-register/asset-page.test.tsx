import type { AssetDetail, Writeoff } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

const ID = '5b3a6c1e-8d7f-4a2b-9c1d-2e3f4a5b6c7d';
const UNIT: AssetDetail = {
  id: ID,
  assetTag: 'AST-2026-00007',
  serialNumber: 'SN-77',
  itemId: 'item-1',
  itemSku: 'DRILL-18V',
  itemName: 'Cordless drill 18V',
  purchasePrice: '149.00',
  depreciationClass: null,
  departmentId: null,
  departmentName: null,
  locationId: 'loc-1',
  locationCode: 'Main-1-10',
  custodianId: 'user-9',
  custodianName: 'Casey Cashier',
  source: 'receipt',
  notes: null,
  state: 'checked_out',
  blockedReason: 'it is checked out to Casey Cashier',
  openCheckoutId: 'loan-1',
  nextMaintenanceAt: null,
  nextSafetyCheckDue: null,
  disposedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  history: [
    {
      id: 'e1',
      kind: 'received',
      at: '2026-11-20T09:00:00.000Z',
      userName: 'Priya Procurement',
      summary: 'Received on GRN-2026-00001',
      refTable: null,
      refId: null,
    },
    {
      id: 'e2',
      kind: 'checked_out',
      at: '2026-11-21T09:00:00.000Z',
      userName: 'Priya Procurement',
      summary: 'Checked out to Casey Cashier',
      refTable: null,
      refId: null,
    },
  ],
};

describe('Asset page', { timeout: 30_000 }, () => {
  it('shows the unit with its history in time order, and a return needs a condition before it is sent', async () => {
    const returns: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      [`GET /api/procurement/assets/${ID}`]: () => json(200, UNIT),
      'GET /api/asset-checkouts/borrowers': () => json(200, []),
      'GET /api/procurement/maintenance': () => json(200, []),
      'GET /api/procurement/safety-checks': () => json(200, []),
      'GET /api/procurement/writeoffs': () => json(200, []),
      'POST /api/asset-checkouts/loan-1/return': ({ init }) => {
        returns.push(JSON.parse(String(init?.body)));
        return json(200, { product: { name: 'Cordless drill 18V' }, variant: null });
      },
    });
    renderApp(`/assets/unit?id=${ID}`);
    // The page's first render loads its lazy chunk (now with the lending dialogs): wait for it under load.
    expect((await screen.findByTestId('asset-tag', {}, { timeout: 15_000 })).textContent).toBe('AST-2026-00007');
    expect(screen.getByTestId('asset-state').textContent).toBe('Checked out');
    // Issue #30 item 21: a unit's purchase price in the one money format.
    expect(screen.getByText('$149.00')).toBeTruthy();
    expect(screen.getAllByTestId('history-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Received on GRN-2026-00001'),
      expect.stringContaining('Checked out to Casey Cashier'),
    ]);
    const user = userEvent.setup();
    // Issue #33: the unit page takes back through the Asset Checkout screen's one return form.
    await user.click(screen.getByRole('button', { name: 'Take back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return Asset' });
    expect(within(dialog).getByText('AST-2026-00007 · Cordless drill 18V')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Return Asset' }));
    expect(await within(dialog).findByText('Return condition is required')).toBeTruthy();
    expect(returns).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: /Return condition/ }));
    await user.click(await screen.findByRole('option', { name: 'Damaged' }));
    expect(within(dialog).getByText(/A corrective maintenance job will be opened/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Return Asset' }));
    await waitFor(() => expect(returns).toEqual([{ returnCondition: 'damaged', notes: null }]));
  });

  it("a unit that cannot be lent has Check out disabled with the server's reason beside it", async () => {
    const checkouts: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      [`GET /api/procurement/assets/${ID}`]: () =>
        json(200, {
          ...UNIT,
          state: 'blocked',
          custodianId: null,
          custodianName: null,
          openCheckoutId: null,
          blockedReason: 'its last safety check failed; a passed check is needed',
        }),
      'GET /api/asset-checkouts/borrowers': () => json(200, []),
      'GET /api/procurement/maintenance': () => json(200, []),
      'GET /api/procurement/safety-checks': () => json(200, []),
      'GET /api/procurement/writeoffs': () => json(200, []),
      'POST /api/asset-checkouts': () => {
        checkouts.push(1);
        return json(201, {});
      },
    });
    renderApp(`/assets/unit?id=${ID}`);
    const button = await screen.findByRole('button', { name: 'Check out' }, { timeout: 5000 });
    expect(button).toBeDisabled();
    const reason = 'AST-2026-00007 cannot be checked out: its last safety check failed; a passed check is needed.';
    expect(document.getElementById(String(button.getAttribute('aria-describedby')))?.textContent).toBe(reason);
    expect(screen.getByTestId('asset-blocked').textContent).toBe(reason);
    expect(checkouts).toEqual([]);
  });

  it('lends the unit through the one checkout form, with the unit chosen and fixed (issue #33)', async () => {
    const checkouts: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      [`GET /api/procurement/assets/${ID}`]: () =>
        json(200, {
          ...UNIT,
          state: 'available',
          custodianId: null,
          custodianName: null,
          openCheckoutId: null,
          blockedReason: null,
        }),
      'GET /api/asset-checkouts/borrowers': () =>
        json(200, [{ id: 'user-9', firstName: 'Casey', lastName: 'Cashier', email: null, role: 'cashier' }]),
      'GET /api/procurement/maintenance': () => json(200, []),
      'GET /api/procurement/safety-checks': () => json(200, []),
      'GET /api/procurement/writeoffs': () => json(200, []),
      'POST /api/asset-checkouts': ({ init }) => {
        checkouts.push(JSON.parse(String(init?.body)));
        return json(201, {
          product: { name: 'Cordless drill 18V' },
          user: { firstName: 'Casey', lastName: 'Cashier' },
        });
      },
    });
    renderApp(`/assets/unit?id=${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check out' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout Asset' });
    expect(within(dialog).getByTestId('checkout-unit').textContent).toContain('AST-2026-00007');
    expect(within(dialog).queryByRole('radiogroup', { name: 'What to lend' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Check Out' }));
    expect(await within(dialog).findByText('Choose who is borrowing the asset')).toBeTruthy();
    expect(checkouts).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: /Borrower/ }));
    await user.click(await screen.findByRole('option', { name: /Casey Cashier/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check Out' }));
    await waitFor(() =>
      expect(checkouts).toEqual([{ assetId: ID, userId: 'user-9', expectedReturnAt: null, notes: null }]),
    );
    expect(await screen.findByText('Cordless drill 18V is checked out to Casey Cashier.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout Asset' })).toBeNull());
  });

  it('submits a drafted write-off on the unit page, where it was drafted (issue #30 item 20)', async () => {
    const DRAFT: Writeoff = {
      id: 'wo-1',
      assetId: ID,
      assetTag: 'AST-2026-00007',
      itemName: 'Cordless drill 18V',
      departmentId: null,
      requestedBy: 'user-procurement_admin',
      requestedByName: 'Pat Rowe',
      approvedBy: null,
      approvedByName: null,
      status: 'draft',
      reason: 'damaged',
      conditionAtDisposal: null,
      salvageValueCurrency: 'USD',
      salvageValueAmount: null,
      disposalDate: null,
      disposalMethod: null,
      notes: null,
      decisionNote: null,
      createdAt: '2026-11-22T09:00:00.000Z',
    };
    const submitted: string[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      [`GET /api/procurement/assets/${ID}`]: () => json(200, { ...UNIT, state: 'available', openCheckoutId: null }),
      'GET /api/asset-checkouts/borrowers': () => json(200, []),
      'GET /api/procurement/maintenance': () => json(200, []),
      'GET /api/procurement/safety-checks': () => json(200, []),
      'GET /api/procurement/writeoffs': () =>
        json(200, [submitted.length > 0 ? { ...DRAFT, status: 'submitted' } : DRAFT]),
      'POST /api/procurement/writeoffs/wo-1/submit': () => {
        submitted.push('wo-1');
        return json(200, { ...DRAFT, status: 'submitted' });
      },
    });
    renderApp(`/assets/unit?id=${ID}`);
    const card = await screen.findByTestId('unit-writeoff', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(submitted).toEqual(['wo-1']));
    await waitFor(() => expect(screen.getByTestId('unit-writeoff').textContent).toContain('submitted'));
  });

  it('prints no label for a written-off unit (issue #30 item 20)', async () => {
    // (jsdom draws no barcodes, so the chosen units here are all written off: nothing is drawn.)
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      'GET /api/procurement/assets': () =>
        json(200, {
          assets: [
            { ...UNIT, id: 'a-1', assetTag: 'AST-2026-00001', state: 'written_off' },
            { ...UNIT, id: 'a-2', assetTag: 'AST-2026-00002', state: 'written_off' },
          ],
          total: 2,
          page: 1,
          pageSize: 200,
        }),
    });
    renderApp('/assets/labels?ids=a-1,a-2');
    expect((await screen.findByTestId('labels-skipped', {}, { timeout: 5000 })).textContent).toBe(
      '2 chosen units are written off: no label is printed for them.',
    );
    expect(screen.getByText('0 labels')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.queryByText('AST-2026-00001')).toBeNull();
  });

  it('without an id it says how to open a unit', async () => {
    mockServer({ ...sessionHandlers(userWithRole('manager')) });
    renderApp('/assets/unit');
    expect(await screen.findByText('No unit chosen', {}, { timeout: 5000 })).toBeTruthy();
  });
});
