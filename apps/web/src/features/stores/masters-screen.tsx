import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
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
import { useDebouncedValue } from '@mantine/hooks';
import {
  can,
  formatQuantity,
  type Item,
  type ItemPage,
  type Location,
  type ProcCategory,
  type Supplier,
  UNITS_OF_MEASURE,
} from '@retail-hub/shared';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { useLookups } from '@/features/purchasing';
import { ApiError, apiRequest, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { MastersCsv } from './masters-csv';
import { type PickedProduct, PosProductPicker, posProductLabel } from './pos-product-picker';

/**
 * Issue #16 item 1: the purchasing masters (items, suppliers, locations, categories): list,
 * search, create, edit, archive and restore, CSV export and import with a per-row report. Reading
 * is stores.view, writing stores.manage (the server decides; the buttons follow).
 */

type FieldErrors = Record<string, string>;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};

type Status = 'active' | 'archived' | 'all';
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

function useSave(kind: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { method: string; url: string; body?: unknown; done: string }) => {
      await apiRequest(input.method, input.url, input.body);
      return input.done;
    },
    onSuccess: (done) => {
      notifySuccess({ title: 'Saved', message: done });
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/procurement/'),
      });
    },
    onError: (error) => {
      if (Object.keys(fieldErrorsOf(error)).length === 0) {
        notifyError({ title: `${kind} not saved`, message: serverMessage(error) ?? 'Please try again.' });
      }
    },
  });
}

