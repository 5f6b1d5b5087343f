import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { can, formatQuantity, type Transfer } from '@retail-hub/shared';
import { IconBuildingWarehouse, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  storesPaths,
  useIssues,
  useLocations,
  useReorderRows,
  useStockPage,
  useStoresWrite,
  useTransfers,
} from './api/stores';
import { CountForm, IssueForm, ReceiveTransferForm, TransferForm } from './stores-forms';

const STATUS_COLORS: Record<string, string> = {
  pending: 'gray',
  approved: 'blue',
  in_transit: 'orange',
  completed: 'green',
  cancelled: 'red',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status.replace('_', ' ')}
    </Badge>
  );
}

/** One action button: POSTs, toasts the server's message on refusal, refreshes the stores queries. */
function useStoresAction() {
  return useStoresWrite<{ url: string; body?: unknown; done: string }>({
    onSuccess: (input) => notifySuccess({ title: 'Done', message: input.done }),
    onError: (error) => notifyError({ title: 'Not done', message: serverMessage(error) ?? 'Please try again.' }),
  });
}

function StockTab({ canManage }: { canManage: boolean }) {
  const locations = useLocations();
  const [counting, setCounting] = useState(false);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const stock = useStockPage({ locationId, search, pageSize: 200 });
  return (
    <Stack gap="sm">
      <Group align="end">
        <Select
          label="Location"
          placeholder="All locations"
          clearable
          searchable
          data={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
          value={locationId}
          onChange={setLocationId}
          w={280}
        />
        <TextInput label="Search items" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={240} />
        {canManage ? (
          <Button variant="light" ml="auto" onClick={() => setCounting(true)}>
            Count stock
          </Button>
        ) : null}
      </Group>
      {counting ? <CountForm onClose={() => setCounting(false)} /> : null}
      {stock.isPending ? (
        <PanelLoading />
      ) : stock.isError ? (
        <Alert color="red" title="Stock could not be loaded">
          {serverMessage(stock.error) ?? 'Please try again.'}
        </Alert>
      ) : stock.data.rows.length === 0 ? (
        <PanelEmpty>No stock here yet</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Stock per location">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Reorder point</Table.Th>
                <Table.Th>Next expiry</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stock.data.rows.map((r) => (
                <Table.Tr key={`${r.itemId}:${r.locationId}`} data-testid="stock-row">
                  <Table.Td ff="monospace">{r.sku}</Table.Td>
                  <Table.Td>{r.itemName}</Table.Td>
                  <Table.Td>{r.locationCode}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatQuantity(r.onHandQty)} {r.uom}
                    {r.atReorderPoint ? (
                      <Badge ml="xs" color="red" variant="light">
                        Reorder
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(r.reorderPoint)}</Table.Td>
                  <Table.Td>{r.nextExpiry ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {stock.data && stock.data.total > stock.data.rows.length ? (
        <Text size="sm">
          Showing {stock.data.rows.length} of {stock.data.total}; narrow by location or search.
        </Text>
      ) : null}
    </Stack>
  );
}

function ReorderTab({ canRequest }: { canRequest: boolean }) {
  const rows = useReorderRows();
  const locations = useLocations();
  const departments = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of locations.data ?? []) if (l.departmentId) seen.set(l.departmentId, l.departmentName ?? l.code);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [locations.data]);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const action = useStoresAction();
  const lines = (rows.data ?? []).map((r) => ({ itemId: r.itemId, qtyRequested: r.suggestedQty }));
  return (
    <Stack gap="sm">
      {canRequest ? (
        <Group align="end">
          <Select
            label="Department for the requisition"
            placeholder="Choose a department"
            data={departments}
            value={departmentId}
            onChange={setDepartmentId}
            w={280}
          />
          <Button
            disabled={!departmentId || lines.length === 0}
            loading={action.isPending}
            onClick={() =>
              action.mutate({
                url: storesPaths.requisitions,
                body: { departmentId, note: 'From the reorder list', lines },
                done: 'Draft requisition created from the reorder list.',
              })
            }
          >
            Create draft requisition
          </Button>
        </Group>
      ) : null}
      {rows.isPending ? (
        <PanelLoading />
      ) : rows.isError ? (
        <Alert color="red" title="The reorder list could not be loaded">
          {serverMessage(rows.error) ?? 'Please try again.'}
        </Alert>
      ) : rows.data.length === 0 ? (
        <PanelEmpty>Nothing to reorder</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Items to reorder">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Reorder point</Table.Th>
                <Table.Th ta="right">Suggested</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((r) => (
                <Table.Tr key={`${r.itemId}:${r.locationId ?? ''}`} data-testid="reorder-row">
                  <Table.Td ff="monospace">{r.sku}</Table.Td>
                  <Table.Td>{r.itemName}</Table.Td>
                  <Table.Td>{r.locationCode ?? 'Not held anywhere'}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(r.onHandQty)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(r.reorderPoint)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatQuantity(r.suggestedQty)} {r.uom}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function IssuesTab({ canManage }: { canManage: boolean }) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          New issue
        </Button>
      </Group>
      {creating ? <IssueForm onClose={() => setCreating(false)} /> : null}
      <IssuesTable canManage={canManage} />
    </Stack>
  );
}

function IssuesTable({ canManage }: { canManage: boolean }) {
  const issues = useIssues();
  const action = useStoresAction();
  if (issues.isPending) return <PanelLoading />;
  if (issues.isError)
    return (
      <Alert color="red" title="Issues could not be loaded">
        {serverMessage(issues.error) ?? 'Please try again.'}
      </Alert>
    );
  if (issues.data.length === 0) return <PanelEmpty>No issues yet</PanelEmpty>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Issues to departments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.data.map((i) => (
            <Table.Tr key={i.id} data-testid="issue-row">
              <Table.Td>
                {i.sku} · {i.itemName}
              </Table.Td>
              <Table.Td>{i.locationCode}</Table.Td>
              <Table.Td>{i.departmentName ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatQuantity(i.qty)}</Table.Td>
              <Table.Td>
                <StatusBadge status={i.status} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {canManage && i.status === 'pending' ? (
                    <Button
                      size="xs"
                      onClick={() =>
                        action.mutate({ url: storesPaths.issueStep(i.id, 'approve'), done: 'Issue approved.' })
                      }
                    >
                      Approve
                    </Button>
                  ) : null}
                  {canManage && i.status === 'approved' ? (
                    <Button
                      size="xs"
                      onClick={() =>
                        action.mutate({ url: storesPaths.issueStep(i.id, 'complete'), done: 'Stock issued.' })
                      }
                    >
                      Complete
                    </Button>
                  ) : null}
                  {i.status === 'pending' || i.status === 'approved' ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        action.mutate({ url: storesPaths.issueStep(i.id, 'cancel'), done: 'Issue cancelled.' })
                      }
                    >
                      Cancel
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TransfersTab({ canManage }: { canManage: boolean }) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="sm">
      {canManage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            New transfer
          </Button>
        </Group>
      ) : null}
      {creating ? <TransferForm onClose={() => setCreating(false)} /> : null}
      <TransfersTable canManage={canManage} />
    </Stack>
  );
}

function TransfersTable({ canManage }: { canManage: boolean }) {
  const transfers = useTransfers();
  const action = useStoresAction();
  const [receiving, setReceiving] = useState<Transfer | null>(null);
  if (transfers.isPending) return <PanelLoading />;
  if (transfers.isError)
    return (
      <Alert color="red" title="Transfers could not be loaded">
        {serverMessage(transfers.error) ?? 'Please try again.'}
      </Alert>
    );
  if (transfers.data.length === 0) return <PanelEmpty>No transfers yet</PanelEmpty>;
  const step = (t: Transfer) =>
    t.status === 'pending'
      ? { label: 'Approve', url: 'approve', done: 'Transfer approved.' }
      : t.status === 'approved'
        ? { label: 'Dispatch', url: 'dispatch', done: 'Transfer dispatched.' }
        : t.status === 'in_transit'
          ? { label: 'Receive', url: 'receive', done: 'Transfer received.' }
          : null;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Transfers between locations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Shortfall</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfers.data.map((t) => {
            const next = step(t);
            return (
              <Table.Tr key={t.id} data-testid="transfer-row">
                <Table.Td>
                  {t.sku} · {t.itemName}
                </Table.Td>
                <Table.Td>{t.fromLocationCode}</Table.Td>
                <Table.Td>{t.toLocationCode}</Table.Td>
                <Table.Td ta="right">{formatQuantity(t.qty)}</Table.Td>
                <Table.Td ta="right">{t.shortfall === null ? '—' : formatQuantity(t.shortfall)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={t.status} />
                </Table.Td>
                <Table.Td>
                  {canManage && next ? (
                    <Button
                      size="xs"
                      onClick={() =>
                        next.url === 'receive'
                          ? setReceiving(t)
                          : action.mutate({ url: storesPaths.transferStep(t.id, next.url), done: next.done })
                      }
                    >
                      {next.label}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {receiving ? <ReceiveTransferForm transfer={receiving} onClose={() => setReceiving(null)} /> : null}
    </Table.ScrollContainer>
  );
}

/**
 * Issue #16 items 2, 6, 7: the stores screen of the procurement shell: stock per location with
 * the soonest expiry, the reorder list with a one-click draft requisition, issues and transfers
 * with their next step. A department manager sees their department's only (the server scopes it).
 */
export function StoresScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const canManage = can(user?.role, 'stores.manage');
  const canRequest = can(user?.role, 'purchasing.requisitions');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconBuildingWarehouse size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Card withBorder component="section" aria-label="Stores">
        <Tabs defaultValue="stock" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="stock">Stock</Tabs.Tab>
            <Tabs.Tab value="reorder">Reorder</Tabs.Tab>
            <Tabs.Tab value="issues">Issues</Tabs.Tab>
            <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="stock" pt="md">
            <StockTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="reorder" pt="md">
            <ReorderTab canRequest={canRequest} />
          </Tabs.Panel>
          <Tabs.Panel value="issues" pt="md">
            <IssuesTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="transfers" pt="md">
            <TransfersTab canManage={canManage} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
