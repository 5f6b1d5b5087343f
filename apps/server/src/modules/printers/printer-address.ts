import dns from 'node:dns/promises';
import net from 'node:net';
import { PRINTER_MESSAGES, PRINTER_PORT_RANGE } from '@retail-hub/shared';

/**
 * Issue #36 (docs/adr/0031, "Where a printer may be"): the server opens TCP connections to the hosts
 * a manager types in, so a printer is limited to what a printer is: a raw-printing port (9100–9109,
 * JetDirect and multi-port print servers) on an address of the store's network. Loopback, link-local
 * (169.254.0.0/16 holds the cloud metadata service), unspecified, multicast and broadcast addresses are
 * refused when the printer is saved and again after DNS at every send, which then connects to the
 * address it checked (no second lookup a DNS rebinding could answer differently).
 *
 * `PRINTERS_ALLOW_LOOPBACK` (tests, the E2E server, `npm run dev:printer`) lets a printer be on
 * 127.0.0.0/8 or ::1, on any port there: the fake printer listens on a free port of loopback.
 */
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const never = new net.BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4');
never.addSubnet('169.254.0.0', 16, 'ipv4');
never.addSubnet('224.0.0.0', 4, 'ipv4');
never.addAddress('255.255.255.255', 'ipv4');
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6');
never.addSubnet('ff00::', 8, 'ipv6');
// The IPv6 address of a cloud metadata service (AWS); its IPv4 one is link-local above.
never.addAddress('fd00:ec2::254', 'ipv6');

export type PrinterAddressPolicy = { allowLoopback: boolean };

const family = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');
const isLoopback = (address: string) => loopback.check(address, family(address));

/** Why an address may not be a printer's, or null when it may. */
export function addressRefusal(address: string, policy: PrinterAddressPolicy): string | null {
  if (!net.isIP(address)) return PRINTER_MESSAGES.hostNotAllowed;
  if (never.check(address, family(address))) return PRINTER_MESSAGES.hostNotAllowed;
  if (isLoopback(address) && !policy.allowLoopback) return PRINTER_MESSAGES.hostNotAllowed;
  return null;
}

const isPrinterPort = (port: number) => port >= PRINTER_PORT_RANGE.min && port <= PRINTER_PORT_RANGE.max;

/** The port is a printer's, or (with the escape hatch) every address is loopback: a fake printer. */
function portRefusal(port: number, addresses: string[], policy: PrinterAddressPolicy): string | null {
  if (isPrinterPort(port)) return null;
  if (policy.allowLoopback && addresses.length > 0 && addresses.every(isLoopback)) return null;
  return PRINTER_MESSAGES.port;
}

/** Addresses of `host` (an IP literal as it is); [] when the name does not resolve in time. */
export async function resolvePrinterHost(host: string, timeoutMs = 1_500): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return ['127.0.0.1', '::1'];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    const found = await Promise.race([dns.lookup(name, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * When a printer is saved: the field messages for a host or port it may not have (400), or null. A
 * name that does not resolve now is accepted (it is checked again at every send).
 */
export async function printerTargetProblems(
  host: string,
  port: number,
  policy: PrinterAddressPolicy,
): Promise<{ host?: string; port?: string } | null> {
  const addresses = await resolvePrinterHost(host);
  const hostProblem = addresses.map((a) => addressRefusal(a, policy)).find((p) => p !== null) ?? null;
  const portProblem = portRefusal(port, addresses, policy);
  if (!hostProblem && !portProblem) return null;
  return { ...(hostProblem ? { host: hostProblem } : {}), ...(portProblem ? { port: portProblem } : {}) };
}

/**
 * At send time: the address to connect to, or why not. Every address the name has must be allowed
 * (a name that also points at loopback is refused, not raced).
 */
export async function printerSendTarget(
  host: string,
  port: number,
  policy: PrinterAddressPolicy,
): Promise<{ address: string } | { refused: string } | { unresolved: true }> {
  const addresses = await resolvePrinterHost(host, 3_000);
  if (addresses.length === 0) return { unresolved: true };
  const problem =
    addresses.map((a) => addressRefusal(a, policy)).find((p) => p !== null) ?? portRefusal(port, addresses, policy);
  if (problem) return { refused: problem };
  return { address: addresses[0] as string };
}
