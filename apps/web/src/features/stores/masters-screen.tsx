import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  can,
  formatQuantity,
  type Item,
  type Location,
  type ProcCategory,
  type Supplier,
  UNITS_OF_MEASURE,
} from '@retail-hub/shared';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLookups } from '@/features/purchasing';
import { useAuth } from '@/lib/auth';
import { ArchiveButton, ArchivedBadge, MasterFormModal, MasterTab, MasterTable, useDraft } from './master-tab';
import { type PickedProduct, PosProductPicker, posProductLabel } from './pos-product-picker';

/**
 * Issue #16 item 1: the purchasing masters (items, suppliers, locations, categories): list,
 * search, create, edit, archive and restore, CSV export and import with a per-row report. Reading
 * is stores.view, writing stores.manage (the server decides; the buttons follow). Every tab is a
 * MasterTab (master-tab.tsx); this file holds what differs: the forms and the columns.
 */

const ITEMS = '/api/procurement/items';
const SUPPLIERS = '/api/procurement/suppliers';
const LOCATIONS = '/api/procurement/locations';
const CATEGORIES = '/api/procurement/categories';

function useDepartmentOptions() {
  const lookups = useLookups();
  return (lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
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
  const { draft, set, bind } = useDraft(() => itemDraft(item));
  const categories = useQuery<ProcCategory[]>({ queryKey: [CATEGORIES, { status: 'active' }] });
  const departments = useDepartmentOptions();
  const category = (categories.data ?? []).find((c) => c.id === draft.categoryId);
  return (
    <MasterFormModal
      kind="Item"
      title={item ? `Edit ${item.sku}` : 'New Item'}
      size="lg"
      onClose={onClose}
      request={() => {
        const { posProduct, ...fields } = draft;
        return {
          method: item ? 'PATCH' : 'POST',
          url: item ? `${ITEMS}/${item.id}` : ITEMS,
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
        };
      }}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="SKU" required {...bind('sku')} error={errors.sku} />
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
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
              data={departments}
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
            <TextInput label="Barcode" {...bind('barcode')} error={errors.barcode} />
            <TextInput
              label="Reorder point"
              inputMode="decimal"
              {...bind('reorderPoint')}
              error={errors.reorderPoint}
            />
            <TextInput
              label="Minimum reorder quantity"
              inputMode="decimal"
              {...bind('minReorderQty')}
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
                {...bind('warrantyMonths')}
                error={errors.warrantyMonths}
              />
              <TextInput
                label="Service every (days)"
                inputMode="numeric"
                {...bind('serviceIntervalDays')}
                error={errors.serviceIntervalDays}
              />
              <TextInput
                label="Expected lifespan (months)"
                inputMode="numeric"
                {...bind('expectedLifespanMonths')}
                error={errors.expectedLifespanMonths}
              />
            </SimpleGrid>
          ) : null}
          <Textarea label="Description" autosize minRows={2} {...bind('description')} error={errors.description} />
          <PosProductPicker
            value={draft.posProduct}
            onChange={(posProduct) => set({ posProduct })}
            error={errors.posProductId}
          />
        </>
      )}
    </MasterFormModal>
  );
}

function ItemsTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<Item, Item | null>
      canManage={canManage}
      url={ITEMS}
      paged
      noun="items"
      newLabel="New item"
      searchLabel="Search SKU, name or barcode"
      csvKind="items"
      newTarget={null}
      renderForm={(item, onClose) => <ItemForm item={item} onClose={onClose} />}
      renderList={(rows, edit) => (
        <MasterTable
          rows={rows}
          label="Items"
          minWidth={880}
          rowTestId="item-row"
          canManage={canManage}
          url={ITEMS}
          kind="Item"
          nameOf={(item) => item.sku}
          onEdit={edit}
          columns={[
            { header: 'SKU', ff: 'monospace', cell: (item) => item.sku },
            {
              header: 'Name',
              cell: (item) => (
                <>
                  {item.name}
                  {item.isAsset ? (
                    <Badge ml="xs" variant="light">
                      Asset
                    </Badge>
                  ) : null}
                  <ArchivedBadge archived={item.isArchived} />
                </>
              ),
            },
            {
              header: 'Category',
              cell: (item) => [item.categoryName, item.subcategoryName].filter(Boolean).join(' / ') || '—',
            },
            {
              header: 'POS product',
              cell: (item) => (item.posProductName ? posProductLabel(item.posProductName, item.posProductSku) : '—'),
            },
            {
              header: 'On hand',
              ta: 'right',
              cell: (item) => `${formatQuantity(item.onHandQty)} ${item.uom}`,
            },
            { header: 'Reorder point', ta: 'right', cell: (item) => formatQuantity(item.reorderPoint) },
          ]}
        />
      )}
    />
  );
}

