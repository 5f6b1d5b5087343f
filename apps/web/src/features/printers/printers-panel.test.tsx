import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer } from '@/test/server';
import { PrintersPanel, TILL_UNSUPPORTED_TEXT } from './printers-panel';
import { forgetPorts } from './terminal-port';
import { resetTillSender } from './terminal-sender';

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
    sentBy: 'server',
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
    sentBy: 'terminal',
  },
];

describe('the Printers card (issue #36)', () => {
  it('lists the printers; in a browser without WebUSB a USB printer says so and cannot be tested', async () => {
    mockServer({ 'GET /api/printers': () => json(200, printers) });
    renderWithProviders(<PrintersPanel />);
    const rows = await screen.findAllByTestId('printer-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Front counter192.168.1.50:910080 mmTestEdit',
      `Till USBUSB on the till. ${TILL_UNSUPPORTED_TEXT}58 mmTestEdit`,
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Test Front counter' })).toBeEnabled();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Test Till USB' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Connect on this till: Till USB' })).toBeNull();
  });

  it('Connect on this till asks for a USB printer-class device; then the printer can be tested from this till', async () => {
    mockServer({ 'GET /api/printers': () => json(200, printers) });
    const device = {
      opened: false,
      vendorId: 1208,
      productId: 514,
      configuration: null,
      open: vi.fn(),
      selectConfiguration: vi.fn(),
      claimInterface: vi.fn(),
      transferOut: vi.fn(),
    };
    const requestDevice = vi.fn(async () => device);
    Object.defineProperty(navigator, 'usb', {
      value: { getDevices: async () => [], requestDevice },
      configurable: true,
    });
    try {
      renderWithProviders(<PrintersPanel />);
      const connect = await screen.findByRole('button', { name: 'Connect on this till: Till USB' });
      expect(screen.getByText('USB on the till')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Test Till USB' })).toBeDisabled();
      await userEvent.setup().click(connect);
      expect(requestDevice).toHaveBeenCalledWith({ filters: [{ classCode: 7 }] });
      expect(await screen.findByText('USB: connected on this till')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Test Till USB' })).toBeEnabled();
    } finally {
      Reflect.deleteProperty(navigator, 'usb');
      forgetPorts();
      resetTillSender();
    }
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
