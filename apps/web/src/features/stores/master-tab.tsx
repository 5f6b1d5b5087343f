import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  type ModalProps,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type StoresWrite, useMasterList, useStoresWrite } from './api/stores';
import { type MasterKind, MastersCsv } from './masters-csv';

/**
 * The one pattern every tab of the masters screen (items, suppliers, locations, categories)
 * follows: a toolbar (search, Active / Archived / All, Export and Import CSV, New), the list with
 * its loading, error and empty states, a table with Edit and Archive / Restore per row, and a
 * modal form that saves the whole record and shows the server's field messages.
 */

export type FieldErrors = Record<string, string>;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};

type Status = 'active' | 'archived' | 'all';
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

/** Server-paged lists (items) answer a page; the others the whole list. */
type Page<Row> = { items: Row[]; total: number; pageSize: number };
const PAGE_SIZE = 50;

type SaveRequest = StoresWrite & { done: string };

function useSave(kind: string) {
  return useStoresWrite<SaveRequest>({
    onSuccess: (input) => notifySuccess({ title: 'Saved', message: input.done }),
    onError: (error) => {
      if (Object.keys(fieldErrorsOf(error)).length === 0) {
        notifyError({ title: `${kind} not saved`, message: serverMessage(error) ?? 'Please try again.' });
      }
    },
  });
}

/** A form's draft; `bind(key)` wires a text input to one of its string fields. */
export function useDraft<Draft extends object>(initial: () => Draft) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const bind = (key: { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft]) => ({
    value: draft[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set({ [key]: e.currentTarget.value } as Partial<Draft>),
  });
  return { draft, set, bind };
}

/** The modal form of one record: Cancel and Save, the save's field messages handed to the fields. */
export function MasterFormModal({
  kind,
  title,
  size,
  request,
  onClose,
  children,
}: {
  /** 'Item', 'Supplier', …: the failure toast says "<kind> not saved". */
  kind: string;
  title: string;
  size?: ModalProps['size'];
  request: () => SaveRequest;
  onClose: () => void;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const save = useSave(kind);
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(request(), { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          {children(fieldErrorsOf(save.error))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ArchivedBadge({ archived }: { archived: boolean }) {
  return archived ? (
    <Badge ml="xs" color="gray" variant="light">
      Archived
    </Badge>
  ) : null;
}

export function ArchiveButton({
  url,
  archived,
  name,
  kind,
}: {
  url: string;
  archived: boolean;
  name: string;
  kind: string;
}) {
  const save = useSave(kind);
  return (
    <Button
      size="xs"
      variant="default"
      loading={save.isPending}
      aria-label={`${archived ? 'Restore' : 'Archive'} ${name}`}
      onClick={() =>
        save.mutate({
          method: 'POST',
          url: `${url}/${archived ? 'restore' : 'archive'}`,
          done: `${name} ${archived ? 'restored' : 'archived'}.`,
        })
      }
    >
      {archived ? 'Restore' : 'Archive'}
    </Button>
  );
}

export type MasterColumn<Row> = {
  header: string;
  ta?: 'right';
  ff?: 'monospace';
  cell: (row: Row) => ReactNode;
};

/** A master list as a table: the columns, then Edit and Archive / Restore for stores.manage. */
export function MasterTable<Row extends { id: string; isArchived: boolean }>({
  rows,
  label,
  minWidth,
  rowTestId,
  columns,
  canManage,
  url,
  kind,
  nameOf,
  onEdit,
}: {
  rows: Row[];
  /** The table's accessible name ('Items'). */
  label: string;
  minWidth: number;
  rowTestId: string;
  columns: MasterColumn<Row>[];
  canManage: boolean;
  /** The collection's URL; a row's is `${url}/${id}`. */
  url: string;
  kind: string;
  /** What the row's buttons name it by ("Edit PAPER-A4"). */
  nameOf: (row: Row) => string;
  onEdit: (row: Row) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.ta}>
                {c.header}
              </Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={rowTestId}>
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.ta} ff={c.ff}>
                  {c.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>
                {canManage ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>
                      Edit
                    </Button>
                    <ArchiveButton url={`${url}/${row.id}`} archived={row.isArchived} name={nameOf(row)} kind={kind} />
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One tab of the masters screen. `Target` is what the form edits (a row, or what "New" opens);
 * `renderList` draws the rows (usually a MasterTable) and opens the form through `edit`.
 */
export function MasterTab<Row, Target>({
  canManage,
  url,
  paged = false,
  noun,
  newLabel,
  searchLabel,
  csvKind,
  newTarget,
  renderForm,
  renderList,
}: {
  canManage: boolean;
  /** The list's URL (also its query key). */
  url: string;
  /** The server pages the list (GET …?page=&pageSize=). */
  paged?: boolean;
  /** Plural, lower case: "No items found", "Items could not be loaded". */
  noun: string;
  newLabel: string;
  searchLabel: string;
  csvKind: MasterKind;
  newTarget: Target;
  renderForm: (target: Target, onClose: () => void) => ReactNode;
  renderList: (rows: Row[], edit: (target: Target) => void) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ target: Target } | null>(null);
  const list = useMasterList<Row[] | Page<Row>>(
    url,
    paged ? { search: debounced, status, page, pageSize: PAGE_SIZE } : { search: debounced, status },
  );
  const data = list.data;
  const paging = data && !Array.isArray(data) ? data : null;
  const rows = data ? (Array.isArray(data) ? data : data.items) : [];
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between">
        <Group align="end">
          <TextInput
            label={searchLabel}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={240}
          />
          <SegmentedControl
            aria-label="Show"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => {
              setStatus(value as Status);
              setPage(1);
            }}
          />
        </Group>
        <Group>
          <MastersCsv kind={csvKind} canImport={canManage} />
          {canManage ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ target: newTarget })}>
              {newLabel}
            </Button>
          ) : null}
        </Group>
      </Group>
      {editing ? renderForm(editing.target, () => setEditing(null)) : null}
      {list.isPending ? (
        <PanelLoading />
      ) : list.isError ? (
        <Alert color="red" title={`${title} could not be loaded`}>
          {serverMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : rows.length === 0 ? (
        <PanelEmpty>No {noun} found</PanelEmpty>
      ) : (
        renderList(rows, (target) => setEditing({ target }))
      )}
      {paging && paging.total > paging.pageSize ? (
        <Group justify="space-between">
          <Text size="sm">
            {paging.total} {noun} · page {page} of {pages}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
