import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, type SizeOption } from '@retail-hub/shared';
import { useSizeOptions } from '@/features/catalog';
import type { PosProduct } from '../types';
import classes from './pos.module.css';

type SizeDialogProps = {
  /** The product whose sizes are shown; null closes the dialog. */
  product: PosProduct | null;
  onPick: (product: PosProduct, option: SizeOption) => void;
  /** spec §2: Cancel closes the dialog and clears the chosen product and its size list. */
  onCancel: () => void;
};

/** spec §2 'Choose Size': a size with stock 0 or less is disabled and marked 'Out of Stock'; picking one adds it. */
export function SizeDialog({ product, onPick, onCancel }: SizeDialogProps) {
  // Sizes are priced by the server (spec §9 Size option prices); always read them fresh for a sale.
  const sizes = useSizeOptions(product?.id, { staleTime: 0 });

  return (
    <Modal opened={product !== null} onClose={onCancel} title="Choose Size" centered size="md">
      {product ? (
        <Stack gap="sm">
          <Text fw={600} size="lg">
            {product.name}
          </Text>
          {sizes.isPending ? (
            <Center py="lg">
              <Loader aria-label="Loading sizes" />
            </Center>
          ) : sizes.isError ? (
            <Alert color="red" variant="light">
              The sizes could not be loaded.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void sizes.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : sizes.data.length === 0 ? (
            <Text c="dimmed">This product has no sizes to sell.</Text>
          ) : (
            <Stack gap={8} data-testid="size-options">
              {sizes.data.map((option) => {
                const outOfStock = option.stock <= 0;
                return (
                  <UnstyledButton
                    key={`${option.variantId ?? ''}:${option.name}`}
                    className={classes.sizeOption}
                    disabled={outOfStock}
                    data-disabled={outOfStock || undefined}
                    aria-label={`${option.name}, ${formatMoney(option.priceCents)}${outOfStock ? ', out of stock' : ''}`}
                    onClick={() => onPick(product, option)}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0}>
                        <Text fw={600}>{option.name}</Text>
                        {outOfStock ? (
                          <Badge color="red" variant="light" size="sm">
                            Out of Stock
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {option.stock} available
                          </Text>
                        )}
                      </Stack>
                      <Text fw={700} ff="monospace" size="lg">
                        {formatMoney(option.priceCents)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
