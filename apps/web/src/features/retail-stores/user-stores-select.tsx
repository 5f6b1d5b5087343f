import { MultiSelect } from '@mantine/core';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetUserStores, useSeveralStores, useUserStores } from './api';

/**
 * Issue #32 item 3: the stores a user may sell at, on their user card; none chosen means every
 * store. Shown only when the installation has more than one store.
 */
export function UserStoresSelect({ userId, name, disabled }: { userId: string; name: string; disabled?: boolean }) {
  const stores = useSeveralStores();
  const current = useUserStores(userId, { enabled: stores.length > 0 });
  const save = useSetUserStores();
  if (stores.length === 0) return null;
  return (
    <MultiSelect
      label="Sells at"
      placeholder={(current.data?.storeIds.length ?? 0) === 0 ? 'All stores' : undefined}
      data={stores.map((s) => ({ value: s.id, label: s.name }))}
      value={current.data?.storeIds ?? []}
      disabled={disabled || current.isPending || save.isPending}
      aria-label={`Stores ${name} sells at`}
      comboboxProps={{ withinPortal: true }}
      data-testid="user-stores"
      onChange={(storeIds) =>
        save.mutate(
          { userId, storeIds },
          {
            onSuccess: (data) =>
              notifySuccess({
                title: 'Stores saved',
                message:
                  data.storeIds.length === 0
                    ? `${name} may sell at every store.`
                    : `${name} may sell at ${stores
                        .filter((s) => data.storeIds.includes(s.id))
                        .map((s) => s.name)
                        .join(', ')}.`,
              }),
            onError: (error) =>
              notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save the stores.' }),
          },
        )
      }
    />
  );
}
