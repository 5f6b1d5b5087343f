import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useProducts } from '@/features/catalog';

export type PickedProduct = { id: string; label: string };

/** How a POS product is named in the item form and the items list. */
export const posProductLabel = (name: string, sku: string | null) => (sku ? `${name} (${sku})` : name);

/**
 * The POS product an item is sold as: a searchable, clearable select over the catalogue's products
 * (GET /api/products?search=, which matches name and SKU), asking the server as the user types.
 */
export function PosProductPicker({
  value,
  onChange,
  error,
}: {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // While the field shows the picked product's label, list from the start rather than search for it.
  const term = value && debounced === value.label ? '' : debounced.trim();
  const products = useProducts({ search: term, limit: 20 }, { placeholderData: keepPreviousData });
  const data = (products.data ?? []).map((p) => ({ value: p.id, label: posProductLabel(p.name, p.sku) }));
  if (value && !data.some((d) => d.value === value.id)) data.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label="POS product"
      description="Receiving this item into a selling location raises this product's stock at the till."
      placeholder="Search by product name or SKU"
      searchable
      clearable
      // Mantine hides its clear button from keyboards and screen readers; unlinking is a real action here.
      clearButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': 'Clear POS product' }}
      data={data}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id && option ? { id, label: option.label } : null)}
      onSearchChange={setSearch}
      nothingFoundMessage={products.isFetching ? 'Searching…' : 'No products found'}
      error={error}
      filter={({ options }) => options}
    />
  );
}
