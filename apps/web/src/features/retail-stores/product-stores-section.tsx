import { Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { type ProductStore, parseCents, type RetailStore } from '@retail-hub/shared';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useProductStores, useSaveProductStore, useSeveralStores } from './api';

function StoreRow({ productId, store, row }: { productId: string; store: RetailStore; row?: ProductStore }) {
  const save = useSaveProductStore(productId, store.id, {
    onSuccess: () => notifySuccess({ title: 'Store price saved', message: `Saved for ${store.name}.` }),
    onError: (error) => notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save.' }),
  });
  const [price, setPrice] = useState(row?.price ?? '');
  const [available, setAvailable] = useState(row?.isAvailable ?? true);
  const priceOk = price.trim() === '' || parseCents(price) !== null;
  return (
    <Table.Tr data-testid="product-store-row">
      <Table.Td fw={600}>{store.name}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Price at ${store.name}`}
          placeholder="Catalogue price"
          leftSection="$"
          w={140}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.currentTarget.value)}
          error={priceOk ? undefined : 'Must be an amount like 12.50'}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Available at ${store.name}`}
          checked={available}
          onChange={(e) => setAvailable(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="xs"
          variant="light"
          disabled={!priceOk || save.isPending}
          onClick={() => save.mutate({ price: price.trim() === '' ? null : price.trim(), isAvailable: available })}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue #32 item 2: the product's price and availability at each store (Square's per-location
 * overrides), only with several stores. Charged by the server at the store (h-storerules).
 */
export function ProductStoresSection({ productId }: { productId: string }) {
  const stores = useSeveralStores();
  const rows = useProductStores(productId, { enabled: stores.length > 0 });
  if (stores.length === 0 || !rows.data) return null;
  return (
    <Stack gap={4} data-testid="product-stores">
      <Group gap="xs">
        <Text fw={600}>Prices at stores</Text>
        <Text size="sm" c="dimmed">
          Empty: the catalogue price.
        </Text>
      </Group>
      <Table verticalSpacing={4} aria-label="Price and availability per store">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Store</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Available</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stores.map((store) => (
            <StoreRow
              key={store.id}
              productId={productId}
              store={store}
              row={rows.data.find((r) => r.storeId === store.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
