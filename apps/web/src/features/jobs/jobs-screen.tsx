import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Client,
  JOB_STATE_LABELS,
  type JobState,
  type JobSummary,
  MANUAL_JOB_TRANSITIONS,
} from '@retail-hub/shared';
import { IconHammer, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { CLIENTS, JOBS, labourRateUrl, useClients, useJobLookups, useJobs, useJobsAction } from './api';
import { JobForm } from './job-form';

const STATE_COLORS: Record<JobState, string> = {
  draft: 'gray',
  quoted: 'indigo',
  approved: 'blue',
  in_progress: 'orange',
  qa: 'grape',
  ready: 'teal',
  delivered: 'green',
  cancelled: 'red',
};

export function JobStateBadge({ status }: { status: JobState }) {
  return (
    <Badge color={STATE_COLORS[status]} variant="light" data-testid="job-status">
      {JOB_STATE_LABELS[status]}
    </Badge>
  );
}

export const jobPageUrl = (id: string) => `/jobs/detail?id=${id}`;

/** The board's columns: every state but the closed ones (delivered and cancelled are listed below). */
const BOARD_STATES: JobState[] = ['draft', 'quoted', 'approved', 'in_progress', 'qa', 'ready'];

/** The button text of a move on the board and the job page. */
export function moveLabel(from: JobState, to: JobState): string {
  if (to === 'cancelled') return 'Cancel job';
  if (from === 'quoted' && to === 'draft') return 'Back to draft';
  if (from === 'approved' && to === 'in_progress') return 'Start work';
  if (from === 'in_progress' && to === 'qa') return 'Send to QA';
  if (from === 'qa' && to === 'ready') return 'Pass QA';
  if (from === 'qa' && to === 'in_progress') return 'Fail QA';
  return `Move to ${JOB_STATE_LABELS[to]}`;
}

function JobCard({ job }: { job: JobSummary }) {
  const action = useJobsAction();
  const moves = MANUAL_JOB_TRANSITIONS[job.status].filter((to) => to !== 'cancelled');
  return (
    <Card withBorder padding="sm" data-testid={`job-card-${job.jobNumber}`}>
      <Stack gap={4}>
        <Anchor component={Link} to={jobPageUrl(job.id)} fw={600}>
          {job.jobNumber}
        </Anchor>
        <Text size="sm">{job.title}</Text>
        <Text size="xs" c="dimmed">
          {job.clientName ?? 'No client'}
          {job.neededByDate ? ` · needed by ${job.neededByDate}` : ''}
        </Text>
        {job.priority === 'high' ? (
          <Badge color="red" variant="outline" size="sm">
            High priority
          </Badge>
        ) : null}
        {moves.length > 0 ? (
          <Group gap={4}>
            {moves.map((to) => (
              <Button
                key={to}
                size="compact-xs"
                variant="light"
                loading={action.isPending}
                onClick={() =>
                  action.mutate({
                    url: `${JOBS}/${job.id}/transition`,
                    body: { to },
                    done: `${job.jobNumber}: ${JOB_STATE_LABELS[to]}`,
                  })
                }
              >
                {moveLabel(job.status, to)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function Board() {
  const jobs = useJobs();
  if (jobs.isPending) return <PanelLoading />;
  const list = jobs.data ?? [];
  const closed = list.filter((j) => j.status === 'delivered' || j.status === 'cancelled');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="job-board">
        {BOARD_STATES.map((state) => {
          const column = list.filter((j) => j.status === state);
          return (
            <Stack
              key={state}
              gap="xs"
              component="section"
              aria-label={JOB_STATE_LABELS[state]}
              data-testid={`board-${state}`}
            >
              <Group justify="space-between">
                <Title order={3} size="h5">
                  {JOB_STATE_LABELS[state]}
                </Title>
                <Badge variant="default">{column.length}</Badge>
              </Group>
              {column.map((job) => (
                <JobCard key={job.id} job={job} />
              ))}
            </Stack>
          );
        })}
      </SimpleGrid>
      <Title order={3} size="h5">
        Delivered and cancelled
      </Title>
      {closed.length === 0 ? (
        <Text size="sm" c="dimmed">
          No closed jobs yet.
        </Text>
      ) : (
        <JobTable jobs={closed} />
      )}
    </Stack>
  );
}

function JobTable({ jobs }: { jobs: JobSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Needed by</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Estimate</Table.Th>
            <Table.Th ta="right">Actual</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td>
                <Anchor component={Link} to={jobPageUrl(j.id)}>
                  {j.jobNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>{j.title}</Table.Td>
              <Table.Td>{j.clientName ?? '—'}</Table.Td>
              <Table.Td>{j.neededByDate ?? '—'}</Table.Td>
              <Table.Td>
                <JobStateBadge status={j.status} />
              </Table.Td>
              <Table.Td ta="right">{j.priceTotalEstimate ?? '—'}</Table.Td>
              <Table.Td ta="right">{j.priceTotalActual ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DueThisWeek() {
  const jobs = useJobs({ due: 'this_week' });
  if (jobs.isPending) return <PanelLoading />;
  if (!jobs.data?.length) return <PanelEmpty>No open jobs are due this week.</PanelEmpty>;
  return <JobTable jobs={jobs.data} />;
}

function ClientForm({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const action = useJobsAction();
  const [form, setForm] = useState({
    name: client?.name ?? '',
    contactName: client?.contactName ?? '',
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    address: client?.address ?? '',
    isInternal: client?.isInternal ?? false,
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = () =>
    action.mutate(
      {
        method: client ? 'PATCH' : 'POST',
        url: client ? `${CLIENTS}/${client.id}` : CLIENTS,
        body: form,
        done: client ? 'Client saved' : 'Client added',
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={client ? 'Edit client' : 'New client'}>
      <Stack>
        <TextInput label="Name" required value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <TextInput
          label="Contact name"
          value={form.contactName}
          onChange={(e) => set({ contactName: e.currentTarget.value })}
        />
        <TextInput label="Phone" value={form.phone} onChange={(e) => set({ phone: e.currentTarget.value })} />
        <TextInput
          label="Email"
          type="email"
          value={form.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <Textarea label="Address" value={form.address} onChange={(e) => set({ address: e.currentTarget.value })} />
        <Checkbox
          label="A department of the college"
          checked={form.isInternal}
          onChange={(e) => set({ isInternal: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit} loading={action.isPending}>
            Save client
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ClientsTab() {
  const [status, setStatus] = useState<'active' | 'archived' | 'all'>('active');
  const clients = useClients(status);
  const action = useJobsAction();
  const [editing, setEditing] = useState<Client | null | 'new'>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Select
          label="Show"
          w={200}
          data={[
            { value: 'active', label: 'Active clients' },
            { value: 'archived', label: 'Archived clients' },
            { value: 'all', label: 'All clients' },
          ]}
          value={status}
          onChange={(v) => setStatus((v as typeof status) ?? 'active')}
          allowDeselect={false}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          New client
        </Button>
      </Group>
      {clients.isPending ? (
        <PanelLoading />
      ) : !clients.data?.length ? (
        <PanelEmpty>No clients yet.</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th ta="right">Open jobs</Table.Th>
                <Table.Th ta="right">All jobs</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{[c.contactName, c.email, c.phone].filter(Boolean).join(' · ') || '—'}</Table.Td>
                  <Table.Td>{c.isInternal ? 'Internal department' : 'Outside organisation'}</Table.Td>
                  <Table.Td ta="right">{c.openJobs}</Table.Td>
                  <Table.Td ta="right">{c.totalJobs}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Button size="compact-xs" variant="light" onClick={() => setEditing(c)}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color={c.isArchived ? 'blue' : 'red'}
                        onClick={() =>
                          action.mutate({
                            url: `${CLIENTS}/${c.id}/${c.isArchived ? 'restore' : 'archive'}`,
                            done: c.isArchived ? `${c.name} restored` : `${c.name} archived`,
                          })
                        }
                      >
                        {c.isArchived ? 'Restore' : 'Archive'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? <ClientForm client={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function LabourRateRow({
  id,
  code,
  name,
  rate,
  editable,
}: {
  id: string;
  code: string;
  name: string;
  rate: string;
  editable: boolean;
}) {
  const [value, setValue] = useState(rate);
  const action = useJobsAction();
  return (
    <Table.Tr data-testid="labour-rate-row">
      <Table.Td>
        {code} · {name}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <TextInput
            aria-label={`Labour rate per hour for ${name}`}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            w={140}
          />
        ) : (
          rate
        )}
      </Table.Td>
      {editable ? (
        <Table.Td>
          <Button
            size="xs"
            variant="light"
            loading={action.isPending}
            disabled={value === rate}
            aria-label={`Save the labour rate for ${name}`}
            onClick={() =>
              action.mutate({
                method: 'PUT',
                url: labourRateUrl(id),
                body: { labourRate: value },
                done: `${name}: labour rate saved.`,
              })
            }
          >
            Save
          </Button>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/**
 * Issue #18 item 3: a quote's labour line is planned hours × its department's hourly rate. Managers
 * and super admins (jobs.waive) set the rates; the others see them. New quotes use the new rate;
 * quotes already written keep theirs.
 */
function LabourRatesTab() {
  const lookups = useJobLookups();
  if (lookups.isPending) return <PanelLoading />;
  const departments = lookups.data?.departments ?? [];
  const editable = lookups.data?.canWaive ?? false;
  if (departments.length === 0) return <PanelEmpty>No procurement departments yet.</PanelEmpty>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        A quote's labour line is the planned hours times its department's rate per hour. Quotes already written keep the
        rate they were priced with.{editable ? '' : ' Only managers and super admins change these.'}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" aria-label="Labour rates per department">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Department</Table.Th>
              <Table.Th>Rate per hour</Table.Th>
              {editable ? <Table.Th>Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {departments.map((d) => (
              <LabourRateRow
                key={`${d.id}:${d.labourRate}`}
                id={d.id}
                code={d.code}
                name={d.name}
                rate={d.labourRate}
                editable={editable}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Issue #18: the workshop's job board by state, the jobs due this week and the clients. */
export function JobsScreen({ title }: { title: string }) {
  const [creating, setCreating] = useState(false);
  const lookups = useJobLookups();
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <IconHammer aria-hidden />
          <Title order={1} size="h2">
            {title}
          </Title>
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New job
        </Button>
      </Group>
      {lookups.data && lookups.data.clients.length === 0 ? (
        <Alert color="blue" title="No clients yet">
          Add a client under Clients before creating a job.
        </Alert>
      ) : null}
      <Tabs defaultValue="board" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="board">Board</Tabs.Tab>
          <Tabs.Tab value="due">Due this week</Tabs.Tab>
          <Tabs.Tab value="clients">Clients</Tabs.Tab>
          <Tabs.Tab value="rates">Labour rates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="board" pt="md">
          <Board />
        </Tabs.Panel>
        <Tabs.Panel value="due" pt="md">
          <DueThisWeek />
        </Tabs.Panel>
        <Tabs.Panel value="clients" pt="md">
          <ClientsTab />
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          <LabourRatesTab />
        </Tabs.Panel>
      </Tabs>
      {creating ? <JobForm onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}
