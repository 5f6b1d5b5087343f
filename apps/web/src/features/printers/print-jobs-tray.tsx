import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { can, PRINTER_MESSAGES, type PrintJob } from '@retail-hub/shared';
import { IconCashRegister, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApproverPinInput, pinProblem } from '@/components/approver-pin-input';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { openDrawer, printJobPath, retryPrintJob, usePrinters } from './api';
import { forgetJob, subscribeJobs, type TrackedJob, trackedJobs, trackJob, updateTrackedJob } from './jobs-store';
import { isTillPrinter, sendFromThisTill } from './terminal-sender';
import { useTerminalPrinter } from './use-terminal-printer';

const STATUS_TEXT: Record<PrintJob['status'], string> = {
  queued: 'Waiting for the printer',
  sending: 'Printing…',
  printed: 'Printed',
  failed: 'Not printed',
  unknown: 'May not have printed',
};

/** One job the till follows until it has printed (issue #36 item 3). */
function JobRow({ tracked }: { tracked: TrackedJob }) {
  const printers = usePrinters();
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useQuery<PrintJob>({
    queryKey: [printJobPath(tracked.id)],
    initialData: tracked.job,
    refetchInterval: (q) => (q.state.data?.status === 'printed' ? false : 1500),
  });
  const job = status.data ?? tracked.job;
  useEffect(() => updateTrackedJob(job), [job]);
  const printer = printers.data?.find((p) => p.id === job.printerId);
  // Print elsewhere: a network printer, or a printer plugged into this till.
  const others = (printers.data ?? []).filter(
    (p) => p.id !== job.printerId && (p.serverPrintable || isTillPrinter(p.id)),
  );
  const retry = async (printerId?: string) => {
    setBusy(true);
    try {
      // A job waiting for the printer plugged into this till: sent again from here (this click may
      // ask for the port when the till has none yet).
      if (!printerId && job.status === 'queued' && isTillPrinter(job.printerId)) {
        await sendFromThisTill(job, { gesture: true });
        void status.refetch();
        return;
      }
      const next = await retryPrintJob(job.id, printerId);
      if (next.id !== job.id) {
        forgetJob(job.id);
        trackJob(next, printerId ? `${tracked.label} (moved)` : `${tracked.label} (COPY)`);
      } else {
        void status.refetch();
      }
    } catch (error) {
      notifyError({ title: 'Print Error', message: serverMessage(error) ?? 'The job could not be sent again.' });
    } finally {
      setBusy(false);
    }
  };
  const problem = job.status === 'queued' || job.status === 'failed' || job.status === 'unknown';
  return (
    <Alert
      color={job.status === 'printed' ? 'green' : problem ? 'orange' : 'blue'}
      variant="light"
      icon={<IconPrinter size={20} aria-hidden />}
      data-testid="print-job"
      data-status={job.status}
      role={problem ? 'alert' : 'status'}
      p="xs"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={700}>
            {tracked.label} · {printer?.name ?? 'Printer'}: {STATUS_TEXT[job.status]}
          </Text>
          {problem && job.lastError ? (
            <Text size="xs" c="dark.6">
              {job.status === 'unknown'
                ? 'The printer stopped answering while printing. Check the paper before printing again.'
                : job.lastError}
            </Text>
          ) : null}
        </Stack>
        {problem ? (
          <Group gap="xs" wrap="wrap">
            {job.kind !== 'drawer' || job.status === 'queued' ? (
              <Button size="xs" variant="default" loading={busy} onClick={() => void retry()}>
                Retry
              </Button>
            ) : null}
            {others.length > 0 ? (
              <>
                <Select
                  size="xs"
                  aria-label="Print elsewhere on"
                  placeholder="Another printer"
                  data={others.map((p) => ({ value: p.id, label: p.name }))}
                  value={elsewhere}
                  onChange={setElsewhere}
                  w={160}
                />
                <Button
                  size="xs"
                  variant="default"
                  disabled={!elsewhere || busy}
                  onClick={() => elsewhere && void retry(elsewhere)}
                >
                  Print elsewhere
                </Button>
              </>
            ) : null}
            <Button size="xs" variant="subtle" color="gray" c="dark.6" onClick={() => forgetJob(job.id)}>
              Dismiss
            </Button>
          </Group>
        ) : null}
      </Group>
    </Alert>
  );
}

/** 'Open drawer' without a sale (issue #36 item 2): a reason, and a manager's PIN for anyone else. */
function OpenDrawerDialog({ printerId, onClose }: { printerId: string; onClose: () => void }) {
  const { user } = useAuth();
  const needsPin = !can(user?.role, 'pos.approve');
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | null; pin?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = { reason: reason.trim() ? null : PRINTER_MESSAGES.reason, pin: needsPin ? pinProblem(pin) : null };
    setErrors(problems);
    if (problems.reason || problems.pin) return;
    setPending(true);
    setFailure(null);
    try {
      await openDrawer(printerId, { reason: reason.trim(), ...(needsPin ? { approverPin: pin } : {}) });
      notifySuccess({ title: 'Drawer opening', message: 'The drawer opens and this is recorded with the reason.' });
      onClose();
    } catch (error) {
      setPin('');
      setFailure(serverMessage(error) ?? 'The drawer could not be opened. Please try again.');
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Open Drawer">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Open the cash drawer">
        <Stack gap="md">
          <TextInput
            label="Reason"
            placeholder="Change for a note"
            maxLength={200}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors((x) => ({ ...x, reason: null }));
            }}
            error={errors.reason ?? undefined}
            required
            data-autofocus
          />
          {needsPin ? (
            <ApproverPinInput
              value={pin}
              onChange={(v) => {
                setPin(v);
                setErrors((x) => ({ ...x, pin: null }));
              }}
              error={errors.pin}
              action="drawer opening"
            />
          ) : null}
          {failure ? (
            <Alert color="red" title="Drawer not opened" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Open Drawer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The till's print jobs and the Open Drawer button (issue #36 items 2 and 3): shown only on a till
 * that prints to a receipt printer. A job that waits, failed or may not have printed offers Retry
 * (a COPY when the first may have printed) and Print elsewhere.
 */
export function PrintJobsTray() {
  const printer = useTerminalPrinter();
  const jobs = useSyncExternalStore(subscribeJobs, trackedJobs, trackedJobs);
  const [drawer, setDrawer] = useState(false);
  if (!printer && jobs.length === 0) return null;
  return (
    <Stack gap={6} data-testid="print-jobs-tray">
      {printer ? (
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCashRegister size={16} aria-hidden />}
            onClick={() => setDrawer(true)}
          >
            Open Drawer
          </Button>
        </Group>
      ) : null}
      {jobs.map((j) => (
        <JobRow key={j.id} tracked={j} />
      ))}
      {drawer && printer ? <OpenDrawerDialog printerId={printer.id} onClose={() => setDrawer(false)} /> : null}
    </Stack>
  );
}
