import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ASSET_STATE_LABELS,
  type AssetPage,
  can,
  type Item,
  type ItemPage,
  type Location,
  type Maintenance,
  type SafetyCheck,
  type Writeoff,
} from '@retail-hub/shared';
import { IconTool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { ASSET_STATE_COLORS, useRegisterAction, when } from './api';
import { DisposeDialog, salvageText } from './dispose-dialog';

export const assetPageHref = (id: string) => `/assets/unit?id=${id}`;
export const labelsHref = (ids: string[]) => `/assets/labels?ids=${ids.join(',')}`;

function RegisterForm({ onClose }: { onClose: () => void }) {
  const items = useQuery<ItemPage>({ queryKey: ['/api/procurement/items', { pageSize: 200 }] });
  const locations = useQuery<Location[]>({ queryKey: ['/api/procurement/locations'] });
  const action = useRegisterAction();
  const [itemId, setItemId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [assetTag, setAssetTag] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [purchasePrice, setPurchasePrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assetItems = (items.data?.items ?? []).filter((i: Item) => i.isAsset);
  return (
    <Card withBorder component="section" aria-label="Register a unit">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Register a unit
        </Title>
        <Group align="end" wrap="wrap">
          <Select
            label="Item"
            required
            searchable
            data={assetItems.map((i) => ({ value: i.id, label: `${i.sku} · ${i.name}` }))}
            value={itemId}
            onChange={setItemId}
            error={error}
            w={280}
            nothingFoundMessage="No item is flagged as an asset"
          />
          <TextInput
            label="Asset tag"
            description="Left empty, one is generated"
            value={assetTag}
            onChange={(e) => setAssetTag(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Serial number"
            value={serialNumber}
            onChange={(e) => setSerialNumber(e.currentTarget.value)}
            w={180}
          />
          <TextInput
            label="Purchase price"
            inputMode="decimal"
            value={purchasePrice}
            onChange={(e) => setPurchasePrice(e.currentTarget.value)}
            w={140}
          />
          <Select
            label="Location"
            clearable
            searchable
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
            value={locationId}
            onChange={setLocationId}
            w={240}
          />
        </Group>
        <Group>
          <Button
            loading={action.isPending}
            onClick={() => {
              if (!itemId) {
                setError('Item is required');
                return;
              }
              setError(null);
              action.mutate(
                {
                  url: '/api/procurement/assets',
                  body: { itemId, assetTag, serialNumber, purchasePrice, locationId },
                  done: 'The unit is registered.',
                },
                { onSuccess: onClose },
              );
            }}
          >
            Register
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RegisterTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const action = useRegisterAction();
  const assets = useQuery<AssetPage>({
    queryKey: ['/api/procurement/assets', { search, state: state ?? '', pageSize: 200 }],
  });
  const importCsv = async (file: File | null) => {
    if (!file) return;
    const csv = await file.text();
    action.mutate({ url: '/api/procurement/assets/import', body: { csv }, done: `${file.name} imported.` });
  };
  const rows = assets.data?.assets ?? [];
  // Issue #30 item 20: a written-off unit is gone; its label is never printed again.
  const printable = rows.filter((a) => a.state !== 'written_off' && (chosen.length === 0 || chosen.includes(a.id)));
  return (
    <Stack gap="sm">
      <Group align="end" wrap="wrap">
        <TextInput
          label="Search"
          description="Tag, serial, SKU, item or location"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          label="State"
          placeholder="Every state"
          clearable
          data={[
            { value: 'active', label: 'In the register (not written off)' },
            ...Object.entries(ASSET_STATE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          value={state}
          onChange={setState}
          w={240}
        />
        <Group ml="auto" gap="xs">
          {printable.length === 0 ? (
            // A disabled link is not a disabled control to axe or a screen reader: a real disabled button.
            <Button variant="light" disabled>
              Print labels
            </Button>
          ) : (
            <Button variant="light" component={Link} to={labelsHref(printable.map((a) => a.id))}>
              {chosen.length > 0 ? `Print ${printable.length} labels` : 'Print labels'}
            </Button>
          )}
          {canManage ? (
            <>
              <FileButton onChange={(file) => void importCsv(file)} accept=".csv,text/csv">
                {(props) => (
                  <Button variant="default" {...props}>
                    Import CSV
                  </Button>
                )}
              </FileButton>
              <Button onClick={() => setAdding(true)}>Register unit</Button>
            </>
          ) : null}
        </Group>
      </Group>
      {adding ? <RegisterForm onClose={() => setAdding(false)} /> : null}
      {assets.isPending ? (
        <PanelLoading />
      ) : assets.isError ? (
        <Alert color="red" title="The register could not be loaded">
          {serverMessage(assets.error) ?? 'Please try again.'}
        </Alert>
      ) : rows.length === 0 ? (
        <PanelEmpty>No registered units yet</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Registered units">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Choose every unit shown for labels"
                    checked={chosen.length === rows.length}
                    indeterminate={chosen.length > 0 && chosen.length < rows.length}
                    onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((a) => a.id) : [])}
                  />
                </Table.Th>
                <Table.Th>Tag</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Serial</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>With</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} data-testid="asset-row">
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${a.assetTag ?? a.itemName} for labels`}
                      checked={chosen.includes(a.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setChosen((c) => (on ? [...c, a.id] : c.filter((x) => x !== a.id)));
                      }}
                    />
                  </Table.Td>
                  <Table.Td ff="monospace">
                    <Anchor component={Link} to={assetPageHref(a.id)}>
                      {a.assetTag ?? '—'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{a.itemName}</Table.Td>
                  <Table.Td>{a.serialNumber ?? '—'}</Table.Td>
                  <Table.Td>{a.locationCode ?? '—'}</Table.Td>
                  <Table.Td>{a.custodianName ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={ASSET_STATE_COLORS[a.state]} variant="light">
                      {ASSET_STATE_LABELS[a.state]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {assets.data && assets.data.total > rows.length ? (
        <Text size="sm">
          Showing {rows.length} of {assets.data.total}; narrow by search or state.
        </Text>
      ) : null}
    </Stack>
  );
}

const MAINTENANCE_COLORS: Record<string, string> = {
  scheduled: 'gray',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'red',
};

function MaintenanceTab({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<string | null>('open');
  const jobs = useQuery<Maintenance[]>({ queryKey: ['/api/procurement/maintenance', { status: status ?? '' }] });
  const action = useRegisterAction();
  const [technician, setTechnician] = useState('');
  return (
    <Stack gap="sm">
      <Group align="end" wrap="wrap">
        <Select
          label="Status"
          placeholder="Every job"
          clearable
          data={[
            { value: 'open', label: 'Open (scheduled or in progress)' },
            { value: 'scheduled', label: 'Scheduled' },
            { value: 'in_progress', label: 'In progress' },
            { value: 'completed', label: 'Completed' },
            { value: 'cancelled', label: 'Cancelled' },
          ]}
          value={status}
          onChange={setStatus}
          w={280}
        />
        {canManage ? (
          <TextInput
            label="Technician"
            description="Recorded when you complete a job"
            value={technician}
            onChange={(e) => setTechnician(e.currentTarget.value)}
            w={220}
          />
        ) : null}
      </Group>
      {jobs.isPending ? (
        <PanelLoading />
      ) : jobs.isError ? (
        <Alert color="red" title="Maintenance could not be loaded">
          {serverMessage(jobs.error) ?? 'Please try again.'}
        </Alert>
      ) : jobs.data.length === 0 ? (
        <PanelEmpty>No maintenance jobs here</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Maintenance jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Unit</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Scheduled for</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Notes</Table.Th>
                {canManage ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((m) => (
                <Table.Tr key={m.id} data-testid="maintenance-row">
                  <Table.Td>
                    <Anchor component={Link} to={assetPageHref(m.assetId)} ff="monospace">
                      {m.assetTag ?? m.itemName}
                    </Anchor>
                    <Text size="xs">{m.itemName}</Text>
                  </Table.Td>
                  <Table.Td tt="capitalize">{m.type}</Table.Td>
                  <Table.Td>{when(m.scheduledFor)}</Table.Td>
                  <Table.Td>
                    <Badge color={MAINTENANCE_COLORS[m.status]} variant="light">
                      {m.status.replace('_', ' ')}
                    </Badge>
                    {m.overdue ? (
                      <Badge ml={4} color="red" variant="filled">
                        Overdue
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{m.notes ?? '—'}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {m.status === 'scheduled' ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() =>
                              action.mutate({
                                url: `/api/procurement/maintenance/${m.id}/start`,
                                done: 'Work started.',
                              })
                            }
                          >
                            Start
                          </Button>
                        ) : null}
                        {m.status === 'scheduled' || m.status === 'in_progress' ? (
                          <>
                            <Button
                              size="xs"
                              onClick={() =>
                                action.mutate({
                                  url: `/api/procurement/maintenance/${m.id}/complete`,
                                  body: { technician: technician || m.technician || '' },
                                  done: 'The job is completed.',
                                })
                              }
                            >
                              Complete
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() =>
                                action.mutate({
                                  url: `/api/procurement/maintenance/${m.id}/cancel`,
                                  done: 'The job is cancelled.',
                                })
                              }
                            >
                              Cancel job
                            </Button>
                          </>
                        ) : null}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function SafetyTable({
  checks,
  canManage,
  inspector,
}: {
  checks: SafetyCheck[];
  canManage: boolean;
  inspector: string;
}) {
  const action = useRegisterAction();
  const { user } = useAuth();
  // A check of a whole item covers every department's units: an institution decision (assets.oversee).
  const canItemWide = can(user?.role, 'assets.oversee');
  const record = (c: SafetyCheck, result: 'passed' | 'failed') =>
    action.mutate({
      url: `/api/procurement/safety-checks/${c.id}/result`,
      body: { result, inspector: inspector || c.inspector || '' },
      done: `${c.checkType} recorded as ${result}.`,
    });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Safety checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Due</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Check</Table.Th>
            <Table.Th>Status</Table.Th>
            {canManage ? <Table.Th>Result</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((c) => (
            <Table.Tr key={c.id} data-testid="safety-row">
              <Table.Td>{c.dueDate ?? '—'}</Table.Td>
              <Table.Td>
                {c.scope === 'asset' ? (
                  <Anchor component={Link} to={assetPageHref(c.itemOrAssetId)}>
                    {c.targetLabel}
                  </Anchor>
                ) : (
                  `${c.targetLabel} (every unit)`
                )}
              </Table.Td>
              <Table.Td>{c.checkType}</Table.Td>
              <Table.Td>
                <Badge
                  color={
                    c.status === 'overdue' || c.status === 'failed'
                      ? 'red'
                      : c.status === 'completed'
                        ? 'green'
                        : 'gray'
                  }
                  variant="light"
                >
                  {c.status === 'completed' ? 'passed' : c.status}
                </Badge>
              </Table.Td>
              {canManage ? (
                <Table.Td>
                  {(c.status === 'pending' || c.status === 'overdue') && c.scope === 'item' && !canItemWide ? (
                    <Text size="sm">A procurement admin or manager records it</Text>
                  ) : c.status === 'pending' || c.status === 'overdue' ? (
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" color="green" onClick={() => record(c, 'passed')}>
                        Passed
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => record(c, 'failed')}>
                        Failed
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm">
                      {c.completedDate} · {c.inspector}
                    </Text>
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SafetyTab({ canManage }: { canManage: boolean }) {
  const week = useQuery<{ weekStart: string; weekEnd: string; checks: SafetyCheck[] }>({
    queryKey: ['/api/procurement/safety-checks/due-this-week'],
  });
  const [inspector, setInspector] = useState('');
  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between" wrap="wrap">
        <Text>
          Due this week{week.data ? ` (${week.data.weekStart} to ${week.data.weekEnd})` : ''}, overdue checks first.
        </Text>
        {canManage ? (
          <TextInput
            label="Inspector"
            description="Recorded with each result"
            value={inspector}
            onChange={(e) => setInspector(e.currentTarget.value)}
            w={220}
          />
        ) : null}
      </Group>
      {week.isPending ? (
        <PanelLoading />
      ) : week.isError ? (
        <Alert color="red" title="Safety checks could not be loaded">
          {serverMessage(week.error) ?? 'Please try again.'}
        </Alert>
      ) : week.data.checks.length === 0 ? (
        <PanelEmpty>No safety checks due this week</PanelEmpty>
      ) : (
        <SafetyTable checks={week.data.checks} canManage={canManage} inspector={inspector} />
      )}
    </Stack>
  );
}

const WRITEOFF_COLORS: Record<string, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'orange',
  rejected: 'red',
  disposed: 'dark',
};

function WriteoffsTab({
  canManage,
  canDecide,
  userId,
}: {
  canManage: boolean;
  /** Approve, reject, dispose: not a department manager's (ADR 0004 Asset register). */
  canDecide: boolean;
  userId: string | undefined;
}) {
  const writeoffs = useQuery<Writeoff[]>({ queryKey: ['/api/procurement/writeoffs'] });
  const action = useRegisterAction();
  const [disposing, setDisposing] = useState<Writeoff | null>(null);
  const step = (w: Writeoff, name: string, done: string, body?: unknown) =>
    action.mutate({ url: `/api/procurement/writeoffs/${w.id}/${name}`, body, done });
  return (
    <Stack gap="sm">
      {disposing ? <DisposeDialog writeoff={disposing} onClose={() => setDisposing(null)} /> : null}
      {writeoffs.isPending ? (
        <PanelLoading />
      ) : writeoffs.isError ? (
        <Alert color="red" title="Write-offs could not be loaded">
          {serverMessage(writeoffs.error) ?? 'Please try again.'}
        </Alert>
      ) : writeoffs.data.length === 0 ? (
        <PanelEmpty>No write-offs yet</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Write-offs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Unit</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Requested by</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Salvage</Table.Th>
                {canManage ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {writeoffs.data.map((w) => {
                const own = w.requestedBy === userId;
                return (
                  <Table.Tr key={w.id} data-testid="writeoff-row">
                    <Table.Td>
                      <Anchor component={Link} to={assetPageHref(w.assetId)} ff="monospace">
                        {w.assetTag ?? w.itemName}
                      </Anchor>
                      <Text size="xs">{w.itemName}</Text>
                    </Table.Td>
                    <Table.Td tt="capitalize">{w.reason}</Table.Td>
                    <Table.Td>{w.requestedByName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={WRITEOFF_COLORS[w.status]} variant="light">
                        {w.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-testid="writeoff-salvage">
                      {salvageText(w) ?? '—'}
                      {w.status === 'disposed' && w.disposalMethod ? (
                        <Text size="xs">
                          {w.disposalMethod} on {w.disposalDate}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {canManage ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {w.status === 'draft' ? (
                            <Button size="xs" onClick={() => step(w, 'submit', 'Submitted for approval.')}>
                              Submit
                            </Button>
                          ) : null}
                          {w.status === 'submitted' && own ? <Text size="xs">Someone else approves</Text> : null}
                          {w.status === 'submitted' && !own && !canDecide ? (
                            <Text size="xs">A procurement admin or manager approves</Text>
                          ) : null}
                          {w.status === 'submitted' && !own && canDecide ? (
                            <>
                              <Button size="xs" color="green" onClick={() => step(w, 'approve', 'Write-off approved.')}>
                                Approve
                              </Button>
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                onClick={() => step(w, 'reject', 'Write-off rejected.')}
                              >
                                Reject
                              </Button>
                            </>
                          ) : null}
                          {w.status === 'approved' && canDecide ? (
                            <Button
                              size="xs"
                              color="dark"
                              aria-label={`Dispose of ${w.assetTag ?? w.itemName}`}
                              onClick={() => setDisposing(w)}
                            >
                              Dispose
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Issue #17: the asset register at /assets (procurement shell): units, maintenance, safety, write-offs. */
export function AssetsScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const canManage = can(user?.role, 'assets.manage');
  const canDecide = can(user?.role, 'assets.oversee');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconTool size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Card withBorder component="section" aria-label="Asset register">
        <Tabs defaultValue="register" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="register">Register</Tabs.Tab>
            <Tabs.Tab value="maintenance">Maintenance</Tabs.Tab>
            <Tabs.Tab value="safety">Safety checks</Tabs.Tab>
            <Tabs.Tab value="writeoffs">Write-offs</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="register" pt="md">
            <RegisterTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="maintenance" pt="md">
            <MaintenanceTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="safety" pt="md">
            <SafetyTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="writeoffs" pt="md">
            <WriteoffsTab canManage={canManage} canDecide={canDecide} userId={user?.id} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