// ---- Suppliers ----

function SupplierForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { draft, bind } = useDraft(() => ({
    name: supplier?.name ?? '',
    contactName: supplier?.contactName ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
  }));
  return (
    <MasterFormModal
      kind="Supplier"
      title={supplier ? `Edit ${supplier.name}` : 'New Supplier'}
      size="lg"
      onClose={onClose}
      request={() => ({
        method: supplier ? 'PATCH' : 'POST',
        url: supplier ? `${SUPPLIERS}/${supplier.id}` : SUPPLIERS,
        body: Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, k === 'name' ? v : v || null])),
        done: `${draft.name} saved.`,
      })}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
            <TextInput label="Contact name" {...bind('contactName')} error={errors.contactName} />
            <TextInput label="E-mail (purchase orders go here)" type="email" {...bind('email')} error={errors.email} />
            <TextInput label="Phone" {...bind('phone')} error={errors.phone} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} {...bind('address')} error={errors.address} />
          <Textarea label="Notes" autosize minRows={2} {...bind('notes')} error={errors.notes} />
        </>
      )}
    </MasterFormModal>
  );
}

function SuppliersTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<Supplier, Supplier | null>
      canManage={canManage}
      url={SUPPLIERS}
      noun="suppliers"
      newLabel="New supplier"
      searchLabel="Search suppliers"
      csvKind="suppliers"
      newTarget={null}
      renderForm={(supplier, onClose) => <SupplierForm supplier={supplier} onClose={onClose} />}
      renderList={(rows, edit) => (
        <MasterTable
          rows={rows}
          label="Suppliers"
          minWidth={720}
          rowTestId="supplier-row"
          canManage={canManage}
          url={SUPPLIERS}
          kind="Supplier"
          nameOf={(s) => s.name}
          onEdit={edit}
          columns={[
            {
              header: 'Name',
              cell: (s) => (
                <>
                  {s.name}
                  <ArchivedBadge archived={s.isArchived} />
                </>
              ),
            },
            { header: 'Contact', cell: (s) => s.contactName ?? '—' },
            { header: 'E-mail', cell: (s) => s.email ?? '—' },
            { header: 'Phone', cell: (s) => s.phone ?? '—' },
          ]}
        />
      )}
    />
  );
}

// ---- Locations ----

function LocationForm({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const departments = useDepartmentOptions();
  const { draft, set, bind } = useDraft(() => ({
    code: location?.code ?? '',
    name: location?.name ?? '',
    departmentId: location?.departmentId ?? null,
    building: location?.building ?? '',
    floor: location?.floor ?? '',
    room: location?.room ?? '',
    isSelling: location?.isSelling ?? false,
  }));
  return (
    <MasterFormModal
      kind="Location"
      title={location ? `Edit ${location.code}` : 'New Location'}
      size="lg"
      onClose={onClose}
      request={() => ({
        method: location ? 'PATCH' : 'POST',
        url: location ? `${LOCATIONS}/${location.id}` : LOCATIONS,
        body: {
          ...draft,
          building: draft.building || null,
          floor: draft.floor || null,
          room: draft.room || null,
        },
        done: `${draft.code} saved.`,
      })}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Code (e.g. Main-2-205)" required {...bind('code')} error={errors.code} />
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput label="Building" {...bind('building')} error={errors.building} />
            <TextInput label="Floor" {...bind('floor')} error={errors.floor} />
            <TextInput label="Room" {...bind('room')} error={errors.room} />
          </SimpleGrid>
          <Select
            label="Department"
            clearable
            searchable
            data={departments}
            value={draft.departmentId}
            onChange={(departmentId) => set({ departmentId })}
            error={errors.departmentId}
          />
          <Checkbox
            label="Selling location: receiving an item linked to a POS product here raises the product's stock"
            checked={draft.isSelling}
            onChange={(e) => set({ isSelling: e.currentTarget.checked })}
          />
        </>
      )}
    </MasterFormModal>
  );
}

function LocationsTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<Location, Location | null>
      canManage={canManage}
      url={LOCATIONS}
      noun="locations"
      newLabel="New location"
      searchLabel="Search locations"
      csvKind="locations"
      newTarget={null}
      renderForm={(location, onClose) => <LocationForm location={location} onClose={onClose} />}
      renderList={(rows, edit) => (
        <MasterTable
          rows={rows}
          label="Locations"
          minWidth={720}
          rowTestId="location-row"
          canManage={canManage}
          url={LOCATIONS}
          kind="Location"
          nameOf={(l) => l.code}
          onEdit={edit}
          columns={[
            { header: 'Code', ff: 'monospace', cell: (l) => l.code },
            {
              header: 'Name',
              cell: (l) => (
                <>
                  {l.name}
                  <ArchivedBadge archived={l.isArchived} />
                </>
              ),
            },
            { header: 'Department', cell: (l) => l.departmentName ?? '—' },
            { header: 'Selling', cell: (l) => (l.isSelling ? 'Yes' : 'No') },
          ]}
        />
      )}
    />
  );
}

// ---- Categories ----

type CategoryTarget = {
  kind: 'category' | 'subcategory';
  id: string | null;
  categoryId?: string;
  name: string;
  description: string | null;
};

function CategoryForm({ target, onClose }: { target: CategoryTarget; onClose: () => void }) {
  const [name, setName] = useState(target.name);
  const [description, setDescription] = useState(target.description ?? '');
  const url =
    target.kind === 'category'
      ? target.id
        ? `${CATEGORIES}/${target.id}`
        : CATEGORIES
      : target.id
        ? `/api/procurement/subcategories/${target.id}`
        : `${CATEGORIES}/${target.categoryId}/subcategories`;
  const noun = target.kind === 'category' ? 'Category' : 'Subcategory';
  return (
    <MasterFormModal
      kind={noun}
      title={`${target.id ? 'Edit' : 'New'} ${noun}`}
      onClose={onClose}
      request={() => ({
        method: target.id ? 'PATCH' : 'POST',
        url,
        body: { name, description: description || null },
        done: `${name} saved.`,
      })}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </MasterFormModal>
  );
}

function CategoriesTab({ canManage }: { canManage: boolean }) {
  return (
    <MasterTab<ProcCategory, CategoryTarget>
      canManage={canManage}
      url={CATEGORIES}
      noun="categories"
      newLabel="New category"
      searchLabel="Search categories"
      csvKind="categories"
      newTarget={{ kind: 'category', id: null, name: '', description: null }}
      renderForm={(target, onClose) => <CategoryForm target={target} onClose={onClose} />}
      renderList={(rows, edit) => (
        <Stack gap="xs">
          {rows.map((c) => (
            <Card key={c.id} withBorder padding="sm" data-testid="category-row">
              <Group justify="space-between">
                <div>
                  <Text fw={600}>
                    {c.name}
                    <ArchivedBadge archived={c.isArchived} />
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
                        edit({ kind: 'subcategory', id: null, categoryId: c.id, name: '', description: null })
                      }
                    >
                      Add subcategory
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${c.name}`}
                      onClick={() => edit({ kind: 'category', id: c.id, name: c.name, description: c.description })}
                    >
                      Edit
                    </Button>
                    <ArchiveButton
                      url={`${CATEGORIES}/${c.id}`}
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
                            edit({ kind: 'subcategory', id: s.id, name: s.name, description: s.description })
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
    />
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
