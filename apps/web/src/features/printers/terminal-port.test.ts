import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectPort,
  forgetPorts,
  grantedPort,
  type NavigatorLike,
  PortError,
  type SerialPortLike,
  supportsConnection,
  USB_PRINTER_CLASS,
  type UsbDeviceLike,
} from './terminal-port';

/** A fake Web Serial port: what was written, and how it was opened. */
function fakeSerialPort(options: { failOpen?: boolean; failWrite?: boolean; vendor?: number } = {}) {
  const written: number[] = [];
  const opened: Array<{ baudRate: number }> = [];
  let writable: WritableStream<Uint8Array> | null = null;
  const port: SerialPortLike = {
    get writable() {
      return writable;
    },
    async open(o) {
      if (options.failOpen) throw new DOMException('Failed to open serial port.', 'NetworkError');
      opened.push(o);
      writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (options.failWrite) throw new DOMException('The device has been lost.', 'NetworkError');
          written.push(...chunk);
        },
      });
    },
    getInfo: () => ({ usbVendorId: options.vendor ?? 0x0416, usbProductId: 0x5011 }),
  };
  return { port, written, opened };
}

/** A fake WebUSB printer: a vendor interface 0 and the printer-class interface 1 with bulk OUT 3. */
function fakeUsbDevice(options: { transfer?: 'ok' | 'short' | 'throw'; noPrinterInterface?: boolean } = {}) {
  const sent: Array<{ endpoint: number; bytes: number[] }> = [];
  const claimed: number[] = [];
  let opened = false;
  let configured = false;
  const interfaces = [
    {
      interfaceNumber: 0,
      claimed: false,
      alternates: [
        {
          alternateSetting: 0,
          interfaceClass: 255,
          endpoints: [{ endpointNumber: 1, direction: 'out', type: 'bulk' }],
        },
      ],
    },
    ...(options.noPrinterInterface
      ? []
      : [
          {
            interfaceNumber: 1,
            claimed: false,
            alternates: [
              {
                alternateSetting: 0,
                interfaceClass: USB_PRINTER_CLASS,
                endpoints: [
                  { endpointNumber: 2, direction: 'in', type: 'bulk' },
                  { endpointNumber: 3, direction: 'out', type: 'bulk' },
                ],
              },
            ],
          },
        ]),
  ] as NonNullable<UsbDeviceLike['configuration']>['interfaces'];
  const device: UsbDeviceLike = {
    vendorId: 0x04b8,
    productId: 0x0202,
    serialNumber: 'TM-T20',
    get opened() {
      return opened;
    },
    get configuration() {
      return configured ? { interfaces } : null;
    },
    async open() {
      opened = true;
    },
    async selectConfiguration(value) {
      expect(value).toBe(1);
      configured = true;
    },
    async claimInterface(n) {
      claimed.push(n);
      const found = interfaces.find((i) => i.interfaceNumber === n);
      if (found) found.claimed = true;
    },
    async transferOut(endpoint, data) {
      if (options.transfer === 'throw') throw new DOMException('A transfer error has occurred.', 'NetworkError');
      sent.push({ endpoint, bytes: [...data] });
      return { status: 'ok', bytesWritten: options.transfer === 'short' ? data.length - 1 : data.length };
    },
  };
  return { device, sent, claimed };
}

const RECEIPT = Uint8Array.from([0x1b, 0x40, 0x41, 0x0a, 0x1d, 0x56, 0x00]);
const printer = (connection: 'usb' | 'serial', id = `p-${connection}`) => ({ id, connection });

afterEach(() => {
  forgetPorts();
  localStorage.clear();
});

