import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useItemOptions } from '../api/purchasing';

export type PickedItem = { id: string; label: string };

/** A searchable item select (SKU, name or barcode), asking the server as the user types. */
export function ItemPicker({
  value,
  onChange,
  label,
  error,
}: {
  value: PickedItem | null;
  onChange: (item: PickedItem | null) => void;
  label: string;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useItemOptions(debounced);
  const data = (options.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.sku} · ${item.name} (${item.uom})`,
  }));
  if (value && !data.some((d) => d.value === value.id)) data.unshift({ value: value.id, label: value.label });
  return (
    <Select
      label={label}
      placeholder="Search by SKU or name"
      searchable
      data={data}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id && option ? { id, label: option.label } : null)}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No items found'}
      error={error}
      filter={({ options: list }) => list}
    />
  );
}
