import { parseArgs } from 'node:util';
import { FakePrinter } from './fake-printer';

/**
 * `npm run dev:printer -- --port N` (issue #36): a fake ESC/POS network printer on 127.0.0.1 that prints
 * what it receives as text, with [CUT], [PULSE] and [QR …] where those commands came. Add it in
 * Terminals → Printers as a network printer at host 127.0.0.1 and this port.
 */
const { values } = parseArgs({ options: { port: { type: 'string', default: '9100' } } });
const printer = new FakePrinter(Number(values.port));
printer.onJob((job) => {
  process.stdout.write(`\n===== job at ${job.receivedAt.toISOString()} (${job.bytes.length} bytes) =====\n`);
  process.stdout.write(`${job.lines.join('\n')}\n`);
  process.stdout.write(`===== ${job.cuts} cut(s), ${job.pulses} drawer pulse(s) =====\n`);
});
const port = await printer.start();
process.stdout.write(`Fake ESC/POS printer listening on 127.0.0.1:${port}\n`);
const stop = () => void printer.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