describe('terminal-port (issue #36 item 1): Web Serial', () => {
  it('uses a port granted before without asking, opens it at 9600 baud once, and writes the bytes', async () => {
    const { port, written, opened } = fakeSerialPort();
    const requestPort = vi.fn();
    const nav: NavigatorLike = { serial: { getPorts: async () => [port], requestPort } };
    const found = await grantedPort(printer('serial'), nav);
    if (!found) throw new Error('no port');
    await found.write(RECEIPT);
    await found.write(RECEIPT);
    expect(written).toEqual([...RECEIPT, ...RECEIPT]);
    expect(opened).toEqual([{ baudRate: 9600 }]);
    expect(requestPort).not.toHaveBeenCalled();
  });

  it('no granted port: null (nothing asked); Connect asks and remembers which port of several is the printer', async () => {
    const a = fakeSerialPort({ vendor: 1 });
    const b = fakeSerialPort({ vendor: 2 });
    const granted: SerialPortLike[] = [];
    const nav: NavigatorLike = {
      serial: {
        getPorts: async () => granted,
        requestPort: vi.fn(async () => {
          granted.push(a.port, b.port);
          return b.port;
        }),
      },
    };
    expect(await grantedPort(printer('serial'), nav)).toBeNull();
    await (await connectPort(printer('serial'), nav)).write(RECEIPT);
    expect(b.written).toEqual([...RECEIPT]);
    forgetPorts();
    // A reload: of the two granted ports, the remembered one is the printer.
    await (await grantedPort(printer('serial'), nav))?.write(RECEIPT);
    expect(b.written).toHaveLength(RECEIPT.length * 2);
    expect(a.written).toEqual([]);
  });

  it('a port that will not open: not sent (partial false); a write that fails: unknown (partial true)', async () => {
    const closed = fakeSerialPort({ failOpen: true });
    await expect(
      (
        await grantedPort(printer('serial', 'x'), {
          serial: { getPorts: async () => [closed.port], requestPort: vi.fn() },
        })
      )?.write(RECEIPT),
    ).rejects.toMatchObject({ reason: 'not_connected', partial: false });
    const lost = fakeSerialPort({ failWrite: true });
    const error = await (
      await grantedPort(printer('serial', 'y'), { serial: { getPorts: async () => [lost.port], requestPort: vi.fn() } })
    )
      ?.write(RECEIPT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortError);
    expect(error).toMatchObject({ reason: 'write_failed', partial: true });
  });
});

describe('terminal-port (issue #36 item 1): WebUSB', () => {
  it('asks for a device of the printer class, claims the printer interface and writes to its bulk OUT endpoint', async () => {
    const { device, sent, claimed } = fakeUsbDevice();
    const requestDevice = vi.fn(async () => device);
    const nav: NavigatorLike = { usb: { getDevices: async () => [], requestDevice } };
    expect(await grantedPort(printer('usb'), nav)).toBeNull();
    const port = await connectPort(printer('usb'), nav);
    expect(requestDevice).toHaveBeenCalledWith({ filters: [{ classCode: 7 }] });
    await port.write(RECEIPT);
    await port.write(RECEIPT);
    expect(claimed).toEqual([1]);
    expect(sent).toEqual([
      { endpoint: 3, bytes: [...RECEIPT] },
      { endpoint: 3, bytes: [...RECEIPT] },
    ]);
  });

  it('a device without a printer interface is not sent to; a short or failed transfer is unknown', async () => {
    const none = fakeUsbDevice({ noPrinterInterface: true });
    const nav = (d: UsbDeviceLike): NavigatorLike => ({ usb: { getDevices: async () => [d], requestDevice: vi.fn() } });
    await expect((await grantedPort(printer('usb', 'a'), nav(none.device)))?.write(RECEIPT)).rejects.toMatchObject({
      reason: 'not_connected',
      partial: false,
    });
    expect(none.sent).toEqual([]);
    const short = fakeUsbDevice({ transfer: 'short' });
    await expect((await grantedPort(printer('usb', 'b'), nav(short.device)))?.write(RECEIPT)).rejects.toMatchObject({
      reason: 'write_failed',
      partial: true,
    });
    const broken = fakeUsbDevice({ transfer: 'throw' });
    await expect((await grantedPort(printer('usb', 'c'), nav(broken.device)))?.write(RECEIPT)).rejects.toMatchObject({
      reason: 'write_failed',
      partial: true,
    });
  });

  it('feature detection: Firefox and Safari have neither API, and Connect says so', async () => {
    expect(supportsConnection('usb', {})).toBe(false);
    expect(supportsConnection('serial', {})).toBe(false);
    expect(supportsConnection('serial', { serial: { getPorts: async () => [], requestPort: vi.fn() } })).toBe(true);
    await expect(connectPort(printer('usb'), {})).rejects.toMatchObject({ reason: 'unsupported' });
    expect(await grantedPort(printer('usb'), {})).toBeNull();
  });
});
