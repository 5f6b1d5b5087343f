import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ASSET_TYPES, can, categoryLabel, type Product } from '@retail-hub/shared';
import { IconFileExport, IconPackageOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useDepartments } from '@/features/departments';
import { ALL_STORES, StockStoreSelect, useStockStore } from '@/features/retail-stores';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteProduct } from '../api/delete-product';
import { CATEGORIES_REFETCH_MS, useCategories } from '../api/get-categories';
import { type ProductQuery, productPageQueryOptions } from '../api/get-products';
import { exportCsvUrl } from '../api/import-products';
import { ASSET_TYPE_LABELS } from '../utils/format';
import { ProductImportButton } from './csv-import';
import { ProductFormDialog } from './product-form-dialog';
import { ProductTable } from './product-table';
import { TaxRatesCard } from './tax-rates-card';

/** Rows per page: the table stays light with 10,000 products (the server pages with limit/offset). */
export const PAGE_SIZE = 50;
/** spec §9 Timing: inventory products are cached for 30 s; spec §9 search debounce 300 ms. */
const PRODUCTS_STALE_MS = 30_000;
const SEARCH_DEBOUNCE_MS = 300;

const ASSET_TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...ASSET_TYPES.map((value) => ({
    value,
    label: ASSET_TYPE_LABELS[value],
  })),
];

const SELECT_FLEX = { flex: '1 1 180px' };

type Editor = { key: number; product: Product | null };

