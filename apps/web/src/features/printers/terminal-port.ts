import type { PrinterConnection, TerminalSendError } from '@retail-hub/shared';

/**
 * Issue #36 item 1, printers plugged into the till (docs/adr/0031 §10): one small interface, `write`,
 * over the two ways a browser reaches a printer on its own machine: Web Serial (`navigator.serial`)
 * and WebUSB (`navigator.usb`). Chromium browsers have both; Firefox and Safari have neither, and there
 * receipts print through the browser's print window (spec §4).
 *
 * `write` fails with a `PortError`: `partial: false` when no byte left the browser (no permission, the
 * printer unplugged before writing: the job may be sent again), `partial: true` when the write failed
 * part-way (the job may have printed: it is never sent again by itself).
 */
export interface TerminalPort {
  write(bytes: Uint8Array): Promise<void>;
}

export type TillConnection = Exclude<PrinterConnection, 'network'>;

export class PortError extends Error {
  constructor(
    readonly reason: TerminalSendError,
    readonly partial: boolean,
  ) {
    super(reason);
    this.name = 'PortError';
  }
}

// The few parts of the Web Serial and WebUSB APIs used here (not in TypeScript's DOM library).
type SerialPortInfo = { usbVendorId?: number; usbProductId?: number };
export type SerialPortLike = {
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
  getInfo?(): SerialPortInfo;
};
export type SerialLike = {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options?: object): Promise<SerialPortLike>;
};
type UsbEndpoint = { endpointNumber: number; direction: 'in' | 'out'; type: 'bulk' | 'interrupt' | 'isochronous' };
type UsbAlternate = { alternateSetting: number; interfaceClass: number; endpoints: UsbEndpoint[] };
type UsbInterface = { interfaceNumber: number; claimed: boolean; alternates: UsbAlternate[] };
export type UsbDeviceLike = {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly serialNumber?: string | undefined;
  readonly configuration: { interfaces: UsbInterface[] } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array): Promise<{ status: string; bytesWritten: number }>;
};
export type UsbLike = {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: Array<{ classCode: number }> }): Promise<UsbDeviceLike>;
};
export type NavigatorLike = { serial?: SerialLike; usb?: UsbLike };

/** The USB printer class: WebUSB offers only printers in its chooser. */
export const USB_PRINTER_CLASS = 7;
/** A serial receipt printer's usual speed (ESC/POS printers default to 9600 8N1). */
export const SERIAL_BAUD_RATE = 9600;

const browserNavigator = (): NavigatorLike => (typeof navigator === 'undefined' ? {} : (navigator as NavigatorLike));

/** Can this browser reach a printer of this connection on the till? */
export function supportsConnection(connection: TillConnection, nav: NavigatorLike = browserNavigator()): boolean {
  return connection === 'serial' ? Boolean(nav.serial) : Boolean(nav.usb);
}

/** Web Serial: opened once at 9600 baud, then each job written through the port's stream. */
export function serialPort(port: SerialPortLike, baudRate = SERIAL_BAUD_RATE): TerminalPort {
  return {
    async write(bytes) {
      let writer: WritableStreamDefaultWriter<Uint8Array>;
      try {
        if (!port.writable) await port.open({ baudRate });
        if (!port.writable) throw new Error('not writable');
        writer = port.writable.getWriter();
      } catch {
        throw new PortError('not_connected', false);
      }
      try {
        await writer.write(bytes);
      } catch {
        throw new PortError('write_failed', true);
      } finally {
        writer.releaseLock();
      }
    },
  };
}

/**
 * WebUSB: the device opened, its configuration selected, its printer-class interface claimed, and
 * each job sent to that interface's bulk OUT endpoint.
 */
export function usbPort(device: UsbDeviceLike): TerminalPort {
  return {
    async write(bytes) {
      let endpoint: number;
      try {
        if (!device.opened) await device.open();
        if (!device.configuration) await device.selectConfiguration(1);
        const iface = device.configuration?.interfaces.find((i) =>
          i.alternates.some((a) => a.interfaceClass === USB_PRINTER_CLASS),
        );
        const out = iface?.alternates
          .find((a) => a.interfaceClass === USB_PRINTER_CLASS)
          ?.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
        if (!iface || !out) throw new Error('no printer interface');
        if (!iface.claimed) await device.claimInterface(iface.interfaceNumber);
        endpoint = out.endpointNumber;
      } catch {
        throw new PortError('not_connected', false);
      }
      let result: { status: string; bytesWritten: number };
      try {
        result = await device.transferOut(endpoint, bytes);
      } catch {
        throw new PortError('write_failed', true);
      }
      if (result.status !== 'ok' || result.bytesWritten !== bytes.length) throw new PortError('write_failed', true);
    },
  };
}

