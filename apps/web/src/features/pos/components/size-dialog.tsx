import { Alert, Badge, Button, Center, Group, Kbd, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, type SizeOption } from '@retail-hub/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { isUnreachable } from '@/lib/offline-bridge';
import { KeyHint } from '../keyboard/key-hint';
import type { PosProduct } from '../types';
import classes from './pos.module.css';

/** Sizes 1–9 have a number key (issue #22); the coffee sizes of spec §9 are 1–4. */
export const SIZE_KEYS = 9;

type SizeDialogProps = {
  /** The product whose sizes are shown; null closes the dialog. */
  product: PosProduct | null;
  onPick: (product: PosProduct, option: SizeOption) => void;
  /** spec §2: Cancel closes the dialog and clears the chosen product and its size list. */
  onCancel: () => void;
  /** The product's sizes, read fresh by the terminal (which also picks them by number key). */
  sizes: UseQueryResult<SizeOption[]>;
};

/** Up and down move between the sizes, as in a list. */
function onOptionsKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'ArrowDown' ? (at + 1) % buttons.length : (at - 1 + buttons.length) % buttons.length;
  buttons[at === -1 ? 0 : next]?.focus();
}

/** spec §2 'Choose Size': a size with stock 0 or less is disabled and marked 'Out of Stock'; picking one adds it. */
export function SizeDialog({ product, onPick, onCancel, sizes }: SizeDialogProps) {
  const list = useRef<HTMLDivElement>(null);
  // Issue #30 item 15: the sizes are read fresh for each sale; offline that read fails, and the
  // sizes the terminal already has (read before, or its kept copy) serve the dialog instead of an
  // error. The server prices the sale when it arrives, as for every offline sale.
  const failed = sizes.isError && !(sizes.data !== undefined && isUnreachable(sizes.error));
  // issue #22: once the sizes are in, the first one in stock has the focus (Enter picks it).
  useEffect(() => {
    if (!product || !sizes.data) return;
    const frame = requestAnimationFrame(() => {
      if (list.current?.contains(document.activeElement)) return;
      list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [product, sizes.data]);

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
          ) : failed || sizes.data === undefined ? (
            <Alert color="red" variant="light">
              The sizes could not be loaded.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void sizes.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : sizes.data.length === 0 ? (
            <Text c="dimmed">This product has no sizes to sell.</Text>
          ) : (
            <Stack gap={8} data-testid="size-options" ref={list} onKeyDown={onOptionsKeyDown}>
              {sizes.data.map((option, index) => {
                const outOfStock = option.stock <= 0;
                const key = index < SIZE_KEYS ? String(index + 1) : null;
                return (
                  <UnstyledButton
                    key={`${option.variantId ?? ''}:${option.name}`}
                    className={classes.sizeOption}
                    disabled={outOfStock}
                    data-disabled={outOfStock || undefined}
                    aria-label={`${option.name}, ${formatMoney(option.priceCents)}${outOfStock ? ', out of stock' : ''}`}
                    aria-keyshortcuts={key ?? undefined}
                    onClick={() => onPick(product, option)}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      {key ? (
                        <Kbd size="md" aria-hidden>
                          {key}
                        </Kbd>
                      ) : null}
                      <Stack gap={0} style={{ flex: 1 }}>
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
            <Button
              variant="default"
              onClick={onCancel}
              aria-keyshortcuts="Escape"
              rightSection={<KeyHint keys={['Esc']} />}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
