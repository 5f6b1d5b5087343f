import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ASSET_TYPES,
  type AssetType,
  can,
  ERROR_CODES,
  generateSku,
  type Product,
  type ProductDetail,
} from '@retail-hub/shared';
import { IconWand } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ALL_STORES, ProductStoresSection, StockStoreSelect, useStockStore } from '@/features/retail-stores';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { sanitizeMoneyInput } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateProduct } from '../api/create-product';
import { useCategories } from '../api/get-categories';
import { useProductDetail } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { type FieldErrors, type ProductField, useProductForm } from '../hooks/use-product-form';
import { ASSET_TYPE_LABELS } from '../utils/format';
import { CategoryField, type CategoryPanel, CategoryPanels } from './category-field';
import {
  NewSizeOptions,
  type SizeDraft,
  SizeOptionsEditor,
  sizeDraftErrors,
  sizeDraftsInput,
} from './size-options-editor';
import { StockAdjustPanel } from './stock-adjust-panel';

type ProductFormProps = {
  /** The product being edited; null creates one (spec §4 Product form). */
  product: Product | null;
  /** spec §6: the institutional asset fields are for role manager only. */
  withAssetFields: boolean;
  onSaved: (product: Product, mode: 'created' | 'updated') => void;
  onCancel: () => void;
};

const ASSET_TYPE_OPTIONS = ASSET_TYPES.map((value) => ({ value, label: ASSET_TYPE_LABELS[value] }));

