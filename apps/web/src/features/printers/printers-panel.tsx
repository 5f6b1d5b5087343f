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
import { IconPencil, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { printTestPage, useBindTerminalPrinter, usePrinters, useSavePrinter, useTerminalPrinterId } from './api';
import { useTerminalId } from './use-terminal-printer';

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
  { value: 'usb', label: 'USB on this till (not printable yet)' },
  { value: 'serial', label: 'Serial on this till (not printable yet)' },
];

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
              : 'Recorded for later: this version prints only to network printers.'
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
        data={printers.filter((p) => p.serverPrintable).map((p) => ({ value: p.id, label: p.name }))}
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
                        <Badge color="gray" c="dark.7" variant="light">
                          {p.connection.toUpperCase()}: not printable yet
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{p.paperWidth} mm</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!p.serverPrintable}
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
