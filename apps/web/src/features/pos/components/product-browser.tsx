import {
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, memo, type RefObject } from 'react';
import type { PosProduct } from '../types';
import { ProductCard } from './product-card';

export type MenuMode = 'customer' | 'all';

/** spec §2: the Customer Menu hides institutional assets (any assetType other than regular). */
export function isCustomerMenuProduct(product: Pick<PosProduct, 'assetType'>): boolean {
  return !product.assetType || product.assetType === 'regular';
}

type ProductBrowserProps = {
  products: readonly PosProduct[];
  categories: readonly { id: string; name: string }[];
  search: string;
  onSearchChange: (value: string) => void;
  /** Enter in the search box: an exact SKU adds the product (keyboard-wedge scanners). */
  onSearchSubmit: (value: string) => void;
  searchRef?: RefObject<HTMLInputElement | null>;
  category: string | null;
  onCategoryChange: (value: string | null) => void;
  menuMode: MenuMode;
  onMenuModeChange: (value: MenuMode) => void;
  onSelect: (product: PosProduct) => void;
  isFetching: boolean;
  /** Products matching the filters on the server, and how many of them are loaded. */
  total?: number;
  loaded?: number;
  onShowMore?: () => void;
};

/** spec §2 POS terminal, left side: search (300 ms debounce), category filter, menu toggle, product grid. */
function ProductBrowserPanel(props: ProductBrowserProps) {
  const { products, categories, search, category, menuMode, isFetching } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    props.onSearchSubmit(event.currentTarget.value);
  };

  return (
    <Stack gap="sm" data-testid="product-browser">
      <Group gap="sm" wrap="wrap" align="flex-end">
        {/* Room for the whole placeholder (issue #13 item 13); the filters wrap below it when narrow. */}
        <TextInput
          style={{ flex: '1 1 340px' }}
          aria-label="Search products"
          placeholder="Search products or scan a SKU"
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={isFetching ? <Loader size="xs" /> : <IconBarcode size={18} aria-hidden />}
          ref={props.searchRef}
          value={search}
          onChange={(event) => props.onSearchChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          enterKeyHint="search"
          data-autofocus
        />
        <Select
          style={{ flex: '0 1 200px' }}
          aria-label="Category"
          placeholder="All Categories"
          data={[{ value: '', label: 'All Categories' }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
          value={category ?? ''}
          onChange={(value) => props.onCategoryChange(value || null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          aria-label="Products shown"
          value={menuMode}
          onChange={(value) => props.onMenuModeChange(value as MenuMode)}
          data={[
            { value: 'customer', label: 'Customer Menu' },
            { value: 'all', label: 'All Inventory' },
          ]}
          size="md"
        />
      </Group>
      {products.length === 0 ? (
        <Center py={48}>
          <Text c="dimmed" size="lg">
            No products found
          </Text>
        </Center>
      ) : (
        <SimpleGrid
          type="container"
          cols={{ base: 2, '420px': 3, '640px': 4, '860px': 5 }}
          spacing={{ base: 'xs', '420px': 'sm' }}
          data-testid="product-grid"
        >
          {products.map((product) => (
            <ProductCard key={product.id} product={product} onSelect={props.onSelect} />
          ))}
        </SimpleGrid>
      )}
      {props.onShowMore && props.total !== undefined && props.loaded !== undefined && props.total > props.loaded ? (
        <Group justify="center" gap="sm" py="xs" data-testid="product-paging">
          <Text c="dimmed" size="sm">
            Showing {props.loaded.toLocaleString()} of {props.total.toLocaleString()} products
          </Text>
          <Button variant="light" onClick={props.onShowMore} loading={isFetching}>
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Memoised with stable props from the terminal: adding to the cart does not render the grid again. */
export const ProductBrowser = memo(ProductBrowserPanel);