/** The field messages of a refused save: 400 field errors, or the 409 SKU conflict on the SKU. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.body) return {};
  if (error.status === 409 && error.body.code === ERROR_CODES.skuTaken) return { sku: error.body.message };
  return (error.body.errors ?? {}) as FieldErrors;
}

/** spec §2 Product form (create and edit), spec §5 validation on change with the exact messages. */
export function ProductForm({ product, withAssetFields, onSaved, onCancel }: ProductFormProps) {
  const form = useProductForm(product, { withAssetFields });
  // The stock this form was opened with: the server applies (new − this), never a blind overwrite.
  const [stockBasedOn, setStockBasedOn] = useState(() => product?.stock ?? 0);
  // Issue #32: with several stores, the stock field and the adjustments are the chosen store's
  // (the inventory screen's choice, shared); "All stores" shows the total and changes nothing.
  const stockStore = useStockStore();
  const allStores = stockStore.choice === ALL_STORES;
  const detail = useProductDetail(product?.id ?? null, ALL_STORES, stockStore.choice !== null && stockStore.ready);
  const breakdown = detail.data?.stockByStore ?? [];
  // The store whose stock the field holds; when the choice changes, the field follows it.
  const [fieldStore, setFieldStore] = useState(stockStore.choice);
  const { user } = useAuth();
  const canAdjust = Boolean(product && user && can(user.role, 'inventory.manage'));
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const isPending = createProduct.isPending || updateProduct.isPending;
  const { values, setField, errorOf } = form;
  const [categoryPanel, setCategoryPanel] = useState<CategoryPanel>('none');
  // A new product's size options, created with it (issue #13 item 16).
  const [sizes, setSizes] = useState<SizeDraft[]>([]);
  const [showSizeErrors, setShowSizeErrors] = useState(false);
  const categories = useCategories();
  const categoryName = categories.data?.find((c) => c.id === values.categoryId)?.name;
  const formId = useId();

  const fillSku = () => setField('sku', generateSku(values.name));

  useEffect(() => {
    if (!product || fieldStore === stockStore.choice || !detail.data) return;
    const figure =
      stockStore.choice === ALL_STORES
        ? detail.data.stock
        : (breakdown.find((b) => b.storeId === stockStore.choice)?.stock ?? 0);
    setField('stock', figure);
    setStockBasedOn(figure);
    setFieldStore(stockStore.choice);
  }, [product, fieldStore, stockStore.choice, detail.data, breakdown, setField]);
  const storeFields = stockStore.store ? { storeId: stockStore.store.id } : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newSizes = !product && values.hasVariants ? sizes : [];
    setShowSizeErrors(true);
    const sizesValid = sizeDraftErrors(newSizes).size === 0;
    if (!form.validateAll() || !sizesValid) return;
    const input = form.input();
    const onError = (error: unknown) => {
      form.setServerErrors(serverFieldErrors(error));
      notifyError({
        replace: true,
        title: 'Error',
        message: product
          ? 'Failed to update product. Please try again.'
          : 'Failed to create product. Please try again.',
      });
    };
    if (product) {
      // "All stores" changes no stock (there is no one place to put it): the stock is left out.
      const { stock: _stock, ...withoutStock } = input;
      const changes = allStores ? withoutStock : { ...input, stockBasedOn, ...storeFields };
      updateProduct.mutate(
        { id: product.id, changes },
        {
          onSuccess: (saved) => {
            notifySuccess({ replace: true, title: 'Success', message: 'Product updated successfully!' });
            onSaved(saved, 'updated');
          },
          onError,
        },
      );
    } else {
      const create = { ...input, ...storeFields };
      createProduct.mutate(newSizes.length > 0 ? { ...create, variants: sizeDraftsInput(newSizes) } : create, {
        onSuccess: (saved) => {
          notifySuccess({ replace: true, title: 'Success', message: 'Product created successfully!' });
          onSaved(saved, 'created');
        },
        onError,
      });
    }
  };

  const text = (field: ProductField & ('name' | 'sku' | 'imageUrl' | 'location')) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => setField(field, event.currentTarget.value),
    error: errorOf(field),
  });

  return (
    <Stack gap="lg">
      <form id={formId} onSubmit={submit} noValidate aria-label={product ? 'Edit product' : 'New product'}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Name"
              withAsterisk
              {...text('name')}
              onBlur={() => {
                // The auto-generate action: a new product with no SKU yet gets one from its name.
                if (!product && !values.sku.trim() && values.name.trim()) fillSku();
              }}
              data-autofocus
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput label="SKU" withAsterisk {...text('sku')} style={{ flex: 1 }} />
              <Button
                mt={29}
                variant="light"
                leftSection={<IconWand size={18} aria-hidden />}
                onClick={fillSku}
                aria-label="Generate SKU"
              >
                Generate
              </Button>
            </Group>
            <TextInput
              label="Price"
              withAsterisk
              inputMode="decimal"
              leftSection="$"
              placeholder="0.00"
              value={values.price}
              onChange={(event) => setField('price', sanitizeMoneyInput(event.currentTarget.value, { capped: false }))}
              error={errorOf('price')}
            />
            <CategoryField
              value={values.categoryId}
              onChange={(id) => setField('categoryId', id)}
              error={errorOf('categoryId')}
              panel={categoryPanel}
              onPanelChange={setCategoryPanel}
            />
          </SimpleGrid>
          <CategoryPanels
            panel={categoryPanel}
            value={values.categoryId}
            onChange={(id) => setField('categoryId', id)}
            onClose={() => setCategoryPanel('none')}
          />
          {stockStore.choice !== null ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <StockStoreSelect value={stockStore} />
              {product && breakdown.length > 1 ? <StockByStore rows={breakdown} /> : null}
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <NumberInput
              size="md"
              label="Stock"
              allowDecimal={false}
              value={values.stock}
              onChange={(value) => setField('stock', value)}
              error={errorOf('stock')}
              disabled={Boolean(product) && allStores}
              description={
                stockStore.choice === null
                  ? undefined
                  : stockStore.store
                    ? `At ${stockStore.store.name}`
                    : product
                      ? 'All stores together: choose a store to change its stock'
                      : `At ${stockStore.stores[0]?.name ?? 'the default store'}`
              }
            />
            <NumberInput
              size="md"
              label="Low stock threshold"
              placeholder="10"
              allowDecimal={false}
              value={values.lowStockThreshold}
              onChange={(value) => setField('lowStockThreshold', value)}
              error={errorOf('lowStockThreshold')}
            />
          </SimpleGrid>
          <Textarea
            size="md"
            label="Description"
            rows={3}
            value={values.description}
            onChange={(event) => setField('description', event.currentTarget.value)}
            error={errorOf('description')}
          />
          <TextInput label="Image URL" placeholder="https://…" type="url" {...text('imageUrl')} />
          <Group gap="xl">
            <Switch
              size="md"
              label="Active"
              checked={values.isActive}
              onChange={(event) => setField('isActive', event.currentTarget.checked)}
            />
            <Switch
              size="md"
              label="Has size options"
              checked={values.hasVariants}
              onChange={(event) => setField('hasVariants', event.currentTarget.checked)}
            />
          </Group>
          {withAssetFields && (
            <Fieldset legend="Institutional asset" variant="filled">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <Select
                  label="Asset type"
                  data={ASSET_TYPE_OPTIONS}
                  value={values.assetType}
                  onChange={(value) => setField('assetType', (value ?? 'regular') as AssetType)}
                  allowDeselect={false}
                  error={errorOf('assetType')}
                />
                <TextInput label="Location" placeholder="Main-2-205" {...text('location')} />
              </SimpleGrid>
              <Switch
                size="md"
                mt="md"
                label="Checkout required"
                checked={values.isCheckoutRequired}
                onChange={(event) => setField('isCheckoutRequired', event.currentTarget.checked)}
              />
            </Fieldset>
          )}
        </Stack>
      </form>
      {/*
        Issue #15 item 2: 'Adjust stock' and a stock count beside the stock field, outside the form
        (they are saved at once, not with the product). The units that moved are added to both the
        stock field and the stock the form was based on, so saving the form later moves nothing more.
      */}
      {product && canAdjust ? (
        <StockAdjustPanel
          productId={product.id}
          productName={product.name}
          store={stockStore.store}
          blocked={allStores ? 'Choose a store above to adjust or count its stock.' : null}
          allStores={allStores}
          onApplied={(moved) => {
            setStockBasedOn((b) => b + moved);
            const current = typeof values.stock === 'number' ? values.stock : Number(values.stock);
            setField('stock', (Number.isFinite(current) ? current : 0) + moved);
          }}
        />
      ) : null}
      {/*
        Size options sit above the dialog's buttons, where a manager sees them (issue #13 item 16):
        a stored product's are saved one by one; a new product's are created with it. They are
        outside the <form>, so Enter in a size field never saves the product.
      */}
      {product ? <ProductStoresSection productId={product.id} /> : null}
      {values.hasVariants &&
        (product ? (
          <SizeOptionsEditor
            productId={product.id}
            basePrice={product.price}
            categoryName={product.category?.name}
            stockStore={stockStore}
          />
        ) : (
          <NewSizeOptions
            drafts={sizes}
            onChange={setSizes}
            showErrors={showSizeErrors}
            basePrice={values.price}
            categoryName={categoryName}
          />
        ))}
      {/* The buttons stay in view at the foot of the dialog while its fields and sizes scroll. */}
      <Group
        justify="flex-end"
        gap="sm"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        {/* Issue #32: until the Store choice is known a save would change the default store's stock. */}
        <Button type="submit" form={formId} loading={isPending || !stockStore.ready}>
          {product ? 'Update Product' : 'Create Product'}
        </Button>
      </Group>
    </Stack>
  );
}

/** Issue #32: the product's own stock at each store, read-only (only with several stores). */
function StockByStore({ rows }: { rows: ProductDetail['stockByStore'] & object }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="stock-by-store">
        Stock by store
      </Text>
      <Table verticalSpacing={2} withRowBorders={false} aria-labelledby="stock-by-store" data-testid="stock-by-store">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.storeId}>
              <Table.Td>{row.storeName}</Table.Td>
              <Table.Td ta="right">{row.stock}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