/** Which port or device a printer is, remembered per printer on this till (vendor/product ids). */
type Identity = { vendorId?: number | undefined; productId?: number | undefined; serialNumber?: string | undefined };
const identityKey = (printerId: string) => `retail-hub.till-printer.${printerId}`;

function remembered(printerId: string): Identity | null {
  try {
    const raw = localStorage.getItem(identityKey(printerId));
    return raw ? (JSON.parse(raw) as Identity) : null;
  } catch {
    return null;
  }
}

function remember(printerId: string, identity: Identity): void {
  try {
    localStorage.setItem(identityKey(printerId), JSON.stringify(identity));
  } catch {
    // Private mode: the only granted port is taken next time.
  }
}

const serialIdentity = (port: SerialPortLike): Identity => {
  const info = port.getInfo?.() ?? {};
  return { vendorId: info.usbVendorId, productId: info.usbProductId };
};
const usbIdentity = (device: UsbDeviceLike): Identity => ({
  vendorId: device.vendorId,
  productId: device.productId,
  serialNumber: device.serialNumber,
});
const sameIdentity = (a: Identity, b: Identity) =>
  a.vendorId === b.vendorId && a.productId === b.productId && (a.serialNumber ?? null) === (b.serialNumber ?? null);

/** The one of several granted ports that is this printer: the remembered one, else the only one. */
function pick<T>(items: T[], identityOf: (item: T) => Identity, printerId: string): T | null {
  const known = remembered(printerId);
  const match = known ? items.find((item) => sameIdentity(identityOf(item), known)) : undefined;
  return match ?? (items.length === 1 ? (items[0] ?? null) : null);
}

const open = new Map<string, TerminalPort>();

/**
 * The port this till was already allowed to use for the printer (`getPorts()` / `getDevices()`, no
 * prompt), or null: then 'Connect on this till' asks (a user gesture).
 */
export async function grantedPort(
  printer: { id: string; connection: TillConnection },
  nav: NavigatorLike = browserNavigator(),
): Promise<TerminalPort | null> {
  const cached = open.get(printer.id);
  if (cached) return cached;
  let port: TerminalPort | null = null;
  if (printer.connection === 'serial' && nav.serial) {
    const found = pick(await nav.serial.getPorts(), serialIdentity, printer.id);
    port = found ? serialPort(found) : null;
  } else if (printer.connection === 'usb' && nav.usb) {
    const devices = (await nav.usb.getDevices()).filter(
      (d) =>
        !d.configuration ||
        d.configuration.interfaces.some((i) => i.alternates.some((a) => a.interfaceClass === USB_PRINTER_CLASS)),
    );
    const found = pick(devices, usbIdentity, printer.id);
    port = found ? usbPort(found) : null;
  }
  if (port) open.set(printer.id, port);
  return port;
}

/**
 * Asks the person to choose the printer's port (`requestPort()` / `requestDevice()` with the USB
 * printer class): only from a click, the browser refuses it otherwise. Rejects when they cancel.
 */
export async function connectPort(
  printer: { id: string; connection: TillConnection },
  nav: NavigatorLike = browserNavigator(),
): Promise<TerminalPort> {
  let port: TerminalPort;
  if (printer.connection === 'serial' && nav.serial) {
    const chosen = await nav.serial.requestPort();
    remember(printer.id, serialIdentity(chosen));
    port = serialPort(chosen);
  } else if (printer.connection === 'usb' && nav.usb) {
    const chosen = await nav.usb.requestDevice({ filters: [{ classCode: USB_PRINTER_CLASS }] });
    remember(printer.id, usbIdentity(chosen));
    port = usbPort(chosen);
  } else {
    throw new PortError('unsupported', false);
  }
  open.set(printer.id, port);
  return port;
}

/** Forgets a printer's port opened in this page (unplugged: `grantedPort` finds it again), or all. */
export function forgetPorts(printerId?: string): void {
  if (printerId) open.delete(printerId);
  else open.clear();
}
