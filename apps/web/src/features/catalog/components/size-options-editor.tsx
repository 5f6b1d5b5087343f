import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  centsToDecimal,
  parseCents,
  ruleOptionsFor,
  sizeSortOrder,
  type Variant,
  variantCreateSchema,
} from '@retail-hub/shared';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ALL_STORES, type StockStoreChoice } from '@/features/retail-stores';
import { sanitizeMoneyInput } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateVariant, type VariantInput } from '../api/create-variant';
import { useDeleteVariant } from '../api/delete-variant';
import { useVariants } from '../api/get-variants';
import { useUpdateVariant } from '../api/update-variant';

type Draft = { name: string; price: string; stock: number | string };
type DraftErrors = Partial<Record<keyof Draft, string>>;

/** The server's own rules (shared variantCreateSchema): 'Name is required', the spec §5 price and stock messages. */
function validateDraft(draft: Draft): DraftErrors {
  const result = variantCreateSchema.safeParse({ name: draft.name, price: draft.price, stock: draft.stock });
  if (result.success) return {};
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Draft;
    errors[field] ??= issue.message;
  }
  return errors;
}

function stockOf(draft: Draft): number {
  const parsed = typeof draft.stock === 'number' ? draft.stock : Number.parseInt(draft.stock, 10);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
}

type SizeOptionsEditorProps = {
  productId: string;
  /** The product's base price (2-decimal string) and category, for the spec §9 suggestions. */
  basePrice: string;
  categoryName: string | null | undefined;
  /**
   * Issue #32: whose stock the sizes show and change, the product form's Store choice (absent or
   * null choice: one store, nothing new). "All stores" shows the total and changes none.
   */
  stockStore?: StockStoreChoice | undefined;
};

/** Where a size option's stock is read and written, from the form's Store choice (issue #32). */
type SizeStockAt = {
  /** `storeId` of the reads: the chosen store or 'all'; undefined with one store. */
  read: string | undefined;
  /** `storeId` of the writes: the chosen store; undefined (the default store) otherwise. */
  write: string | undefined;
  /** The stock inputs' description ("At Library Café"), or null with one store. */
  label: string | null;
  /** Why a stored size's stock cannot be changed here ("All stores"), else null. */
  blocked: string | null;
  /** The stock column's heading: "Stock", or whose ("Stock at Library Café", "Stock, all stores"). */
  heading: string;
};

function sizeStockAt(choice: StockStoreChoice | undefined): SizeStockAt {
  if (!choice || choice.choice === null) {
    return { read: undefined, write: undefined, label: null, blocked: null, heading: 'Stock' };
  }
  if (choice.store) {
    const store = choice.store;
    return {
      read: store.id,
      write: store.id,
      label: `At ${store.name}`,
      blocked: null,
      heading: `Stock at ${store.name}`,
    };
  }
  // "All stores": the total is shown and changes nothing; a new size's stock goes to the default store.
  return {
    read: ALL_STORES,
    write: undefined,
    label: `At ${choice.stores[0]?.name ?? 'the default store'}`,
    blocked: 'All stores together: choose a store to change its stock',
    heading: 'Stock, all stores',
  };
}

