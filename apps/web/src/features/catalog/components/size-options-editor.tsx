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
import { useState } from 'react';
import { sanitizeMoneyInput } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateVariant } from '../api/create-variant';
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
};

/**
 * The stored size options of a product (spec §2 Product form, §3 product_variants): rename,
 * reprice, restock, add and remove, each with its own toast (spec §8). Suggestions offer the
 * spec §9 sizes of the product's category that are not stored yet.
 */
export function SizeOptionsEditor({ productId, basePrice, categoryName }: SizeOptionsEditorProps) {
  const variants = useVariants(productId);
  const stored = variants.data ?? [];
  const suggestions = ruleOptionsFor(categoryName, parseCents(basePrice) ?? 0).filter(
    (rule) => !stored.some((variant) => variant.name.trim().toLowerCase() === rule.name.toLowerCase()),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="size-options-title">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="size-options-title">
            Size Options
          </Title>
          <Text size="sm" c="dimmed">
            Sizes sold at the terminal. Coffee and Mocktails cups, Small and Large follow the store's size prices; any
            other size sells at the price set here.
          </Text>
        </div>
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
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={130}>Price</Table.Th>
                  <Table.Th w={120}>Stock</Table.Th>
                  <Table.Th w={110}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stored.map((variant) => (
                  <VariantRow key={variant.id} variant={variant} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <AddSizeOption productId={productId} suggestions={variants.isSuccess ? suggestions : []} />
      </Stack>
    </Paper>
  );
}

function VariantRow({ variant }: { variant: Variant }) {
  const updateVariant = useUpdateVariant();
  const deleteVariant = useDeleteVariant();
  const [draft, setDraft] = useState<Draft>({ name: variant.name, price: variant.price, stock: variant.stock });
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
          stock: stockOf(draft),
          sortOrder: sizeSortOrder(name),
        },
      },
      {
        onSuccess: (saved) => {
          setDraft({ name: saved.name, price: saved.price, stock: saved.stock });
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
  productId,
  suggestions,
}: {
  productId: string;
  suggestions: ReadonlyArray<{ name: string; cents: number }>;
}) {
  const createVariant = useCreateVariant();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateDraft(draft);
  const visible = (field: keyof Draft) => (showErrors ? errors[field] : undefined);

  const add = () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    const name = draft.name.trim();
    createVariant.mutate(
      {
        productId,
        name,
        price: centsToDecimal(parseCents(draft.price) ?? 0),
        stock: stockOf(draft),
        sortOrder: sizeSortOrder(name),
      },
      {
        onSuccess: () => {
          setDraft(EMPTY_DRAFT);
          setShowErrors(false);
          notifySuccess({ replace: true, title: 'Success', message: 'Size option created successfully!' });
        },
        onError: () =>
          notifyError({ replace: true, title: 'Error', message: 'Failed to create size option. Please try again.' }),
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
          allowDecimal={false}
          value={draft.stock}
          onChange={(value) => setDraft({ ...draft, stock: value })}
          error={visible('stock')}
          style={{ flex: '1 1 100px' }}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={add}
          loading={createVariant.isPending}
          variant="light"
        >
          Add Size Option
        </Button>
      </Group>
    </Stack>
  );
}
