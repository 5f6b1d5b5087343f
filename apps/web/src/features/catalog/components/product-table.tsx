import { ActionIcon, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { categoryLabel, type Product } from '@retail-hub/shared';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { ASSET_TYPE_LABELS, formatPrice } from '../utils/format';
import { StockStatusBadge } from './stock-status-badge';

type ProductTableProps = {
  products: readonly Product[];
  /** spec §2, §6: the Asset Info column is for managers and super admins. */
  showAssetInfo: boolean;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
};

/** spec §2 Inventory Management table: Product, Category, Asset Info, Price, Stock, Status, Actions. */
export function ProductTable({ products, showAssetInfo, onEdit, onDelete }: ProductTableProps) {
  return (
    <Table.ScrollContainer minWidth={showAssetInfo ? 720 : 600}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="sm" aria-label="Products">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Category</Table.Th>
            {showAssetInfo && <Table.Th>Asset Info</Table.Th>}
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id} data-testid="product-row">
              <Table.Td>
                <Stack gap={2}>
                  <Group gap="xs" wrap="nowrap">
                    {/* The whole name, wrapped (issue #13 item 13: clamped at 820 px). */}
                    <Text fw={600}>{product.name}</Text>
                    {!product.isActive && (
                      <Badge color="gray" variant="outline" size="sm">
                        Inactive
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {product.sku}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{categoryLabel(product.category)}</Table.Td>
              {showAssetInfo && (
                <Table.Td>
                  <AssetInfo product={product} />
                </Table.Td>
              )}
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPrice(product.price)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {product.stock}
              </Table.Td>
              <Table.Td>
                <StockStatusBadge stock={product.stock} lowStockThreshold={product.lowStockThreshold} />
              </Table.Td>
              <Table.Td>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    size={42}
                    variant="light"
                    aria-label={`Edit ${product.name}`}
                    onClick={() => onEdit(product)}
                  >
                    <IconEdit size={20} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    size={42}
                    variant="light"
                    color="red"
                    aria-label={`Delete ${product.name}`}
                    onClick={() => onDelete(product)}
                  >
                    <IconTrash size={20} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Asset type, location (Building-Floor-Room) and whether it must be checked out (spec §3). */
function AssetInfo({ product }: { product: Product }) {
  return (
    <Stack gap={4} data-testid="asset-info">
      <Group gap={6}>
        {product.assetType === 'regular' ? (
          <Text size="sm" c="dimmed">
            Regular
          </Text>
        ) : (
          <Badge variant="light" size="sm" radius="sm" tt="none">
            {ASSET_TYPE_LABELS[product.assetType]}
          </Badge>
        )}
        {product.isCheckoutRequired && (
          <Badge color="grape" variant="light" size="sm" radius="sm" tt="none">
            Checkout required
          </Badge>
        )}
      </Group>
      {product.location && (
        <Text size="sm" c="dimmed">
          {product.location}
        </Text>
      )}
    </Stack>
  );
}