/** spec §2 Inventory Management (/inventory), for managers and super admins (spec §6; the route guard). */
export function InventoryManagement() {
  const { user } = useAuth();
  const role = user?.role;
  // spec §6: asset-type and department filters and the Asset Info column for managers and super
  // admins; the product form's institutional fields for role manager only.
  const seesAssets = role === 'manager' || role === 'super_admin';
  const editsAssetFields = role === 'manager';

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('');
  const [assetType, setAssetType] = useState('');
  const [department, setDepartment] = useState('');
  const [page, setPage] = useState(1);
  // Issue #32: with several stores, whose stock the table shows (and the product form changes).
  const stockStore = useStockStore();
  // Issue #32: the CSV's stock columns are one store's: the chosen store, or with "All stores" the
  // default store (listed first), where an import then acts too. One store: nothing named.
  const csvStore = stockStore.choice === null ? null : (stockStore.store ?? stockStore.stores[0] ?? null);
  const csvStoreHintId = useId();

  const categories = useCategories({ refetchInterval: CATEGORIES_REFETCH_MS });
  const departments = useDepartments({ enabled: seesAssets });
  const hasDepartments = seesAssets && (departments.data?.length ?? 0) > 0;

  const query: ProductQuery = {
    search: debouncedSearch || undefined,
    category: category || undefined,
    assetType: seesAssets ? assetType || undefined : undefined,
    department: hasDepartments ? department || undefined : undefined,
    // Issue #32: the catalogue's own prices and every product, whatever store a shift is at or is
    // chosen here (a row opens in the product form, which saves its price as the base price); the
    // stock of the store chosen, or of every store together ("All stores", and with one store).
    storeId: ALL_STORES,
    stockStoreId: stockStore.choice ?? ALL_STORES,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  // Issue #32: not before the Store choice is known (else every store's stock first, then the store's).
  const products = useQuery({
    ...productPageQueryOptions(query),
    staleTime: PRODUCTS_STALE_MS,
    enabled: stockStore.ready,
  });
  const total = products.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Rows deleted elsewhere can leave us past the last page: step back rather than show nothing.
  if (products.data && page > pageCount) setPage(pageCount);

  const [editor, setEditor] = useState<Editor | null>(null);
  // Each opening gets a fresh dialog (new key), so no state of a previous product lingers.
  const openings = useRef(0);
  const openEditor = (product: Product | null) => {
    openings.current += 1;
    setEditor({ key: openings.current, product });
  };

  const [toDelete, setToDelete] = useState<Product | null>(null);
  const deleteProduct = useDeleteProduct();
  const confirmDelete = () => {
    if (!toDelete) return;
    deleteProduct.mutate(toDelete.id, {
      onSuccess: (result) => {
        notifySuccess({
          replace: true,
          title: 'Success',
          message: result.deactivated
            ? 'Product deleted successfully! It has sales, so it was deactivated to keep the sales history.'
            : 'Product deleted successfully!',
        });
        setToDelete(null);
      },
      onError: () =>
        notifyError({ replace: true, title: 'Error', message: 'Failed to delete product. Please try again.' }),
    });
  };

  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const rows = products.data?.items ?? [];
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, (page - 1) * PAGE_SIZE + rows.length);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            Inventory Management
          </Title>
          <Text c="dimmed">Products, categories, stock levels and size options.</Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Group gap="sm">
            <Button
              component="a"
              href={exportCsvUrl(csvStore?.id)}
              download
              variant="default"
              leftSection={<IconFileExport size={18} aria-hidden />}
              aria-describedby={csvStore ? csvStoreHintId : undefined}
              // Issue #32: not before the Store choice is known (the file would be the default store's).
              disabled={!stockStore.ready}
            >
              Export CSV
            </Button>
            <ProductImportButton storeId={csvStore?.id} waiting={!stockStore.ready} />
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
              Add Product
            </Button>
          </Group>
          {csvStore ? (
            <Text size="sm" c="dimmed" id={csvStoreHintId} data-testid="csv-store">
              CSV stock: at {csvStore.name}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <Card padding="md">
        {/* The search takes the room it needs; the selects wrap below it on a tablet. */}
        <Group gap="sm" align="flex-end">
          <TextInput
            aria-label="Search products"
            placeholder="Search products"
            leftSection={<IconSearch size={18} aria-hidden />}
            style={{ flex: '2 1 280px' }}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            aria-label="Filter by category"
            data={[
              { value: '', label: 'All categories' },
              ...(categories.data ?? []).map((c) => ({ value: c.id, label: categoryLabel(c) })),
            ]}
            value={category}
            onChange={filterChanged((value: string | null) => setCategory(value ?? ''))}
            allowDeselect={false}
            searchable
            style={SELECT_FLEX}
          />
          {seesAssets && (
            <Select
              aria-label="Filter by asset type"
              data={ASSET_TYPE_OPTIONS}
              value={assetType}
              onChange={filterChanged((value: string | null) => setAssetType(value ?? ''))}
              allowDeselect={false}
              style={SELECT_FLEX}
            />
          )}
          {hasDepartments && (
            <Select
              aria-label="Filter by department"
              data={[
                { value: '', label: 'All departments' },
                ...(departments.data ?? []).map((d) => ({ value: d.id, label: d.name })),
              ]}
              value={department}
              onChange={filterChanged((value: string | null) => setDepartment(value ?? ''))}
              allowDeselect={false}
              searchable
              style={SELECT_FLEX}
            />
          )}
          <StockStoreSelect
            value={{ ...stockStore, setChoice: (choice) => filterChanged(stockStore.setChoice)(choice) }}
            style={SELECT_FLEX}
          />
        </Group>
      </Card>

      <Card padding={0}>
        {products.isPending ? (
          <Center p="xl">
            <Loader aria-label="Loading products" />
          </Center>
        ) : products.isError ? (
          <Alert color="red" title="Products could not be loaded" m="md">
            <Button variant="light" color="red" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : rows.length === 0 ? (
          <Stack align="center" gap="xs" p="xl" c="dimmed">
            <IconPackageOff size={40} stroke={1.5} aria-hidden />
            <Text fw={600}>No products found</Text>
          </Stack>
        ) : (
          <ProductTable
            products={rows}
            showAssetInfo={seesAssets}
            onEdit={(product) => openEditor(product)}
            onDelete={setToDelete}
          />
        )}
      </Card>

      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
            products
          </Text>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              size="lg"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Group>
      )}

      {/* Issue #34 item 2: the Tax rates panel, for managers and super admins ('tax.manage'). */}
      {user && can(user.role, 'tax.manage') ? <TaxRatesCard categories={categories.data ?? []} /> : null}

      {editor && (
        <ProductFormDialog
          key={editor.key}
          opened
          product={editor.product}
          withAssetFields={editsAssetFields}
          onClose={() => setEditor(null)}
        />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Product"
        message={toDelete ? `Are you sure you want to delete "${toDelete.name}"?` : ''}
        confirmLabel="Delete"
        isPending={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