function Toolbar({
  search,
  onSearch,
  status,
  onStatus,
  canManage,
  onNew,
  newLabel,
  searchLabel,
  csv,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: Status;
  onStatus: (value: Status) => void;
  canManage: boolean;
  onNew: () => void;
  newLabel: string;
  searchLabel: string;
  csv?: ReactNode;
}) {
  return (
    <Group align="end" justify="space-between">
      <Group align="end">
        <TextInput label={searchLabel} value={search} onChange={(e) => onSearch(e.currentTarget.value)} w={240} />
        <SegmentedControl
          aria-label="Show"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => onStatus(value as Status)}
        />
      </Group>
      <Group>
        {csv}
        {canManage ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew}>
            {newLabel}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

function ArchiveButton({ url, archived, name, kind }: { url: string; archived: boolean; name: string; kind: string }) {
  const save = useSave(kind);
  return (
    <Button
      size="xs"
      variant="default"
      loading={save.isPending}
      aria-label={`${archived ? 'Restore' : 'Archive'} ${name}`}
      onClick={() =>
        save.mutate({
          method: 'POST',
          url: `${url}/${archived ? 'restore' : 'archive'}`,
          done: `${name} ${archived ? 'restored' : 'archived'}.`,
        })
      }
    >
      {archived ? 'Restore' : 'Archive'}
    </Button>
  );
}

function FormActions({ onClose, pending }: { onClose: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        Save
      </Button>
    </Group>
  );
}

// ---- Items ----

type ItemDraft = {
  sku: string;
  name: string;
  description: string;
  categoryId: string | null;
  subcategoryId: string | null;
  departmentId: string | null;
  uom: string;
  barcode: string;
  reorderPoint: string;
  minReorderQty: string;
  isAsset: boolean;
  warrantyMonths: string;
  serviceIntervalDays: string;
  expectedLifespanMonths: string;
  posProduct: PickedProduct | null;
};

const itemDraft = (item: Item | null): ItemDraft => ({
  sku: item?.sku ?? '',
  name: item?.name ?? '',
  description: item?.description ?? '',
  categoryId: item?.categoryId ?? null,
  subcategoryId: item?.subcategoryId ?? null,
  departmentId: item?.departmentId ?? null,
  uom: item?.uom ?? 'each',
  barcode: item?.barcode ?? '',
  reorderPoint: item ? formatQuantity(item.reorderPoint) : '0',
  minReorderQty: item ? formatQuantity(item.minReorderQty) : '1',
  isAsset: item?.isAsset ?? false,
  warrantyMonths: item?.warrantyMonths?.toString() ?? '',
  serviceIntervalDays: item?.serviceIntervalDays?.toString() ?? '',
  expectedLifespanMonths: item?.expectedLifespanMonths?.toString() ?? '',
  posProduct:
    item?.posProductId && item.posProductName
      ? { id: item.posProductId, label: posProductLabel(item.posProductName, item.posProductSku) }
      : null,
});

const wholeOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

function ItemForm({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const [draft, setDraft] = useState(() => itemDraft(item));
  const set = (patch: Partial<ItemDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const categories = useQuery<ProcCategory[]>({ queryKey: ['/api/procurement/categories', { status: 'active' }] });
  const lookups = useLookups();
  const save = useSave('Item');
  const errors = fieldErrorsOf(save.error);
  const category = (categories.data ?? []).find((c) => c.id === draft.categoryId);
  return (
    <Modal opened onClose={onClose} title={item ? `Edit ${item.sku}` : 'New Item'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const { posProduct, ...fields } = draft;
          save.mutate(
            {
              method: item ? 'PATCH' : 'POST',
              url: item ? `/api/procurement/items/${item.id}` : '/api/procurement/items',
              body: {
                ...fields,
                description: draft.description || null,
                barcode: draft.barcode || null,
                warrantyMonths: wholeOrNull(draft.warrantyMonths),
                serviceIntervalDays: wholeOrNull(draft.serviceIntervalDays),
                expectedLifespanMonths: wholeOrNull(draft.expectedLifespanMonths),
                posProductId: posProduct?.id ?? null,
              },
              done: `${draft.sku} saved.`,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="SKU"
              required
              value={draft.sku}
              onChange={(e) => set({ sku: e.currentTarget.value })}
              error={errors.sku}
            />
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
            />
            <Select
              label="Category"
              clearable
              searchable
              data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={draft.categoryId}
              onChange={(categoryId) => set({ categoryId, subcategoryId: null })}
              error={errors.categoryId}
            />
            <Select
              label="Subcategory"
              clearable
              searchable
              disabled={!category}
              data={(category?.subcategories ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={draft.subcategoryId}
              onChange={(subcategoryId) => set({ subcategoryId })}
              error={errors.subcategoryId}
            />
            <Select
              label="Department"
              clearable
              searchable
              data={(lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }))}
              value={draft.departmentId}
              onChange={(departmentId) => set({ departmentId })}
              error={errors.departmentId}
            />
            <Select
              label="Unit of measure"
              searchable
              data={[...new Set([...UNITS_OF_MEASURE, draft.uom])]}
              value={draft.uom}
              onChange={(uom) => set({ uom: uom ?? 'each' })}
              error={errors.uom}
            />
            <TextInput
              label="Barcode"
              value={draft.barcode}
              onChange={(e) => set({ barcode: e.currentTarget.value })}
              error={errors.barcode}
            />
            <TextInput
              label="Reorder point"
              inputMode="decimal"
              value={draft.reorderPoint}
              onChange={(e) => set({ reorderPoint: e.currentTarget.value })}
              error={errors.reorderPoint}
            />
            <TextInput
              label="Minimum reorder quantity"
              inputMode="decimal"
              value={draft.minReorderQty}
              onChange={(e) => set({ minReorderQty: e.currentTarget.value })}
              error={errors.minReorderQty}
            />
          </SimpleGrid>
          <Checkbox
            label="This item is an asset (tracked with warranty and service dates)"
            checked={draft.isAsset}
            onChange={(e) => set({ isAsset: e.currentTarget.checked })}
          />
          {draft.isAsset ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Warranty (months)"
                inputMode="numeric"
                value={draft.warrantyMonths}
                onChange={(e) => set({ warrantyMonths: e.currentTarget.value })}
                error={errors.warrantyMonths}
              />
              <TextInput
                label="Service every (days)"
                inputMode="numeric"
                value={draft.serviceIntervalDays}
                onChange={(e) => set({ serviceIntervalDays: e.currentTarget.value })}
                error={errors.serviceIntervalDays}
              />
              <TextInput
                label="Expected lifespan (months)"
                inputMode="numeric"
                value={draft.expectedLifespanMonths}
                onChange={(e) => set({ expectedLifespanMonths: e.currentTarget.value })}
                error={errors.expectedLifespanMonths}
              />
            </SimpleGrid>
          ) : null}
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
          />
          <PosProductPicker
            value={draft.posProduct}
            onChange={(posProduct) => set({ posProduct })}
            error={errors.posProductId}
          />
          <FormActions onClose={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function ItemsTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const list = useQuery<ItemPage>({
    queryKey: ['/api/procurement/items', { search: debounced, status, page, pageSize: 50 }],
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Toolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        status={status}
        onStatus={setStatus}
        canManage={canManage}
        onNew={() => setEditing('new')}
        newLabel="New item"
        searchLabel="Search SKU, name or barcode"
        csv={<MastersCsv kind="items" canImport={canManage} />}
      />
      {editing ? <ItemForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PanelLoading />
      ) : list.isError ? (
        <Alert color="red" title="Items could not be loaded">
          {serverMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <PanelEmpty>No items found</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table striped verticalSpacing="xs" aria-label="Items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>POS product</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Reorder point</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={item.id} data-testid="item-row">
                  <Table.Td ff="monospace">{item.sku}</Table.Td>
                  <Table.Td>
                    {item.name}
                    {item.isAsset ? (
                      <Badge ml="xs" variant="light">
                        Asset
                      </Badge>
                    ) : null}
                    {item.isArchived ? (
                      <Badge ml="xs" color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{[item.categoryName, item.subcategoryName].filter(Boolean).join(' / ') || '—'}</Table.Td>
                  <Table.Td>
                    {item.posProductName ? posProductLabel(item.posProductName, item.posProductSku) : '—'}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(item.onHandQty)} {item.uom}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(item.reorderPoint)}</Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit ${item.sku}`}
                          onClick={() => setEditing(item)}
                        >
                          Edit
                        </Button>
                        <ArchiveButton
                          url={`/api/procurement/items/${item.id}`}
                          archived={item.isArchived}
                          name={item.sku}
                          kind="Item"
                        />
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > list.data.pageSize ? (
        <Group justify="space-between">
          <Text size="sm">
            {list.data.total} items · page {page} of {pages}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}

// ---- Suppliers ----

function SupplierForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const [draft, setDraft] = useState({
    name: supplier?.name ?? '',
    contactName: supplier?.contactName ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
  });
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useSave('Supplier');
  const errors = fieldErrorsOf(save.error);
  return (
    <Modal opened onClose={onClose} title={supplier ? `Edit ${supplier.name}` : 'New Supplier'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              method: supplier ? 'PATCH' : 'POST',
              url: supplier ? `/api/procurement/suppliers/${supplier.id}` : '/api/procurement/suppliers',
              body: Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, k === 'name' ? v : v || null])),
              done: `${draft.name} saved.`,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
            />
            <TextInput
              label="Contact name"
              value={draft.contactName}
              onChange={(e) => set({ contactName: e.currentTarget.value })}
              error={errors.contactName}
            />
            <TextInput
              label="E-mail (purchase orders go here)"
              type="email"
              value={draft.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
              error={errors.email}
            />
            <TextInput
              label="Phone"
              value={draft.phone}
              onChange={(e) => set({ phone: e.currentTarget.value })}
              error={errors.phone}
            />
          </SimpleGrid>
          <Textarea
            label="Address"
            autosize
            minRows={2}
            value={draft.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
            error={errors.address}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={draft.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
            error={errors.notes}
          />
          <FormActions onClose={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function SuppliersTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<Status>('active');
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const list = useQuery<Supplier[]>({ queryKey: ['/api/procurement/suppliers', { search: debounced, status }] });
  return (
    <Stack gap="sm">
      <Toolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        canManage={canManage}
        onNew={() => setEditing('new')}
        newLabel="New supplier"
        searchLabel="Search suppliers"
        csv={<MastersCsv kind="suppliers" canImport={canManage} />}
      />
      {editing ? <SupplierForm supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PanelLoading />
      ) : list.isError ? (
        <Alert color="red" title="Suppliers could not be loaded">
          {serverMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : list.data.length === 0 ? (
        <PanelEmpty>No suppliers found</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Suppliers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr key={s.id} data-testid="supplier-row">
                  <Table.Td>
                    {s.name}
                    {s.isArchived ? (
                      <Badge ml="xs" color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{s.contactName ?? '—'}</Table.Td>
                  <Table.Td>{s.email ?? '—'}</Table.Td>
                  <Table.Td>{s.phone ?? '—'}</Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                          Edit
                        </Button>
                        <ArchiveButton
                          url={`/api/procurement/suppliers/${s.id}`}
                          archived={s.isArchived}
                          name={s.name}
                          kind="Supplier"
                        />
                      </Group>
                    ) : null}
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

// ---- Locations ----

function LocationForm({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const lookups = useLookups();
  const [draft, setDraft] = useState({
    code: location?.code ?? '',
    name: location?.name ?? '',
    departmentId: location?.departmentId ?? null,
    building: location?.building ?? '',
    floor: location?.floor ?? '',
    room: location?.room ?? '',
    isSelling: location?.isSelling ?? false,
  });
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useSave('Location');
  const errors = fieldErrorsOf(save.error);
  return (
    <Modal opened onClose={onClose} title={location ? `Edit ${location.code}` : 'New Location'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              method: location ? 'PATCH' : 'POST',
              url: location ? `/api/procurement/locations/${location.id}` : '/api/procurement/locations',
              body: {
                ...draft,
                building: draft.building || null,
                floor: draft.floor || null,
                room: draft.room || null,
              },
              done: `${draft.code} saved.`,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code (e.g. Main-2-205)"
              required
              value={draft.code}
              onChange={(e) => set({ code: e.currentTarget.value })}
              error={errors.code}
            />
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
            />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput
              label="Building"
              value={draft.building}
              onChange={(e) => set({ building: e.currentTarget.value })}
              error={errors.building}
            />
            <TextInput
              label="Floor"
              value={draft.floor}
              onChange={(e) => set({ floor: e.currentTarget.value })}
              error={errors.floor}
            />
            <TextInput
              label="Room"
              value={draft.room}
              onChange={(e) => set({ room: e.currentTarget.value })}
              error={errors.room}
            />
          </SimpleGrid>
          <Select
            label="Department"
            clearable
            searchable
            data={(lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }))}
            value={draft.departmentId}
            onChange={(departmentId) => set({ departmentId })}
            error={errors.departmentId}
          />
          <Checkbox
            label="Selling location: receiving an item linked to a POS product here raises the product's stock"
            checked={draft.isSelling}
            onChange={(e) => set({ isSelling: e.currentTarget.checked })}
          />
          <FormActions onClose={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function LocationsTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<Status>('active');
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const list = useQuery<Location[]>({ queryKey: ['/api/procurement/locations', { search: debounced, status }] });
  return (
    <Stack gap="sm">
      <Toolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        canManage={canManage}
        onNew={() => setEditing('new')}
        newLabel="New location"
        searchLabel="Search locations"
        csv={<MastersCsv kind="locations" canImport={canManage} />}
      />
      {editing ? <LocationForm location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PanelLoading />
      ) : list.isError ? (
        <Alert color="red" title="Locations could not be loaded">
          {serverMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : list.data.length === 0 ? (
        <PanelEmpty>No locations found</PanelEmpty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Locations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Selling</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((l) => (
                <Table.Tr key={l.id} data-testid="location-row">
                  <Table.Td ff="monospace">{l.code}</Table.Td>
                  <Table.Td>
                    {l.name}
                    {l.isArchived ? (
                      <Badge ml="xs" color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{l.departmentName ?? '—'}</Table.Td>
                  <Table.Td>{l.isSelling ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" aria-label={`Edit ${l.code}`} onClick={() => setEditing(l)}>
                          Edit
                        </Button>
                        <ArchiveButton
                          url={`/api/procurement/locations/${l.id}`}
                          archived={l.isArchived}
                          name={l.code}
                          kind="Location"
                        />
                      </Group>
                    ) : null}
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

// ---- Categories ----

function CategoryForm({
  target,
  onClose,
}: {
  target: {
    kind: 'category' | 'subcategory';
    id: string | null;
    categoryId?: string;
    name: string;
    description: string | null;
  };
  onClose: () => void;
}) {
  const [name, setName] = useState(target.name);
  const [description, setDescription] = useState(target.description ?? '');
  const save = useSave(target.kind === 'category' ? 'Category' : 'Subcategory');
  const errors = fieldErrorsOf(save.error);
  const url =
    target.kind === 'category'
      ? target.id
        ? `/api/procurement/categories/${target.id}`
        : '/api/procurement/categories'
      : target.id
        ? `/api/procurement/subcategories/${target.id}`
        : `/api/procurement/categories/${target.categoryId}/subcategories`;
  const title = `${target.id ? 'Edit' : 'New'} ${target.kind === 'category' ? 'Category' : 'Subcategory'}`;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              method: target.id ? 'PATCH' : 'POST',
              url,
              body: { name, description: description || null },
              done: `${name} saved.`,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <FormActions onClose={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function CategoriesTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<Status>('active');
  const [editing, setEditing] = useState<Parameters<typeof CategoryForm>[0]['target'] | null>(null);
  const list = useQuery<ProcCategory[]>({ queryKey: ['/api/procurement/categories', { search: debounced, status }] });
  return (
    <Stack gap="sm">
      <Toolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        canManage={canManage}
        onNew={() => setEditing({ kind: 'category', id: null, name: '', description: null })}
        newLabel="New category"
        searchLabel="Search categories"
        csv={<MastersCsv kind="categories" canImport={canManage} />}
      />
      {editing ? <CategoryForm target={editing} onClose={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PanelLoading />
      ) : list.isError ? (
        <Alert color="red" title="Categories could not be loaded">
          {serverMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : list.data.length === 0 ? (
        <PanelEmpty>No categories found</PanelEmpty>
      ) : (
        <Stack gap="xs">
          {list.data.map((c) => (
            <Card key={c.id} withBorder padding="sm" data-testid="category-row">
              <Group justify="space-between">
                <div>
                  <Text fw={600}>
                    {c.name}
                    {c.isArchived ? (
                      <Badge ml="xs" color="gray" variant="light">
                        Archived
                      </Badge>
                    ) : null}
                  </Text>
                  {c.description ? <Text size="sm">{c.description}</Text> : null}
                </div>
                {canManage ? (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Add a subcategory to ${c.name}`}
                      onClick={() =>
                        setEditing({ kind: 'subcategory', id: null, categoryId: c.id, name: '', description: null })
                      }
                    >
                      Add subcategory
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${c.name}`}
                      onClick={() =>
                        setEditing({ kind: 'category', id: c.id, name: c.name, description: c.description })
                      }
                    >
                      Edit
                    </Button>
                    <ArchiveButton
                      url={`/api/procurement/categories/${c.id}`}
                      archived={c.isArchived}
                      name={c.name}
                      kind="Category"
                    />
                  </Group>
                ) : null}
              </Group>
              {c.subcategories.length > 0 ? (
                <Group gap="xs" mt="xs">
                  {c.subcategories.map((s) => (
                    <Group key={s.id} gap={4}>
                      <Badge variant="light" color={s.isArchived ? 'gray' : 'blue'}>
                        {s.name}
                      </Badge>
                      {canManage ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Edit ${s.name}`}
                          onClick={() =>
                            setEditing({ kind: 'subcategory', id: s.id, name: s.name, description: s.description })
                          }
                        >
                          Edit
                        </Button>
                      ) : null}
                    </Group>
                  ))}
                </Group>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function StoresMastersScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const canManage = can(user?.role, 'stores.manage');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconListDetails size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Card withBorder component="section" aria-label={title}>
        <Tabs defaultValue="items" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="items">Items</Tabs.Tab>
            <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
            <Tabs.Tab value="locations">Locations</Tabs.Tab>
            <Tabs.Tab value="categories">Categories</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="items" pt="md">
            <ItemsTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="suppliers" pt="md">
            <SuppliersTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="locations" pt="md">
            <LocationsTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="categories" pt="md">
            <CategoriesTab canManage={canManage} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
