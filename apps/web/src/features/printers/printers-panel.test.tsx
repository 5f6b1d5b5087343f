import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import { PrintersPanel } from './printers-panel';

const printers = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Front counter',
    connection: 'network',
    host: '192.168.1.50',
    port: 9100,
    paperWidth: 80,
    storeId: null,
    serverPrintable: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Till USB',
    connection: 'usb',
    host: null,
    port: 9100,
    paperWidth: 58,
    storeId: null,
    serverPrintable: false,
  },
];

describe('the Printers card (issue #36)', () => {
  it('lists the printers; a USB printer is not printable yet and cannot be tested', async () => {
    mockServer({ 'GET /api/printers': () => json(200, printers) });
    renderWithProviders(<PrintersPanel />);
    const rows = await screen.findAllByTestId('printer-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Front counter192.168.1.50:910080 mmTestEdit',
      'Till USBUSB: not printable yet58 mmTestEdit',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Test Front counter' })).toBeEnabled();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Test Till USB' })).toBeDisabled();
  });

  it('Add Printer asks for the host of a network printer before sending anything', async () => {
    const fetchMock = mockServer({ 'GET /api/printers': () => json(200, []) });
    renderWithProviders(<PrintersPanel />);
    expect(await screen.findByText(/No receipt printer yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Printer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Printer' });
    await user.type(within(dialog).getByLabelText(/Printer Name/), 'Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Save Printer' }));
    expect(await within(dialog).findByText('A network printer needs a host name or IP address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