/** The section around the size options, in the Add and the Edit dialogs alike. */
function SizeOptionsSection({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="size-options-title">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="size-options-title">
            Size Options
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

const SIZE_PRICE_HINT =
  "Sizes sold at the terminal. Coffee and Mocktails cups, Small and Large follow the store's size prices; any other size sells at the price set here.";

/**
 * The stored size options of a product (spec §2 Product form, §3 product_variants): rename,
 * reprice, restock, add and remove, each with its own toast (spec §8). Suggestions offer the
 * spec §9 sizes of the product's category that are not stored yet.
 */
export function SizeOptionsEditor({ productId, basePrice, categoryName, stockStore }: SizeOptionsEditorProps) {
  const at = sizeStockAt(stockStore);
  // Issue #32: not before the Store choice is known: a read would show another store's stock and a
  // new size's stock would go to the default store.
  const ready = stockStore?.ready ?? true;
  const variants = useVariants(productId, at.read, ready);
  const createVariant = useCreateVariant();
  const stored = variants.data ?? [];
  const suggestions = ruleOptionsFor(categoryName, parseCents(basePrice) ?? 0).filter(
    (rule) => !stored.some((variant) => variant.name.trim().toLowerCase() === rule.name.toLowerCase()),
  );

  const add = (input: VariantInput, reset: () => void) =>
    createVariant.mutate(
      { productId, ...input, ...(at.write ? { storeId: at.write } : {}) },
      {
        onSuccess: () => {
          reset();
          notifySuccess({ replace: true, title: 'Success', message: 'Size option created successfully!' });
        },
        onError: () =>
          notifyError({ replace: true, title: 'Error', message: 'Failed to create size option. Please try again.' }),
      },
    );

  return (
    <SizeOptionsSection hint={SIZE_PRICE_HINT}>
      {variants.isLoading && <Loader size="sm" aria-label="Loading size options" />}
      {variants.isError && (
        <Alert color="red" title="Failed to fetch variants">
          <Button variant="light" color="red" size="xs" onClick={() => void variants.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {variants.isSuccess && stored.length === 0 && <Text c="dimmed">No size options yet.</Text>}
      {stored.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Size options">
            <SizeTableHead stockHeading={at.heading} />
            <Table.Tbody>
              {stored.map((variant) => (
                // A new store choice starts the row afresh from that store's stock.
                <VariantRow key={`${variant.id}:${at.read ?? ''}`} variant={variant} at={at} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {stored.length > 0 && at.blocked ? (
        <Text size="sm" c="dimmed">
          {at.blocked}
        </Text>
      ) : null}
      <AddSizeOption
        suggestions={variants.isSuccess ? suggestions : []}
        isPending={createVariant.isPending || !ready}
        onAdd={add}
        taken={(name) => stored.some((v) => v.isActive && v.name.trim().toLowerCase() === name.toLowerCase())}
        stockLabel={at.label}
      />
    </SizeOptionsSection>
  );
}

function SizeTableHead({ stockHeading = 'Stock' }: { stockHeading?: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Name</Table.Th>
        <Table.Th w={130}>Price</Table.Th>
        <Table.Th w={120}>{stockHeading}</Table.Th>
        <Table.Th w={110}>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** A size option of a product not saved yet (the Add dialog): sent with POST /api/products. */
export type SizeDraft = Draft & { key: number };

/** The body's `variants` of POST /api/products for the drafts (shared productCreateSchema). */
export function sizeDraftsInput(drafts: readonly SizeDraft[]): VariantInput[] {
  return drafts.map((draft) => {
    const name = draft.name.trim();
    return {
      name,
      price: centsToDecimal(parseCents(draft.price) ?? 0),
      stock: stockOf(draft),
      sortOrder: sizeSortOrder(name),
    };
  });
}

/** Each draft's messages: the server's variant rules, and a name listed twice (as the server refuses it). */
export function sizeDraftErrors(drafts: readonly SizeDraft[]): Map<number, DraftErrors> {
  const errors = new Map<number, DraftErrors>();
  const seen = new Set<string>();
  for (const draft of drafts) {
    const own = validateDraft(draft);
    const key = draft.name.trim().toLowerCase();
    if (key && seen.has(key)) own.name ??= `A size option named "${draft.name.trim()}" is listed twice.`;
    seen.add(key);
    if (Object.keys(own).length > 0) errors.set(draft.key, own);
  }
  return errors;
}

type NewSizeOptionsProps = {
  drafts: readonly SizeDraft[];
  onChange: (drafts: SizeDraft[]) => void;
  /** Show every draft's messages (after a save attempt). */
  showErrors: boolean;
  basePrice: string;
  categoryName: string | null | undefined;
};

/**
 * The size options of a new product (issue #13 item 16): listed in the Add dialog above its
 * buttons and created with the product by 'Create Product', in one request.
 */
export function NewSizeOptions({ drafts, onChange, showErrors, basePrice, categoryName }: NewSizeOptionsProps) {
  const errors = sizeDraftErrors(drafts);
  const suggestions = ruleOptionsFor(categoryName, parseCents(basePrice) ?? 0).filter(
    (rule) => !drafts.some((draft) => draft.name.trim().toLowerCase() === rule.name.toLowerCase()),
  );
  const nextKey = () => Math.max(0, ...drafts.map((d) => d.key)) + 1;
  const update = (key: number, change: Partial<Draft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));

  return (
    <SizeOptionsSection hint={`${SIZE_PRICE_HINT} They are saved with the product.`}>
      {drafts.length === 0 ? (
        <Text c="dimmed">No size options yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Size options">
            <SizeTableHead />
            <Table.Tbody>
              {drafts.map((draft, index) => {
                const label = draft.name.trim() || `${index + 1}`;
                const shown = showErrors ? errors.get(draft.key) : undefined;
                return (
                  <Table.Tr key={draft.key} data-testid="size-option-row">
                    <Table.Td>
                      <TextInput
                        aria-label={`Name of size option ${index + 1}`}
                        value={draft.name}
                        onChange={(event) => update(draft.key, { name: event.currentTarget.value })}
                        error={shown?.name}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Price of size option ${index + 1}`}
                        inputMode="decimal"
                        leftSection="$"
                        placeholder="0.00"
                        value={draft.price}
                        onChange={(event) =>
                          update(draft.key, { price: sanitizeMoneyInput(event.currentTarget.value, { capped: false }) })
                        }
                        error={shown?.price}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="md"
                        aria-label={`Stock of size option ${index + 1}`}
                        allowDecimal={false}
                        value={draft.stock}
                        onChange={(value) => update(draft.key, { stock: value })}
                        error={shown?.stock}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Tooltip label="Remove size option">
                          <ActionIcon
                            size={42}
                            variant="light"
                            color="red"
                            aria-label={`Remove size option ${label}`}
                            onClick={() => onChange(drafts.filter((d) => d.key !== draft.key))}
                          >
                            <IconTrash size={20} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* Rows are typed in place, so nothing typed is left out of the save. */}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" role="group" aria-label="Suggested sizes">
          {suggestions.length > 0 && (
            <Text size="sm" c="dimmed">
              Suggested:
            </Text>
          )}
          {suggestions.map((rule) => (
            <Button
              key={rule.name}
              size="xs"
              variant="default"
              radius="xl"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                onChange([...drafts, { key: nextKey(), name: rule.name, price: centsToDecimal(rule.cents), stock: 0 }])
              }
            >
              {rule.name} (${centsToDecimal(rule.cents)})
            </Button>
          ))}
        </Group>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          variant="light"
          onClick={() => onChange([...drafts, { key: nextKey(), ...EMPTY_DRAFT }])}
        >
          Add Size Option
        </Button>
      </Group>
    </SizeOptionsSection>
  );
}

function VariantRow({ variant, at }: { variant: Variant; at: SizeStockAt }) {
  const updateVariant = useUpdateVariant();
  const deleteVariant = useDeleteVariant();
  const [draft, setDraft] = useState<Draft>({ name: variant.name, price: variant.price, stock: variant.stock });
  // The stock the row showed when editing began: the server applies the difference (issue #15).
  const [stockBasedOn, setStockBasedOn] = useState(variant.stock);
  const errors = validateDraft(draft);
  const isDirty =
    draft.name.trim() !== variant.name || draft.price !== variant.price || stockOf(draft) !== variant.stock;

  const save = () => {
    if (Object.keys(errors).length > 0) return;
    const name = draft.name.trim();
    updateVariant.mutate(
      {
        id: variant.id,
        changes: {
          name,
          price: centsToDecimal(parseCents(draft.price) ?? 0),
          sortOrder: sizeSortOrder(name),
          // "All stores" changes no stock (there is no one place to put it): the stock is left out.
          ...(at.blocked ? {} : { stock: stockOf(draft), stockBasedOn }),
          ...(at.write ? { storeId: at.write } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          setDraft({ name: saved.name, price: saved.price, stock: saved.stock });
          setStockBasedOn(saved.stock);
          notifySuccess({ replace: true, title: 'Success', message: 'Size option updated successfully!' });
        },
        onError: () =>
          notifyError({ replace: true, title: 'Error', message: 'Failed to update size option. Please try again.' }),
      },
    );
  };

  const remove = () =>
    deleteVariant.mutate(variant.id, {
      onSuccess: () => notifySuccess({ replace: true, title: 'Success', message: 'Size option removed successfully!' }),
      onError: () =>
        notifyError({ replace: true, title: 'Error', message: 'Failed to remove size option. Please try again.' }),
    });

  return (
    <Table.Tr data-testid="size-option-row">
      <Table.Td>
        <TextInput
          aria-label={`Name of size option ${variant.name}`}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          error={errors.name}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Price of size option ${variant.name}`}
          inputMode="decimal"
          leftSection="$"
          value={draft.price}
          onChange={(event) =>
            setDraft({ ...draft, price: sanitizeMoneyInput(event.currentTarget.value, { capped: false }) })
          }
          error={errors.price}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          size="md"
          aria-label={`Stock of size option ${variant.name}`}
          allowDecimal={false}
          value={draft.stock}
          onChange={(value) => setDraft({ ...draft, stock: value })}
          error={errors.stock}
          disabled={at.blocked !== null}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Tooltip label="Save size option">
            <ActionIcon
              size={42}
              variant="filled"
              aria-label={`Save size option ${variant.name}`}
              disabled={!isDirty || Object.keys(errors).length > 0}
              loading={updateVariant.isPending}
              onClick={save}
            >
              <IconDeviceFloppy size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove size option">
            <ActionIcon
              size={42}
              variant="light"
              color="red"
              aria-label={`Remove size option ${variant.name}`}
              loading={deleteVariant.isPending}
              onClick={remove}
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const EMPTY_DRAFT: Draft = { name: '', price: '', stock: 0 };

function AddSizeOption({
  suggestions,
  isPending,
  onAdd,
  taken,
  stockLabel = null,
}: {
  suggestions: ReadonlyArray<{ name: string; cents: number }>;
  /** Issue #32: whose stock "Size stock" is ("At Library Café"); null with one store. */
  stockLabel?: string | null;
  isPending: boolean;
  /** Adds the size; `reset` empties the inputs once it is added. */
  onAdd: (input: VariantInput, reset: () => void) => void;
  /** A name already listed (checked before adding; the server checks stored ones). */
  taken?: (name: string) => boolean;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateDraft(draft);
  if (!errors.name && taken?.(draft.name.trim())) {
    errors.name = `A size option named "${draft.name.trim()}" already exists for this product.`;
  }
  const visible = (field: keyof Draft) => (showErrors ? errors[field] : undefined);

  const add = () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    const name = draft.name.trim();
    onAdd(
      {
        name,
        price: centsToDecimal(parseCents(draft.price) ?? 0),
        stock: stockOf(draft),
        sortOrder: sizeSortOrder(name),
      },
      () => {
        setDraft(EMPTY_DRAFT);
        setShowErrors(false);
      },
    );
  };

  return (
    <Stack gap="xs" role="group" aria-label="Add a size option">
      {suggestions.length > 0 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Suggested:
          </Text>
          {suggestions.map((rule) => (
            <Chip
              key={rule.name}
              checked={draft.name === rule.name}
              onChange={() => setDraft({ ...draft, name: rule.name, price: centsToDecimal(rule.cents) })}
              size="sm"
            >
              {rule.name} (${centsToDecimal(rule.cents)})
            </Chip>
          ))}
        </Group>
      )}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label="Size name"
          placeholder="e.g. Large"
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          error={visible('name')}
          style={{ flex: '2 1 180px' }}
        />
        <TextInput
          label="Size price"
          inputMode="decimal"
          leftSection="$"
          placeholder="0.00"
          value={draft.price}
          onChange={(event) =>
            setDraft({ ...draft, price: sanitizeMoneyInput(event.currentTarget.value, { capped: false }) })
          }
          error={visible('price')}
          style={{ flex: '1 1 110px' }}
        />
        <NumberInput
          size="md"
          label="Size stock"
          description={stockLabel ?? undefined}
          allowDecimal={false}
          value={draft.stock}
          onChange={(value) => setDraft({ ...draft, stock: value })}
          error={visible('stock')}
          style={{ flex: '1 1 100px' }}
        />
      </Group>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={add} loading={isPending} variant="light">
          Add Size Option
        </Button>
      </Group>
    </Stack>
  );
}
