import { Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { type ProductStore, parseCents, type RetailStore } from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSeveralStores } from './api';

const productStoresPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/stores`;

function StoreRow({ productId, store, row }: { productId: string; store: RetailStore; row?: ProductStore }) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState(row?.price ?? '');
  const [available, setAvailable] = useState(row?.isAvailable ?? true);
  const save = useMutation({
    mutationFn: async () => {
      const res = await apiRequest('PUT', `${productStoresPath(productId)}/${encodeURIComponent(store.id)}`, {
        price: price.trim() === '' ? null : price.trim(),
        isAvailable: available,
      });
      return (await res.json()) as ProductStore;
    },
    onSuccess: () => {
      notifySuccess({ title: 'Store price saved', message: `Saved for ${store.name}.` });
      void queryClient.invalidateQueries({ queryKey: [productStoresPath(productId)] });
    },
    onError: (error) => notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save.' }),
  });
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
        <Button size="xs" variant="light" disabled={!priceOk || save.isPending} onClick={() => save.mutate()}>
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
  const rows = useQuery<ProductStore[]>({ queryKey: [productStoresPath(productId)], enabled: stores.length > 0 });
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
