import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { RETAIL_STORE_MESSAGES, type RetailStore } from '@retail-hub/shared';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { useBindTerminal, useSaveStore, useSellingLocations, useStores, useTerminalStore } from './api';

type Draft = { id?: string; name: string; code: string; sellingLocationId: string | null; isArchived?: boolean };

function StoreForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const save = useSaveStore();
  const locations = useSellingLocations();
  const [value, setValue] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = (locations.data ?? [])
    .filter((l) => !l.isArchived)
    .map((l) => ({ value: l.id, label: l.isSelling ? `${l.name} (selling)` : l.name }));
  const submit = () => {
    const local: Record<string, string> = {};
    if (!value.name.trim()) local.name = RETAIL_STORE_MESSAGES.nameRequired;
    if (!value.code.trim()) local.code = RETAIL_STORE_MESSAGES.codeRequired;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      {
        id: value.id,
        body: value.id
          ? {
              name: value.name,
              code: value.code,
              sellingLocationId: value.sellingLocationId,
              isArchived: value.isArchived ?? false,
            }
          : { name: value.name, code: value.code, sellingLocationId: value.sellingLocationId },
      },
      {
        onSuccess: (store) => {
          notifySuccess({ title: 'Store saved', message: `${store.name} is saved.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setErrors({ code: serverMessage(error) ?? '' });
          else if (error instanceof ApiError && error.body?.errors) setErrors(error.body.errors);
          else notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save the store.' });
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={value.id ? 'Edit Store' : 'Add Store'}>
      <Stack gap="sm">
        <TextInput
          label="Store Name"
          required
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Code"
          required
          description="A short unique code, for example LIB"
          value={value.code}
          onChange={(e) => setValue({ ...value, code: e.currentTarget.value.toUpperCase() })}
          error={errors.code}
        />
        <Select
          label="Selling Location"
          description={
            value.id
              ? 'The stock location this store sells from: its till stock'
              : 'The stock location this store sells from (empty: a new one named after the store)'
          }
          placeholder={value.id ? undefined : 'A new location'}
          clearable={!value.id}
          data={options}
          value={value.sellingLocationId}
          onChange={(id) => setValue({ ...value, sellingLocationId: id })}
          error={errors.sellingLocationId}
        />
        {value.id ? (
          <Checkbox
            label="Archived (closed): no new shifts; its reports stay"
            checked={value.isArchived ?? false}
            onChange={(e) => setValue({ ...value, isArchived: e.currentTarget.checked })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Store'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Issue #32 item 2: a manager binds this browser (its terminal id) to a store, once. */
function ThisTerminalStore({ stores }: { stores: RetailStore[] }) {
  const { terminalId } = useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState);
  const current = useTerminalStore(terminalId);
  const bind = useBindTerminal();
  if (!terminalId) return null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="terminal-store">
      <Select
        label="This terminal sells at"
        placeholder="Not bound: the cashier chooses"
        clearable
        w={280}
        data={stores.map((s) => ({ value: s.id, label: s.name }))}
        value={current.data?.storeId ?? null}
        disabled={bind.isPending || current.isPending}
        onChange={(storeId) =>
          bind.mutate(
            { terminalId, storeId },
            {
              onSuccess: () =>
                notifySuccess({
                  title: 'Terminal store saved',
                  message: storeId
                    ? `This terminal now sells at ${stores.find((s) => s.id === storeId)?.name ?? 'the store'}.`
                    : 'This terminal is no longer bound to a store.',
                }),
              onError: (error) =>
                notifyError({ title: 'Error', message: serverMessage(error) ?? 'Failed to save the terminal store.' }),
            },
          )
        }
      />
      <Text size="sm" c="dimmed">
        Terminal {terminalId.slice(-6).toUpperCase()}: shifts started here are at this store.
      </Text>
    </Group>
  );
}

/**
 * Issue #32 items 2 and 6: the installation's stores (list, add, rename, selling location) and the
 * store this terminal is bound to. With one store it is a single line and the Add button.
 */
export function StoresPanel() {
  const stores = useStores();
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = stores.data ?? [];
  const active = list.filter((s) => !s.isArchived);
  return (
    <Card withBorder component="section" aria-label="Stores" data-testid="stores-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconBuildingStore size={22} aria-hidden />
            <Title order={2} size="h4">
              Stores
            </Title>
          </Group>
          <Button
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDraft({ name: '', code: '', sellingLocationId: null })}
          >
            Add Store
          </Button>
        </Group>
        {stores.isError ? (
          <Alert color="red" title="Stores could not be loaded">
            {serverMessage(stores.error) ?? 'Please try again.'}
          </Alert>
        ) : list.length <= 1 ? (
          <Text size="sm">
            One store: {active[0]?.name ?? '…'}. Add a store to run a second café or shop on this installation; each
            store has its own tills, shifts, Z numbers and reports.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" aria-label="Stores">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Store</Table.Th>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Selling location</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((s) => (
                    <Table.Tr key={s.id} data-testid="store-row">
                      <Table.Td fw={600}>
                        {s.name}{' '}
                        {s.isArchived ? (
                          <Badge size="sm" color="gray" variant="light">
                            Archived
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td ff="monospace">{s.code}</Table.Td>
                      <Table.Td>{s.sellingLocationName ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          aria-label={`Edit ${s.name}`}
                          onClick={() =>
                            setDraft({
                              id: s.id,
                              name: s.name,
                              code: s.code,
                              sellingLocationId: s.sellingLocationId,
                              isArchived: s.isArchived,
                            })
                          }
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {active.length > 1 ? <ThisTerminalStore stores={active} /> : null}
          </>
        )}
      </Stack>
      {draft ? <StoreForm draft={draft} onClose={() => setDraft(null)} /> : null}
    </Card>
  );
}
