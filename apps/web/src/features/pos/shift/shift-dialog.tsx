import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ERROR_CODES,
  formatMoney,
  type HeldSalesChoice,
  parseCents,
  paymentMethodTitle,
  type RetailStore,
} from '@retail-hub/shared';
import { IconFileDownload, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { openDrawerForFloat, useTerminalPrinter } from '@/features/printers';
import { useMyStores } from '@/features/retail-stores';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { money, sanitizeMoneyInput, toCents } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type EndedShift, useEndShift } from '../api/end-shift';
import { shiftCsvUrl } from '../api/shift-reports';
import { useStartShift } from '../api/start-shift';
import { DraggableModal } from '../components/draggable-modal';
import { unsyncedCount, useTerminalSync } from '../sync/use-terminal-sync';
import type { Shift, ShiftSummary } from '../types';
import { printReport, printReportOnPrinter } from './print-report';

type ShiftDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The open shift, or null when none. */
  shift: Shift | null;
  /** Issue #32 item 2: the stores when there are several ([] with one: no picker). */
  stores?: RetailStore[];
  /** The store this terminal is bound to (the shift starts there; no picker). */
  boundStoreId?: string | null;
};

export function shiftTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** An optional amount: '' is "not entered"; anything else must be a valid amount. */
function optionalAmount(value: string): { ok: boolean; amount?: string } {
  if (value.trim() === '') return { ok: true };
  return parseCents(value) === null ? { ok: false } : { ok: true, amount: value.trim() };
}

const negative = (value: string | null | undefined) => formatMoney(-toCents(value));

