import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type BomLine,
  formatQty,
  JOB_ATTACHMENT_MAX_BYTES,
  JOB_ATTACHMENT_MESSAGES,
  JOB_ATTACHMENT_TYPES,
  JOB_STATE_LABELS,
  JOB_STEP_STATE_LABELS,
  type JobAttachment,
  type JobDetail,
  type JobStep,
  SIGNATURE_MAX_BYTES,
} from '@retail-hub/shared';
import { IconPaperclip } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import SignaturePad from 'signature_pad';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { notifyError } from '@/lib/notify';
import { JOBS, useJob, useJobLookups, useJobsAction } from './api';
import { JobForm } from './job-form';
import { JobStateBadge, moveLabel } from './jobs-screen';

type Action = ReturnType<typeof useJobsAction>;
const when = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm');

/** The server's rules, for showing what may be edited (the server decides again). */
const isClosed = (job: JobDetail) => job.status === 'delivered' || job.status === 'cancelled';
const isPlanning = (job: JobDetail) => ['draft', 'quoted', 'approved', 'in_progress'].includes(job.status);

/** Why the bill of materials and the steps cannot change now, or null when they can. */
function planFrozenReason(job: JobDetail, what: string): string | null {
  if (isClosed(job)) return null; // the page says so at the top
  if (isPlanning(job)) return null;
  return `The ${what} cannot change once the job is ${JOB_STATE_LABELS[job.status]}.`;
}

function ReadOnlyNote({ children }: { children: React.ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mt="sm" data-testid="read-only-reason">
      {children}
    </Text>
  );
}

