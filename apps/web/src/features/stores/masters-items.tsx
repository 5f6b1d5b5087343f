import { Badge, Checkbox, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { formatQuantity, type Item, UNITS_OF_MEASURE } from '@retail-hub/shared';
import { storesPaths, useActiveProcCategories } from './api/stores';
import { ArchivedBadge, type FieldErrors, MasterFormModal, MasterTab, MasterTable, useDraft } from './master-tab';
import { useDepartmentOptions } from './masters-locations';
import { type PickedProduct, PosProductPicker, posProductLabel } from './pos-product-picker';

/** The masters screen's Items tab: an item's SKU, class, unit, reorder levels, asset facts and POS product. */

const ITEMS = storesPaths.master('items');

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

/** The save: null for blank optional fields, the POS product as its id. */
function itemRequest(item: Item | null, draft: ItemDraft) {
  const { posProduct, ...fields } = draft;
  return {
    method: item ? ('PATCH' as const) : ('POST' as const),
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
}

function ItemForm({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const { draft, set, bind } = useDraft(() => itemDraft(item));
  return (
    <MasterFormModal
      kind="Item"
      title={item ? `Edit ${item.sku}` : 'New Item'}
      size="lg"
      onClose={onClose}
      request={() => itemRequest(item, draft)}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="SKU" required {...bind('sku')} error={errors.sku} />
            <TextInput label="Name" required {...bind('name')} error={errors.name} />
            <ItemClassFields draft={draft} set={set} errors={errors} />
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
          {draft.isAsset ? <AssetFields bind={bind} errors={errors} /> : null}
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

export function ItemsTab({ canManage }: { canManage: boolean }) {
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

/** An asset item's warranty, service interval and expected lifespan (whole numbers or blank). */
function AssetFields({ bind, errors }: { bind: ReturnType<typeof useDraft<ItemDraft>>['bind']; errors: FieldErrors }) {
  return (
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
  );
}

/** An item's category, subcategory (of the chosen category) and department. */
function ItemClassFields({
  draft,
  set,
  errors,
}: {
  draft: ItemDraft;
  set: (patch: Partial<ItemDraft>) => void;
  errors: FieldErrors;
}) {
  const categories = useActiveProcCategories();
  const departments = useDepartmentOptions();
  const category = (categories.data ?? []).find((c) => c.id === draft.categoryId);
  return (
    <>
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
    </>
  );
}