function SummaryTable({ summary }: { summary: ShiftSummary }) {
  const overShort = summary.overShort;
  const rows: [string, string][] = [
    ['Sales', String(summary.salesCount)],
    ['Items sold', String(summary.itemsSold)],
    ...summary.totalsByMethod.map((entry): [string, string] => [
      `${paymentMethodTitle(entry.paymentMethod)} (${entry.count})`,
      money(entry.total),
    ]),
    ['Subtotal', money(summary.subtotal)],
    ['Card fees', money(summary.cardFees)],
    ['Total', money(summary.total)],
    // Issue #15 item 5: refunds given in this shift are money going back, shown negative.
    ...(summary.refundsCount
      ? ([[`Refunds (${summary.refundsCount})`, negative(summary.refundsTotal)]] as [string, string][])
      : []),
    ['Opening float', money(summary.openingFloat)],
    ['Cash sales', money(summary.cashSales)],
    ...(toCents(summary.cashRefunds) > 0
      ? ([['Cash refunds', negative(summary.cashRefunds)]] as [string, string][])
      : []),
    ['Expected cash', money(summary.expectedCash)],
  ];
  if (summary.countedCash !== null) rows.push(['Counted cash', money(summary.countedCash)]);
  if (overShort !== null) rows.push(['Over / short', money(overShort)]);
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="shift-summary">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={600}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * spec §2 Shift Management dialog: start or end a shift; it says a shift must be started before
 * sales; buttons read 'Starting...' / 'Ending...' while pending (spec §8 Shifts toasts). Beyond
 * the spec (issue #4): an optional opening float, and on ending an optional counted cash and the
 * shift summary the server returns.
 */
export function ShiftDialog({ opened, onClose, shift, stores = [], boundStoreId = null }: ShiftDialogProps) {
  const startShift = useStartShift();
  const endShift = useEndShift();
  const timeZone = useStoreTimeZone();
  const printer = useTerminalPrinter();
  const [openingFloat, setOpeningFloat] = useState('');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [storeError, setStoreError] = useState<string | undefined>();
  const boundStore = stores.find((s) => s.id === boundStoreId) ?? null;
  // Issue #32 item 2: the picker offers only the stores this user may sell at (the server refuses
  // the others with 403 anyway); until that list arrives, every store.
  const mine = useMyStores({ enabled: opened && stores.length > 0 && !boundStore });
  const allowedIds = mine.data ? new Set(mine.data.map((s) => s.id)) : null;
  const offered = allowedIds ? stores.filter((s) => allowedIds.has(s.id)) : stores;
  const [countedCash, setCountedCash] = useState('');
  const [ended, setEnded] = useState<EndedShift | null>(null);
  // Issue #35 item 3: the shift has held sales waiting: the server's message, and the manager's choice.
  const [heldWaiting, setHeldWaiting] = useState<string | null>(null);
  const [heldAction, setHeldAction] = useState<HeldSalesChoice>('keep');
  const [heldReason, setHeldReason] = useState('');
  const [approverPin, setApproverPin] = useState('');
  const [heldError, setHeldError] = useState<string | null>(null);
  // What the dialog is for is fixed when it opens, so it does not flip to the other form while it
  // closes after a success (the shift changes at once in the cache).
  const [mode, setMode] = useState<'start' | 'end'>(shift ? 'end' : 'start');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setOpeningFloat('');
    setStoreId(null);
    setStoreError(undefined);
    setCountedCash('');
    setEnded(null);
    setHeldWaiting(null);
    setHeldAction('keep');
    setHeldReason('');
    setApproverPin('');
    setHeldError(null);
    setMode(shift ? 'end' : 'start');
  }, [opened]);

  const isBusy = startShift.isPending || endShift.isPending;
  const unsynced = unsyncedCount(useTerminalSync());
  const floatInput = optionalAmount(openingFloat);
  const countedInput = optionalAmount(countedCash);

  const chosenStoreId = storeId ?? (offered.length === 1 ? (offered[0]?.id ?? null) : null);
  const start = () => {
    const input = {
      ...(floatInput.amount ? { openingFloat: floatInput.amount } : {}),
      // Issue #32: the store chosen here when the terminal is not bound (else the server decides).
      ...(chosenStoreId && !boundStore ? { storeId: chosenStoreId } : {}),
    };
    startShift.mutate(input, {
      onSuccess: () => {
        notifySuccess({ title: 'Shift Started', message: 'Your shift has started. You can now make sales.' });
        // Issue #36: the drawer opens for the float to be counted in (once, just after the start).
        if (printer)
          void openDrawerForFloat(printer.id).catch((error: unknown) =>
            notifyError({
              title: 'Drawer Not Opened',
              message: serverMessage(error) ?? 'The cash drawer could not be opened. Please try again.',
            }),
          );
        onClose();
      },
      onError: (error) => {
        // Issue #32: no store chosen (400) or a store this user may not sell at (403): said at the picker.
        const message = serverMessage(error);
        if (stores.length > 0 && message && /store/i.test(message)) setStoreError(message);
        else notifyError({ title: 'Error', message: 'Failed to start shift. Please try again.' });
      },
    });
  };
  const end = () => {
    if (heldWaiting && heldAction === 'discard' && !heldReason.trim()) {
      setHeldError('Give a reason for discarding the held sales');
      return;
    }
    const input = {
      ...(countedInput.amount ? { countedCash: countedInput.amount } : {}),
      ...(heldWaiting
        ? {
            heldSales: { action: heldAction, ...(heldAction === 'discard' ? { reason: heldReason.trim() } : {}) },
            ...(approverPin ? { approverPin } : {}),
          }
        : {}),
    };
    endShift.mutate(input, {
      onSuccess: (result) => {
        notifySuccess({ title: 'Shift Ended', message: 'Your shift has ended.' });
        setEnded(result);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.code === ERROR_CODES.heldSalesUnresolved) {
          setHeldWaiting(serverMessage(error) ?? 'Held sales of this shift are still waiting.');
          return;
        }
        // A missing or wrong manager PIN, or a reason: said at the choice.
        if (heldWaiting && error instanceof ApiError && error.status < 500) {
          setHeldError(serverMessage(error) ?? 'The held sales could not be settled.');
          return;
        }
        notifyError({ title: 'Error', message: 'Failed to end shift. Please try again.' });
      },
    });
  };

  return (
    <DraggableModal opened={opened} onClose={onClose} title="Shift Management" isBusy={isBusy}>
      {ended ? (
        <Stack gap="md">
          <Text>
            Shift ended at {shiftTime(ended.summary.endedAt ?? ended.shift.endedAt)}. Its sales stay recorded to you.
          </Text>
          {stores.length > 0 && ended.zReport?.store ? (
            <Text data-testid="ended-shift-store">
              Store: <b>{ended.zReport.store.name}</b>
            </Text>
          ) : null}
          <SummaryTable summary={ended.summary} />
          {ended.zReport ? (
            // Issue #15 item 8: the Z report written with the close, printed from the stored copy.
            <Group grow gap="sm">
              <Button
                leftSection={<IconPrinter size={18} aria-hidden />}
                aria-label={`Print Z Report #${ended.zReport.number}`}
                onClick={() => {
                  const report = ended.zReport;
                  if (!report) return;
                  // Issue #36: the till's thermal printer when it has one, else the print window.
                  if (printer)
                    void printReportOnPrinter(
                      { kind: 'Z', shiftId: report.shiftId, number: report.number },
                      printer.id,
                    );
                  else void printReport(async () => report, 'receipt', timeZone);
                }}
              >
                Print Z #{ended.zReport.number}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
                aria-label={`Print Z Report #${ended.zReport.number} on A4`}
                onClick={() => {
                  const report = ended.zReport;
                  if (report) void printReport(async () => report, 'a4', timeZone);
                }}
              >
                Print A4
              </Button>
            </Group>
          ) : null}
          <Button
            component="a"
            href={shiftCsvUrl(ended.summary.shiftId)}
            download
            variant="default"
            fullWidth
            leftSection={<IconFileDownload size={18} aria-hidden />}
          >
            Download Shift CSV
          </Button>
          <Button onClick={onClose} fullWidth>
            Done
          </Button>
        </Stack>
      ) : mode === 'end' && shift ? (
        <Stack gap="md">
          <Text>
            Your shift started at <b>{shiftTime(shift.startedAt)}</b>
            {shift.openingFloat ? ` with an opening float of ${money(shift.openingFloat)}` : ''}.
          </Text>
          <TextInput
            label="Counted Cash (optional)"
            description="Cash in the drawer now; the summary shows any over or short."
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            value={countedCash}
            onChange={(event) => setCountedCash(sanitizeMoneyInput(event.currentTarget.value))}
            error={countedInput.ok ? undefined : 'Must be an amount like 12.50'}
          />
          {unsynced > 0 ? (
            // Issue #19: the shift's figures close without the sales still in the outbox.
            <Alert color="orange" variant="light" role="alert" title="Unsynced sales" data-testid="end-shift-unsynced">
              {unsynced === 1 ? '1 sale made offline has' : `${unsynced} sales made offline have`} not reached the
              server yet. Wait until the terminal shows none unsynced; if you end the shift now, they are still
              recorded, as late sales in your next shift's report, and this shift's figures will not include them.
            </Alert>
          ) : null}
          {heldWaiting ? (
            <Stack gap="sm" data-testid="end-shift-held-sales">
              <Alert color="orange" variant="light" role="alert" title="Held sales waiting">
                {heldWaiting}
              </Alert>
              <Radio.Group
                label="Manager's choice"
                value={heldAction}
                onChange={(value) => {
                  setHeldAction(value as HeldSalesChoice);
                  setHeldError(null);
                }}
              >
                <Stack gap={6} mt={4}>
                  <Radio value="keep" label="Keep them for the next shift" />
                  <Radio value="discard" label="Discard them" />
                </Stack>
              </Radio.Group>
              {heldAction === 'discard' ? (
                <Textarea
                  label="Reason"
                  value={heldReason}
                  maxLength={500}
                  onChange={(event) => {
                    setHeldReason(event.currentTarget.value);
                    setHeldError(null);
                  }}
                />
              ) : null}
              <PasswordInput
                label="Manager PIN"
                description="Not needed when a manager ends their own shift."
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={approverPin}
                onChange={(event) => {
                  setApproverPin(event.currentTarget.value.replace(/\D/g, ''));
                  setHeldError(null);
                }}
              />
              {heldError ? (
                <Text c="red.8" size="sm" role="alert">
                  {heldError}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Divider />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button color="red" onClick={end} disabled={isBusy || !countedInput.ok}>
              {endShift.isPending ? 'Ending...' : unsynced > 0 ? 'End Shift Anyway' : 'End Shift'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="navy" variant="light" icon={<IconInfoCircle aria-hidden />}>
            A shift must be started before you can make sales.
          </Alert>
          {stores.length > 0 ? (
            boundStore ? (
              <Text data-testid="shift-store">
                Store: <b>{boundStore.name}</b>
              </Text>
            ) : (
              <Select
                label="Store"
                placeholder="Choose the store"
                data={offered.map((s) => ({ value: s.id, label: s.name }))}
                value={chosenStoreId}
                onChange={(id) => {
                  setStoreId(id);
                  setStoreError(undefined);
                }}
                error={storeError}
                comboboxProps={{ withinPortal: false }}
              />
            )
          ) : null}
          {boundStore && storeError ? (
            <Alert color="red" variant="light" role="alert">
              {storeError}
            </Alert>
          ) : null}
          <TextInput
            label="Opening Float (optional)"
            description="Cash in the drawer at the start of the shift."
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            value={openingFloat}
            onChange={(event) => setOpeningFloat(sanitizeMoneyInput(event.currentTarget.value))}
            error={floatInput.ok ? undefined : 'Must be an amount like 12.50'}
            data-autofocus
            // issue #22: Enter starts the shift, as the form's main action.
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || isBusy || !floatInput.ok) return;
              event.preventDefault();
              start();
            }}
          />
          <Divider />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button color="green" onClick={start} disabled={isBusy || !floatInput.ok}>
              {startShift.isPending ? 'Starting...' : 'Start Shift'}
            </Button>
          </Group>
        </Stack>
      )}
    </DraggableModal>
  );
}
