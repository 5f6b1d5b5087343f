import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { PRINTER_MESSAGES, type Printer, type PrinterConnection } from '@retail-hub/shared';
import { IconPencil, IconPlugConnected, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { printTestPage, useBindTerminalPrinter, usePrinters, useSavePrinter, useTerminalPrinterId } from './api';
import { connectPort, grantedPort, supportsConnection } from './terminal-port';
import { registerTillPrinter } from './terminal-sender';
import { printsJobs, useTerminalId } from './use-terminal-printer';

type Draft = {
  id?: string;
  name: string;
  connection: PrinterConnection;
  host: string;
  port: number;
  paperWidth: 58 | 80;
};

const CONNECTIONS = [
  { value: 'network', label: 'Network (IP, port 9100)' },
  { value: 'usb', label: 'USB on the till (Chrome or Edge)' },
  { value: 'serial', label: 'Serial on the till (Chrome or Edge)' },
];

/** What a browser without WebUSB / Web Serial says about a printer plugged into the till. */
export const TILL_UNSUPPORTED_TEXT =
  "This browser cannot print to a printer plugged into the till (Chrome and Edge can): receipts use the browser's print window.";

/**
 * 'Connect on this till' (issue #36 item 1, docs/adr/0031 §10): the click lets the browser ask which
 * port or USB device is the printer, once; the till then sends this printer's jobs itself.
 */
function TillConnect({ printer, onConnected }: { printer: Printer; onConnected: (printerId: string) => void }) {
  const connection = printer.connection === 'serial' ? 'serial' : 'usb';
  const supported = supportsConnection(connection);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void grantedPort({ id: printer.id, connection })
      .then((port) => {
        if (!live || !port) return;
        setConnected(true);
        onConnected(printer.id);
        registerTillPrinter({ id: printer.id, connection });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [supported, printer.id, connection, onConnected]);
  const label = connection === 'serial' ? 'Serial' : 'USB';
  if (!supported)
    return (
      <Text size="xs" c="dark.6" maw={260}>
        {label} on the till. {TILL_UNSUPPORTED_TEXT}
      </Text>
    );
  const connect = async () => {
    try {
      await connectPort({ id: printer.id, connection });
      registerTillPrinter({ id: printer.id, connection });
      setConnected(true);
      onConnected(printer.id);
      notifySuccess({ title: 'Printer connected', message: `This till now sends ${printer.name}'s print jobs.` });
    } catch {
      notifyError({ title: 'Printer not connected', message: 'No printer was chosen, or the browser refused it.' });
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={connected ? 'green' : 'gray'} c="dark.7" variant="light">
        {connected ? `${label}: connected on this till` : `${label} on the till`}
      </Badge>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlugConnected size={14} aria-hidden />}
        aria-label={`${connected ? 'Connect again' : 'Connect on this till'}: ${printer.name}`}
        onClick={() => void connect()}
      >
        {connected ? 'Connect again' : 'Connect on this till'}
      </Button>
    </Group>
  );
}

function PrinterForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const save = useSavePrinter();
  const [value, setValue] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const local: Record<string, string> = {};
    if (!value.name.trim()) local.name = PRINTER_MESSAGES.name;
    if (value.connection === 'network' && !value.host.trim()) local.host = PRINTER_MESSAGES.host;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const body = {
      name: value.name.trim(),
      connection: value.connection,
      host: value.host.trim() || null,
      port: value.port,
      paperWidth: value.paperWidth,
    };
    save.mutate(
      { id: value.id, body },
      {
        onSuccess: (printer) => {
          notifySuccess({ title: 'Printer saved', message: `${printer.name} is saved.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.errors) setErrors(error.body.errors);
          else notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save the printer.' });
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={value.id ? 'Edit Printer' : 'Add Printer'}>
      <Stack gap="sm">
        <TextInput
          label="Printer Name"
          required
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Select
          label="Connection"
          data={CONNECTIONS}
          value={value.connection}
          allowDeselect={false}
          onChange={(c) => setValue({ ...value, connection: (c ?? 'network') as PrinterConnection })}
          description={
            value.connection === 'network'
              ? 'The server prints to it over the network: tablets need no driver.'
              : "Plugged into a till: that till's browser prints to it (Chrome or Edge). After saving, use Connect on this till there."
          }
        />
        {value.connection === 'network' ? (
          <Group grow align="flex-start">
            <TextInput
              label="Host or IP Address"
              required
              placeholder="192.168.1.50"
              value={value.host}
              onChange={(e) => setValue({ ...value, host: e.currentTarget.value })}
              error={errors.host}
            />
            <NumberInput
              label="Port"
              min={1}
              max={65535}
              value={value.port}
              onChange={(p) => setValue({ ...value, port: typeof p === 'number' ? p : 9100 })}
              error={errors.port}
            />
          </Group>
        ) : null}
        <Select
          label="Paper Width"
          data={[
            { value: '80', label: '80 mm' },
            { value: '58', label: '58 mm' },
          ]}
          value={String(value.paperWidth)}
          allowDeselect={false}
          onChange={(w) => setValue({ ...value, paperWidth: w === '58' ? 58 : 80 })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Printer'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Issue #36: the printer this browser's till prints to, chosen per terminal like its store. */
function ThisTerminalPrinter({ printers }: { printers: Printer[] }) {
  const terminalId = useTerminalId();
  const current = useTerminalPrinterId(terminalId);
  const bind = useBindTerminalPrinter();
  if (!terminalId) return null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="terminal-printer">
      <Select
        label="This terminal prints to"
        placeholder="No printer: the browser's print window"
        clearable
        w={280}
        data={printers.filter(printsJobs).map((p) => ({ value: p.id, label: p.name }))}
        value={current.data?.printerId ?? null}
        disabled={bind.isPending || current.isPending}
        onChange={(printerId) =>
          bind.mutate(
            { terminalId, printerId },
            {
              onSuccess: () =>
                notifySuccess({
                  title: 'Terminal printer saved',
                  message: printerId
                    ? `This terminal now prints to ${printers.find((p) => p.id === printerId)?.name ?? 'the printer'}.`
                    : "This terminal prints through the browser's print window.",
                }),
              onError: (error) =>
                notifyError({
                  title: 'Error',
                  message: serverMessage(error) ?? 'Failed to save the terminal printer.',
                }),
            },
          )
        }
      />
    </Group>
  );
}

/** Issue #36 item 1: the receipt printers (list, add, edit, Test) and this terminal's printer. */
export function PrintersPanel() {
  const printers = usePrinters();
  const [draft, setDraft] = useState<Draft | null>(null);
  // Printers plugged into this till whose port this browser may use (a test page can go to them).
  const [here, setHere] = useState<ReadonlySet<string>>(new Set());
  const connectedHere = useCallback((id: string) => setHere((s) => (s.has(id) ? s : new Set([...s, id]))), []);
  const list = printers.data ?? [];
  const test = async (printer: Printer) => {
    try {
      await printTestPage(printer.id);
      notifySuccess({ title: 'Test page sent', message: `A test page is on its way to ${printer.name}.` });
    } catch (error) {
      notifyError({ title: 'Error', message: serverMessage(error) ?? 'The test page could not be sent.' });
    }
  };
  return (
    <Card withBorder component="section" aria-label="Printers" data-testid="printers-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconPrinter size={22} aria-hidden />
            <Title order={2} size="h4">
              Printers
            </Title>
          </Group>
          <Button
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDraft({ name: '', connection: 'network', host: '', port: 9100, paperWidth: 80 })}
          >
            Add Printer
          </Button>
        </Group>
        {printers.isError ? (
          <Alert color="red" title="Printers could not be loaded">
            {serverMessage(printers.error) ?? 'Please try again.'}
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm">
            No receipt printer yet: receipts print through the browser's print window. Add a network thermal printer (58
            or 80 mm, ESC/POS) to print without a dialog, cut the paper and open the cash drawer.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Printers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Printer</Table.Th>
                  <Table.Th>Connection</Table.Th>
                  <Table.Th>Paper</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((p) => (
                  <Table.Tr key={p.id} data-testid="printer-row">
                    <Table.Td fw={600}>{p.name}</Table.Td>
                    <Table.Td>
                      {p.connection === 'network' ? (
                        <Text size="sm" ff="monospace">
                          {p.host}:{p.port}
                        </Text>
                      ) : (
                        <TillConnect printer={p} onConnected={connectedHere} />
                      )}
                    </Table.Td>
                    <Table.Td>{p.paperWidth} mm</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!p.serverPrintable && !here.has(p.id)}
                          onClick={() => void test(p)}
                          aria-label={`Test ${p.name}`}
                        >
                          Test
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          aria-label={`Edit ${p.name}`}
                          onClick={() =>
                            setDraft({
                              id: p.id,
                              name: p.name,
                              connection: p.connection,
                              host: p.host ?? '',
                              port: p.port,
                              paperWidth: p.paperWidth === 58 ? 58 : 80,
                            })
                          }
                        >
                          Edit
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ThisTerminalPrinter printers={list} />
      </Stack>
      {draft ? <PrinterForm draft={draft} onClose={() => setDraft(null)} /> : null}
    </Card>
  );
}