function BomLineForm({
  job,
  line,
  action,
  onClose,
}: {
  job: JobDetail;
  line: BomLine;
  action: Action;
  onClose: () => void;
}) {
  const [qty, setQty] = useState(line.qtyRequired);
  const [notes, setNotes] = useState(line.notes ?? '');
  const out = Number(line.qtyIssued) - Number(line.qtyReturned);
  return (
    <Modal opened onClose={onClose} title={`Edit ${line.sku} — ${line.itemName}`}>
      <Stack>
        <TextInput
          label="Quantity required"
          required
          value={qty}
          onChange={(e) => setQty(e.currentTarget.value)}
          description={out > 0 ? `At least ${formatQty(String(out))} ${line.uom}: already issued to the job` : line.uom}
        />
        <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                {
                  method: 'PATCH',
                  url: `${JOBS}/${job.id}/bom/${line.id}`,
                  body: { qtyRequired: qty, notes: notes || null },
                  done: 'Material line saved',
                },
                { onSuccess: onClose },
              )
            }
          >
            Save line
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function StepForm({
  job,
  step,
  action,
  onClose,
}: {
  job: JobDetail;
  step: JobStep;
  action: Action;
  onClose: () => void;
}) {
  const lookups = useJobLookups();
  const planning = isPlanning(job);
  const [form, setForm] = useState({
    name: step.name,
    instructions: step.instructions ?? '',
    assignedTo: step.assignedTo,
    plannedHours: Number(step.plannedHours) as string | number,
    actualHours: Number(step.actualHours) as string | number,
    hoursReason: '',
  });
  // Issue #30 item 19: a manager corrects a completed step's hours (with a reason) until delivery.
  const canCorrect = step.status === 'completed' && lookups.data?.canCorrectHours === true;
  const hoursChanged = canCorrect && Number(form.actualHours || 0) !== Number(step.actualHours);
  const users = (lookups.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (step.assignedTo && !users.some((u) => u.value === step.assignedTo)) {
    users.push({ value: step.assignedTo, label: step.assignedToName ?? 'Assignee' });
  }
  const frozen = planning ? undefined : `Fixed once the job is ${JOB_STATE_LABELS[job.status]}`;
  return (
    <Modal opened onClose={onClose} title={`Edit step ${step.stepNo}`}>
      <Stack>
        <TextInput
          label="Step name"
          required
          value={form.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setForm((f) => ({ ...f, name }));
          }}
          disabled={!planning}
          description={frozen}
        />
        <Textarea
          label="Instructions"
          autosize
          minRows={2}
          value={form.instructions}
          onChange={(e) => {
            const instructions = e.currentTarget.value;
            setForm((f) => ({ ...f, instructions }));
          }}
        />
        <Select
          label="Assignee"
          searchable
          clearable
          data={users}
          value={form.assignedTo}
          onChange={(v) => setForm((f) => ({ ...f, assignedTo: v }))}
        />
        <NumberInput
          label="Planned hours"
          value={form.plannedHours}
          onChange={(v) => setForm((f) => ({ ...f, plannedHours: v }))}
          min={0}
          max={999.99}
          decimalScale={2}
          disabled={!planning}
          description={frozen}
        />
        {step.status === 'completed' ? (
          <NumberInput
            label="Actual hours"
            value={form.actualHours}
            onChange={(v) => setForm((f) => ({ ...f, actualHours: v }))}
            min={0}
            max={999.99}
            decimalScale={2}
            disabled={!canCorrect}
            description={
              canCorrect
                ? 'Correct the hours worked: the change is recorded with your name and reason'
                : 'A manager can correct the hours of a completed step until the job is delivered'
            }
          />
        ) : null}
        {hoursChanged ? (
          <TextInput
            label="Reason for the correction"
            required
            value={form.hoursReason}
            onChange={(e) => {
              const hoursReason = e.currentTarget.value;
              setForm((f) => ({ ...f, hoursReason }));
            }}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                {
                  method: 'PATCH',
                  url: `${JOBS}/${job.id}/steps/${step.id}`,
                  body: {
                    instructions: form.instructions || null,
                    assignedTo: form.assignedTo,
                    ...(planning
                      ? { name: form.name, plannedHours: String(form.plannedHours === '' ? 0 : form.plannedHours) }
                      : {}),
                    ...(hoursChanged
                      ? {
                          actualHours: String(form.actualHours === '' ? 0 : form.actualHours),
                          hoursReason: form.hoursReason,
                        }
                      : {}),
                  },
                  done: `Step ${step.stepNo} saved`,
                },
                { onSuccess: onClose },
              )
            }
          >
            Save step
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card withBorder component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Moves({ job, action, canWaive }: { job: JobDetail; action: Action; canWaive: boolean }) {
  const [note, setNote] = useState('');
  const [waive, setWaive] = useState(false);
  const needsWaiver = job.status === 'in_progress' && !job.bomFullyIssued && !job.materialsWaived;
  if (job.allowedMoves.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {job.allowedMoves.map((to) => (
          <Button
            key={to}
            variant={to === 'cancelled' || (job.status === 'qa' && to === 'in_progress') ? 'light' : 'filled'}
            color={to === 'cancelled' ? 'red' : undefined}
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                {
                  url: `${JOBS}/${job.id}/transition`,
                  body: { to, note: note || null, waiveMaterials: to === 'qa' && waive },
                  done: `${job.jobNumber}: ${JOB_STATE_LABELS[to]}`,
                },
                { onSuccess: () => setNote('') },
              )
            }
          >
            {moveLabel(job.status, to)}
          </Button>
        ))}
      </Group>
      <TextInput
        label="Note for the history"
        description={needsWaiver && canWaive ? 'Required when you waive the materials rule.' : undefined}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maw={480}
      />
      {needsWaiver ? (
        canWaive ? (
          <Checkbox
            label="Waive the materials rule: send to QA although the bill of materials is not fully issued"
            checked={waive}
            onChange={(e) => setWaive(e.currentTarget.checked)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Send to QA needs the bill of materials fully issued (or a manager’s waiver).
          </Text>
        )
      ) : null}
    </Stack>
  );
}

function Materials({ job, action }: { job: JobDetail; action: Action }) {
  const lookups = useJobLookups();
  const [line, setLine] = useState({ itemId: null as string | null, qty: '' });
  const [move, setMove] = useState({ itemId: null as string | null, locationId: null as string | null, qty: '' });
  const [editing, setEditing] = useState<BomLine | null>(null);
  const closed = isClosed(job);
  const planning = isPlanning(job);
  const frozen = planFrozenReason(job, 'bill of materials');
  const canIssue = ['approved', 'in_progress', 'qa'].includes(job.status);
  const items = (lookups.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.sku} — ${i.name}` }));
  const locations = (lookups.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.code} — ${l.name}` }));
  const post = (kind: 'issue' | 'return') =>
    action.mutate(
      {
        url: `${JOBS}/${job.id}/materials/${kind}`,
        body: { itemId: move.itemId ?? '', locationId: move.locationId ?? '', qty: move.qty },
        done: kind === 'issue' ? 'Material issued to the job' : 'Material returned to stock',
      },
      { onSuccess: () => setMove((m) => ({ ...m, qty: '' })) },
    );
  return (
    <Section title="Materials" testId="job-materials">
      <Table.ScrollContainer minWidth={600}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Required</Table.Th>
              <Table.Th ta="right">Issued</Table.Th>
              <Table.Th ta="right">Returned</Table.Th>
              <Table.Th ta="right">Unit cost</Table.Th>
              <Table.Th>Issued in full</Table.Th>
              {planning ? <Table.Th>Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.bom.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    No materials on the bill of materials yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              job.bom.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    {b.sku} — {b.itemName}
                    {b.notes ? (
                      <Text size="xs" c="dimmed">
                        {b.notes}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatQty(b.qtyRequired)} {b.uom}
                  </Table.Td>
                  <Table.Td ta="right">{formatQty(b.qtyIssued)}</Table.Td>
                  <Table.Td ta="right">{formatQty(b.qtyReturned)}</Table.Td>
                  <Table.Td ta="right">{money(b.unitCost, job.priceCurrency)}</Table.Td>
                  <Table.Td>
                    <Badge color={b.fullyIssued ? 'green' : 'gray'} variant="light">
                      {b.fullyIssued ? 'Yes' : 'Not yet'}
                    </Badge>
                  </Table.Td>
                  {planning ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="light"
                          aria-label={`Edit ${b.itemName}`}
                          onClick={() => setEditing(b)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${b.itemName}`}
                          onClick={() =>
                            action.mutate({
                              method: 'DELETE',
                              url: `${JOBS}/${job.id}/bom/${b.id}`,
                              done: 'Line removed',
                            })
                          }
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {planning ? (
        <Group align="flex-end" mt="sm">
          <Select
            label="Material"
            searchable
            data={items}
            value={line.itemId}
            onChange={(v) => setLine((l) => ({ ...l, itemId: v }))}
            w={280}
          />
          <TextInput
            label="Quantity required"
            value={line.qty}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setLine((l) => ({ ...l, qty: value }));
            }}
            w={150}
          />
          <Button
            variant="light"
            onClick={() =>
              action.mutate(
                {
                  url: `${JOBS}/${job.id}/bom`,
                  body: { itemId: line.itemId ?? '', qtyRequired: line.qty },
                  done: 'Material added',
                },
                { onSuccess: () => setLine({ itemId: null, qty: '' }) },
              )
            }
          >
            Add material
          </Button>
        </Group>
      ) : null}
      {frozen ? <ReadOnlyNote>{frozen}</ReadOnlyNote> : null}
      {editing ? <BomLineForm job={job} line={editing} action={action} onClose={() => setEditing(null)} /> : null}
      {canIssue || (!closed && job.status === 'ready') ? (
        <Stack gap="xs" mt="md">
          <Title order={3} size="h5">
            Issue or return
          </Title>
          <Group align="flex-end">
            <Select
              label="Item to move"
              searchable
              data={items}
              value={move.itemId}
              onChange={(v) => setMove((m) => ({ ...m, itemId: v }))}
              w={260}
            />
            <Select
              label="Location"
              searchable
              data={locations}
              value={move.locationId}
              onChange={(v) => setMove((m) => ({ ...m, locationId: v }))}
              w={220}
            />
            <TextInput
              label="Quantity"
              value={move.qty}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setMove((m) => ({ ...m, qty: value }));
              }}
              w={120}
            />
            {canIssue ? <Button onClick={() => post('issue')}>Issue to job</Button> : null}
            <Button variant="light" onClick={() => post('return')}>
              Return to stock
            </Button>
          </Group>
        </Stack>
      ) : null}
      {job.materials.length > 0 ? (
        <Table.ScrollContainer minWidth={600} mt="md">
          <Table data-testid="material-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Movement</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit cost</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.materials.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{when(m.at)}</Table.Td>
                  <Table.Td>{m.kind === 'issue' ? 'Issued' : 'Returned'}</Table.Td>
                  <Table.Td>{m.sku}</Table.Td>
                  <Table.Td>{m.locationCode}</Table.Td>
                  <Table.Td ta="right">{formatQty(m.qty)}</Table.Td>
                  <Table.Td ta="right">{money(m.unitCost, job.priceCurrency)}</Table.Td>
                  <Table.Td>{m.byName ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Section>
  );
}

function StepRow({ job, step, action }: { job: JobDetail; step: JobStep; action: Action }) {
  const [hours, setHours] = useState<string | number>(Number(step.actualHours) || '');
  const [editing, setEditing] = useState(false);
  const [confirmNoHours, setConfirmNoHours] = useState(false);
  const hoursBox = useRef<HTMLInputElement>(null);
  const working = ['approved', 'in_progress', 'qa'].includes(job.status);
  const closed = isClosed(job);
  const planning = isPlanning(job);
  const patch = (body: object, done: string) =>
    action.mutate({ method: 'PATCH', url: `${JOBS}/${job.id}/steps/${step.id}`, body, done });
  return (
    <Table.Tr data-testid={`step-${step.stepNo}`}>
      <Table.Td>{step.stepNo}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {step.name}
        </Text>
        {step.instructions ? (
          <Text size="xs" c="dimmed">
            {step.instructions}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{step.assignedToName ?? '—'}</Table.Td>
      <Table.Td ta="right">{step.plannedHours}</Table.Td>
      <Table.Td>
        {step.status === 'completed' ? (
          <>
            <Text size="sm" ta="right" aria-label={`Actual hours of step ${step.stepNo}`}>
              {step.actualHours}
            </Text>
            {step.hoursChanges.map((c) => (
              <Text key={c.changedAt} size="xs" c="dimmed" data-testid={`step-${step.stepNo}-hours-change`}>
                Corrected from {c.fromHours} to {c.toHours} by {c.changedByName ?? 'a manager'} on {when(c.changedAt)}:{' '}
                {c.reason}
              </Text>
            ))}
          </>
        ) : (
          <NumberInput
            ref={hoursBox}
            aria-label={`Actual hours of step ${step.stepNo}`}
            value={hours}
            onChange={setHours}
            min={0}
            max={999.99}
            decimalScale={2}
            w={100}
            size="xs"
            disabled={!working}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={step.status === 'completed' ? 'green' : step.status === 'skipped' ? 'gray' : 'blue'}
        >
          {JOB_STEP_STATE_LABELS[step.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {working && step.status === 'pending' ? (
            <Button size="compact-xs" variant="light" onClick={() => patch({ status: 'in_progress' }, 'Step started')}>
              Start
            </Button>
          ) : null}
          {working && step.status !== 'completed' ? (
            <Button
              size="compact-xs"
              onClick={() =>
                // Issue #30 item 19: blank or 0 hours are confirmed first, never recorded by accident.
                Number(hours || 0) === 0
                  ? setConfirmNoHours(true)
                  : patch({ status: 'completed', actualHours: String(hours) }, 'Step completed')
              }
            >
              Complete step {step.stepNo}
            </Button>
          ) : null}
          {confirmNoHours ? (
            <Modal opened onClose={() => setConfirmNoHours(false)} title={`No hours entered for step ${step.stepNo}`}>
              <Stack>
                <Text size="sm">
                  The hours worked on “{step.name}” go into the job’s actual cost. Enter them in the Actual hours box,
                  or complete the step with 0 hours if it took none.
                </Text>
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    onClick={() => {
                      setConfirmNoHours(false);
                      setTimeout(() => hoursBox.current?.focus(), 0);
                    }}
                  >
                    Enter the hours
                  </Button>
                  <Button
                    loading={action.isPending}
                    onClick={() =>
                      action.mutate(
                        {
                          method: 'PATCH',
                          url: `${JOBS}/${job.id}/steps/${step.id}`,
                          body: { status: 'completed', actualHours: '0', confirmNoHours: true },
                          done: 'Step completed',
                        },
                        { onSuccess: () => setConfirmNoHours(false) },
                      )
                    }
                  >
                    Complete with 0 hours
                  </Button>
                </Group>
              </Stack>
            </Modal>
          ) : null}
          {working && (step.status === 'pending' || step.status === 'in_progress') ? (
            <Button size="compact-xs" variant="subtle" onClick={() => patch({ status: 'skipped' }, 'Step skipped')}>
              Skip
            </Button>
          ) : null}
          {!closed ? (
            <Button size="compact-xs" variant="default" onClick={() => setEditing(true)}>
              Edit step {step.stepNo}
            </Button>
          ) : null}
          {planning && step.status === 'pending' && Number(step.actualHours) === 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() =>
                action.mutate({ method: 'DELETE', url: `${JOBS}/${job.id}/steps/${step.id}`, done: 'Step removed' })
              }
            >
              Remove step {step.stepNo}
            </Button>
          ) : null}
        </Group>
        {editing ? <StepForm job={job} step={step} action={action} onClose={() => setEditing(false)} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

function Steps({ job, action }: { job: JobDetail; action: Action }) {
  const lookups = useJobLookups();
  const [form, setForm] = useState({
    name: '',
    plannedHours: '' as string | number,
    assignedTo: null as string | null,
  });
  const planning = isPlanning(job);
  const frozen = planFrozenReason(job, 'steps (names, planned hours, adding and removing)');
  return (
    <Section title="Steps" testId="job-steps">
      <Table.ScrollContainer minWidth={700}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Step</Table.Th>
              <Table.Th>Assignee</Table.Th>
              <Table.Th ta="right">Planned h</Table.Th>
              <Table.Th>Actual h</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.steps.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    No steps yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              job.steps.map((step) => <StepRow key={step.id} job={job} step={step} action={action} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {planning ? (
        <Group align="flex-end" mt="sm">
          <TextInput
            label="Step name"
            value={form.name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, name: value }));
            }}
            w={240}
          />
          <NumberInput
            label="Planned hours"
            value={form.plannedHours}
            onChange={(v) => setForm((f) => ({ ...f, plannedHours: v }))}
            min={0}
            max={999.99}
            decimalScale={2}
            w={130}
          />
          <Select
            label="Assignee"
            searchable
            clearable
            data={(lookups.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={form.assignedTo}
            onChange={(v) => setForm((f) => ({ ...f, assignedTo: v }))}
            w={220}
          />
          <Button
            variant="light"
            onClick={() =>
              action.mutate(
                {
                  url: `${JOBS}/${job.id}/steps`,
                  body: {
                    name: form.name,
                    plannedHours: String(form.plannedHours === '' ? 0 : form.plannedHours),
                    assignedTo: form.assignedTo,
                  },
                  done: 'Step added',
                },
                { onSuccess: () => setForm({ name: '', plannedHours: '', assignedTo: null }) },
              )
            }
          >
            Add step
          </Button>
        </Group>
      ) : null}
      {frozen ? <ReadOnlyNote>{frozen}</ReadOnlyNote> : null}
    </Section>
  );
}

function Quotes({ job, action }: { job: JobDetail; action: Action }) {
  const inMonth = format(new Date(Date.now() + 30 * 86_400_000), 'yyyy-MM-dd');
  const [form, setForm] = useState({ validUntil: inMonth, taxRate: '0' });
  const quoting = job.status === 'draft' || job.status === 'quoted';
  const quoteAction = (quoteId: string, verb: 'send' | 'accept' | 'reject', done: string) =>
    action.mutate({ url: `${JOBS}/${job.id}/quotes/${quoteId}/${verb}`, done });
  return (
    <Section title="Quotes" testId="job-quotes">
      {quoting ? (
        <Group align="flex-end" mb="sm">
          <TextInput
            label="Valid until"
            type="date"
            value={form.validUntil}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, validUntil: value }));
            }}
          />
          <TextInput
            label="Tax rate %"
            value={form.taxRate}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, taxRate: value }));
            }}
            w={110}
          />
          <Button
            variant="light"
            onClick={() =>
              action.mutate({
                url: `${JOBS}/${job.id}/quotes`,
                body: { validUntil: form.validUntil, taxRate: form.taxRate || '0' },
                done: 'Quote made from the materials and steps',
              })
            }
          >
            New quote version
          </Button>
        </Group>
      ) : null}
      {job.quotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No quotes yet: add materials and steps, then make a quote.
        </Text>
      ) : (
        <Stack gap="sm">
          {job.quotes.map((q) => (
            <Card key={q.id} withBorder padding="sm" data-testid={`quote-v${q.versionNo}`}>
              <Group justify="space-between">
                <Group gap="xs">
                  <Text fw={600}>Version {q.versionNo}</Text>
                  <Badge
                    variant="light"
                    color={q.status === 'accepted' ? 'green' : q.status === 'rejected' ? 'red' : 'blue'}
                  >
                    {q.supersededAt ? 'Superseded' : q.status.charAt(0).toUpperCase() + q.status.slice(1)}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    valid until {q.validUntil ?? '—'}
                  </Text>
                </Group>
                <Text fw={600}>{money(q.grandTotal, q.currency)}</Text>
              </Group>
              <Text size="sm">
                Subtotal {money(q.subtotal, q.currency)} · tax {q.taxRate}% {money(q.taxTotal, q.currency)} ·{' '}
                {q.lines.length} lines
              </Text>
              <Group gap={4} mt="xs">
                {q.status === 'draft' && quoting ? (
                  <Button
                    size="compact-sm"
                    onClick={() => quoteAction(q.id, 'send', `Quote version ${q.versionNo} sent`)}
                  >
                    Send quote
                  </Button>
                ) : null}
                {q.status === 'sent' && job.status === 'quoted' ? (
                  <>
                    <Button
                      size="compact-sm"
                      color="green"
                      onClick={() => quoteAction(q.id, 'accept', `Quote version ${q.versionNo} accepted`)}
                    >
                      Accept quote
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => quoteAction(q.id, 'reject', `Quote version ${q.versionNo} rejected`)}
                    >
                      Reject quote
                    </Button>
                  </>
                ) : null}
                <Button
                  size="compact-sm"
                  variant="default"
                  component={Link}
                  to={`/jobs/quote-print?id=${job.id}&quoteId=${q.id}`}
                  target="_blank"
                >
                  Print quote
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The signature drawn with a finger, stylus or mouse (signature_pad), sent as a PNG data URL. */
function SignatureField({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
    signature.addEventListener('endStroke', () =>
      onChange(signature.isEmpty() ? null : signature.toDataURL('image/png')),
    );
    pad.current = signature;
    return () => signature.off();
  }, [onChange]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-label">
        Signature of the person accepting
      </Text>
      <canvas
        ref={canvas}
        aria-labelledby="signature-label"
        role="img"
        data-testid="signature-canvas"
        style={{
          width: '100%',
          maxWidth: 480,
          height: 160,
          border: '1px solid #868e96',
          borderRadius: 4,
          touchAction: 'none',
        }}
      />
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}

function Delivery({ job, action }: { job: JobDetail; action: Action }) {
  const [form, setForm] = useState({
    deliveredTo: job.clientName ?? '',
    acceptanceName: '',
    deliveryDate: format(new Date(), 'yyyy-MM-dd'),
  });
  const [signature, setSignature] = useState<string | null>(null);
  const d = job.delivery;
  if (d) {
    return (
      <Section title="Delivery" testId="job-delivery">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text>Delivery note {d.deliveryNo}</Text>
            <Text size="sm">
              Delivered to {d.deliveredTo} on {d.deliveryDate} by {d.deliveredByName ?? '—'}
            </Text>
            <Text size="sm">Accepted by {d.acceptanceName}</Text>
            <Button
              mt="xs"
              variant="default"
              component={Link}
              to={`/jobs/delivery-print?id=${job.id}`}
              target="_blank"
              w="fit-content"
            >
              Print delivery note
            </Button>
          </Stack>
          <img
            src={d.signature}
            alt={`Signature of ${d.acceptanceName}`}
            style={{ maxWidth: 320, border: '1px solid #dee2e6' }}
          />
        </SimpleGrid>
      </Section>
    );
  }
  if (job.status !== 'ready') return null;
  const submit = () => {
    if (!signature) {
      notifyError({ title: 'Not done', message: 'A signature is required' });
      return;
    }
    if (signature.length > (SIGNATURE_MAX_BYTES * 4) / 3) {
      notifyError({ title: 'Not done', message: 'The signature image is too large (at most 200 KB)' });
      return;
    }
    action.mutate({
      url: `${JOBS}/${job.id}/delivery`,
      body: { ...form, signature },
      done: 'Delivered: the job is closed',
    });
  };
  return (
    <Section title="Delivery" testId="job-delivery">
      <Stack maw={520}>
        <TextInput
          label="Delivered to"
          required
          value={form.deliveredTo}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, deliveredTo: value }));
          }}
        />
        <TextInput
          label="Accepted by (name)"
          required
          value={form.acceptanceName}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, acceptanceName: value }));
          }}
        />
        <TextInput
          label="Delivery date"
          type="date"
          value={form.deliveryDate}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, deliveryDate: value }));
          }}
        />
        <SignatureField onChange={setSignature} />
        <Button onClick={submit} loading={action.isPending} w="fit-content">
          Record delivery
        </Button>
      </Stack>
    </Section>
  );
}

const TYPE_LABELS: Record<JobAttachment['contentType'], string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The file's bytes as base64 (FileReader works off the main thread). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Drawings, photos and PDFs (ADR 0020): at most 5 MB each; the server decides the type from the file. */
function Attachments({ job, action }: { job: JobDetail; action: Action }) {
  const resetFile = useRef<() => void>(null);
  const [reading, setReading] = useState(false);
  const closed = isClosed(job);
  const attach = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.();
    if (file.size > JOB_ATTACHMENT_MAX_BYTES) {
      notifyError({ title: 'Not attached', message: JOB_ATTACHMENT_MESSAGES.tooLarge });
      return;
    }
    setReading(true);
    let data: string;
    try {
      data = await readBase64(file);
    } catch {
      notifyError({ title: 'Not attached', message: JOB_ATTACHMENT_MESSAGES.invalid });
      return;
    } finally {
      setReading(false);
    }
    action.mutate({
      url: `${JOBS}/${job.id}/attachments`,
      body: { fileName: file.name, data },
      done: `${file.name} attached`,
    });
  };
  return (
    <Section title="Attachments" testId="job-attachments">
      {job.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No drawings, photos or PDFs attached yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th>Added by</Table.Th>
                <Table.Th>When</Table.Th>
                {closed ? null : <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.attachments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor href={`${JOBS}/${job.id}/attachments/${a.id}`} download={a.fileName}>
                      {a.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{TYPE_LABELS[a.contentType]}</Table.Td>
                  <Table.Td ta="right">{sizeText(a.sizeBytes)}</Table.Td>
                  <Table.Td>{a.uploadedByName ?? '—'}</Table.Td>
                  <Table.Td>{when(a.uploadedAt)}</Table.Td>
                  {closed ? null : (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${a.fileName}`}
                        onClick={() =>
                          action.mutate({
                            method: 'DELETE',
                            url: `${JOBS}/${job.id}/attachments/${a.id}`,
                            done: `${a.fileName} removed`,
                          })
                        }
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {closed ? null : (
        <Group mt="sm" gap="sm">
          <FileButton
            onChange={(file) => void attach(file)}
            accept={JOB_ATTACHMENT_TYPES.join(',')}
            resetRef={resetFile}
            inputProps={{ 'aria-label': 'File to attach', 'data-testid': 'attachment-input' } as object}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPaperclip size={18} aria-hidden />}
                loading={reading || action.isPending}
              >
                Attach a file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            Drawings, photos or PDFs (PNG, JPEG, GIF, WebP, PDF), at most 5 MB each.
          </Text>
        </Group>
      )}
    </Section>
  );
}

function Costs({ job }: { job: JobDetail }) {
  return (
    <Section title="Estimate and actual cost" testId="job-costs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={2}>
          <Text size="sm">Estimate (accepted quote)</Text>
          <Text fw={700} size="lg" data-testid="job-estimate">
            {job.priceTotalEstimate === null ? '—' : money(job.priceTotalEstimate, job.priceCurrency)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm">{job.status === 'delivered' ? 'Actual cost' : 'Actual cost so far'}</Text>
          <Text fw={700} size="lg" data-testid="job-actual">
            {money(job.priceTotalActual ?? job.actualCost.total, job.priceCurrency)}
          </Text>
          <Text size="xs" c="dimmed">
            Materials issued {money(job.actualCost.materialsIssued, job.priceCurrency)} − returned{' '}
            {money(job.actualCost.materialsReturned, job.priceCurrency)} + labour {job.actualCost.labourHours} h ×{' '}
            {money(job.labourRate, job.priceCurrency)} = {money(job.actualCost.labour, job.priceCurrency)}
          </Text>
        </Stack>
      </SimpleGrid>
    </Section>
  );
}

function History({ job }: { job: JobDetail }) {
  return (
    <Section title="History" testId="job-history">
      <Table.ScrollContainer minWidth={500}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Move</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.history.map((h) => (
              <Table.Tr key={`${h.changedAt}-${h.toStatus}`}>
                <Table.Td>{when(h.changedAt)}</Table.Td>
                <Table.Td>
                  {h.fromStatus ? `${JOB_STATE_LABELS[h.fromStatus]} → ` : 'Created as '}
                  {JOB_STATE_LABELS[h.toStatus]}
                </Table.Td>
                <Table.Td>{h.changedByName ?? '—'}</Table.Td>
                <Table.Td>{h.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** Issue #18: one job: its moves, quote, materials, steps, delivery, costs and history. */
export function JobPage({ title }: { title: string }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const job = useJob(id);
  const lookups = useJobLookups();
  const action = useJobsAction();
  const [editing, setEditing] = useState(false);
  if (!id) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Alert color="blue" title="No job chosen">
          Open a job from the{' '}
          <Anchor component={Link} to="/jobs">
            job board
          </Anchor>
          .
        </Alert>
      </Stack>
    );
  }
  if (job.isPending) return <PanelLoading />;
  if (job.isError || !job.data) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Alert color="red" title="The job could not be loaded">
          {serverMessage(job.error) ?? 'Please try again.'}
        </Alert>
      </Stack>
    );
  }
  const j = job.data;
  const closed = isClosed(j);
  return (
    <Stack data-testid="job-page">
      <Anchor component={Link} to="/jobs" size="sm">
        Back to the job board
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {j.jobNumber}: {j.title}
            </Title>
            <JobStateBadge status={j.status} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="job-header-facts">
            {j.clientName ?? 'No client'} · {j.departmentName ?? 'No department'} · priority {j.priority}
            {j.requestedDate ? ` · requested ${j.requestedDate}` : ''}
            {j.neededByDate ? ` · needed by ${j.neededByDate}` : ''}
          </Text>
          {j.description ? <Text size="sm">{j.description}</Text> : null}
          {j.materialsWaived ? (
            <Text size="sm" c="orange.9">
              Materials rule waived: {j.materialsWaiverNote}
            </Text>
          ) : null}
        </Stack>
        {closed ? null : (
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit job
          </Button>
        )}
      </Group>
      {closed ? (
        <Alert color="gray" title="Read-only" data-testid="read-only-reason">
          This job is {JOB_STATE_LABELS[j.status]}: it can no longer be changed. Its attachments can still be
          downloaded.
        </Alert>
      ) : null}
      {editing ? <JobForm job={j} onClose={() => setEditing(false)} /> : null}
      <Moves job={j} action={action} canWaive={lookups.data?.canWaive ?? false} />
      <Quotes job={j} action={action} />
      <Materials job={j} action={action} />
      <Steps job={j} action={action} />
      <Attachments job={j} action={action} />
      <Delivery key={j.status} job={j} action={action} />
      <Costs job={j} />
      <History job={j} />
    </Stack>
  );
}
