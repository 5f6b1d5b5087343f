import { Select } from '@mantine/core';
import { mayBeLimitedToStores, type RetailStore } from '@retail-hub/shared';
import { useAuth } from '@/lib/auth';
import { useMyStores, useSeveralStores } from './api';

/**
 * Issue #32: the stores whose figures the signed-in user may pick between, when there are several:
 * every store for managers and super admins, the stores a limited user works at for anyone else
 * (the server's rule, `readableStores`, answers 403 for another store). [] means no picker: one
 * store, or a user limited to one (the server reads their store for them).
 */
export function useReadableStores(): RetailStore[] {
  const { user } = useAuth();
  const several = useSeveralStores();
  const unlimited = user ? !mayBeLimitedToStores(user.role) : false;
  const mine = useMyStores({ enabled: !unlimited && several.length > 0 });
  if (unlimited) return several;
  const ids = new Set((mine.data ?? []).map((s) => s.id));
  const own = several.filter((s) => ids.has(s.id));
  return own.length > 1 ? own : [];
}

/**
 * Issue #32: the one store picker: "Store", with "All stores" (null) and each store. The
 * dashboards, reports, Z reports and expenses use it through `StoreFilter`; the inventory screen
 * and the product form through `StockStoreSelect`.
 */
export function StorePicker({
  stores,
  value,
  onChange,
  testId,
  size,
  w,
  style,
}: {
  stores: RetailStore[];
  value: string | null;
  onChange: (storeId: string | null) => void;
  testId: string;
  /** The screen's other filters' size (the theme's default when not given). */
  size?: 'sm' | 'md';
  w?: number;
  style?: React.CSSProperties;
}) {
  return (
    <Select
      size={size}
      label="Store"
      w={w}
      style={style}
      allowDeselect={false}
      data={[{ value: '', label: 'All stores' }, ...stores.map((s) => ({ value: s.id, label: s.name }))]}
      value={value ?? ''}
      onChange={(next) => onChange(next ? next : null)}
      data-testid={testId}
    />
  );
}

/**
 * Issue #32: the store filter of the dashboards, reports, Z reports and expenses, sent as
 * `?storeId=` (null: "All stores"). Renders nothing when there is nothing to pick.
 */
export function StoreFilter({
  value,
  onChange,
  testId,
  size,
  w = 220,
}: {
  value: string | null;
  onChange: (storeId: string | null) => void;
  testId: string;
  /** The screen's other filters' size (the theme's default when not given). */
  size?: 'sm' | 'md';
  w?: number;
}) {
  const stores = useReadableStores();
  if (stores.length === 0) return null;
  return <StorePicker stores={stores} value={value} onChange={onChange} testId={testId} size={size} w={w} />;
}
