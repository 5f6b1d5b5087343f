import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatQty, formatQuantity, milliToQty, qtyToMilli, type Transfer } from '@retail-hub/shared';
import { useState } from 'react';
import {
  DepartmentSelect,
  ItemPicker,
  NoDepartmentAlert,
  type PickedItem,
  useDepartmentChoice,
} from '@/features/purchasing';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { storesPaths, useLocations, useStoresWrite } from './api/stores';

/**
 * Issue #16 items 2 and 6: the forms that start a stock count, an issue to a department and a
 * transfer between locations. The server checks everything (stock held, department scope); its
 * field messages show under the fields.
 */

type FieldErrors = Record<string, string>;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};

function useLocationOptions() {
  const locations = useLocations();
  return (locations.data ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }));
}

function usePost(done: string, onDone: () => void) {
  return useStoresWrite({
    onSuccess: () => {
      notifySuccess({ title: 'Done', message: done });
      onDone();
    },
  });
}

/** A typed quantity in thousandths, or null while it is not a number yet. */
function qtyToMilliOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return null;
  return qtyToMilli(trimmed);
}

function Refusal({ error, errors }: { error: unknown; errors: FieldErrors }) {
  if (!error || Object.keys(errors).length > 0) return null;
  return (
    <Alert color="red" title="Not saved" role="alert">
      {serverMessage(error) ?? 'Please try again.'}
    </Alert>
  );
}

function FormButtons({ onClose, pending, label }: { onClose: () => void; pending: boolean; label: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

export function IssueForm({ onClose }: { onClose: () => void }) {
  const locations = useLocationOptions();
  // Issue #30 item 20: the departments the server's scope allows (a department manager: their own).
  const department = useDepartmentChoice();
  const [item, setItem] = useState<PickedItem | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [qty, setQty] = useState('');
  const [note, setNote] = useState('');
  const post = usePost('Issue requested.', onClose);
  const errors = fieldErrorsOf(post.error);
  return (
    <Modal opened onClose={onClose} title="New Issue">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate({
            url: storesPaths.issues,
            body: {
              itemId: item?.id ?? '',
              locationId: locationId ?? '',
              departmentId: department.departmentId ?? '',
              qty,
              note,
            },
          });
        }}
      >
        <Stack gap="sm">
          <ItemPicker label="Item" value={item} onChange={setItem} error={errors.itemId} />
          <Select
            label="From location"
            searchable
            data={locations}
            value={locationId}
            onChange={setLocationId}
            error={errors.locationId}
          />
          <DepartmentSelect choice={department} label="To department" error={errors.departmentId} />
          {department.noOwnDepartment ? <NoDepartmentAlert what="an issue" /> : null}
          <TextInput
            label="Quantity"
            inputMode="decimal"
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
            error={errors.qty}
          />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
          <Refusal error={post.error} errors={errors} />
          <FormButtons onClose={onClose} pending={post.isPending} label="Request issue" />
        </Stack>
      </form>
    </Modal>
  );
}

export function TransferForm({ onClose }: { onClose: () => void }) {
  const locations = useLocationOptions();
  const [item, setItem] = useState<PickedItem | null>(null);
  const [fromLocationId, setFrom] = useState<string | null>(null);
  const [toLocationId, setTo] = useState<string | null>(null);
  const [qty, setQty] = useState('');
  const [note, setNote] = useState('');
  const post = usePost('Transfer requested.', onClose);
  const errors = fieldErrorsOf(post.error);
  return (
    <Modal opened onClose={onClose} title="New Transfer">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate({
            url: storesPaths.transfers,
            body: {
              itemId: item?.id ?? '',
              fromLocationId: fromLocationId ?? '',
              toLocationId: toLocationId ?? '',
              qty,
              note,
            },
          });
        }}
      >
        <Stack gap="sm">
          <ItemPicker label="Item" value={item} onChange={setItem} error={errors.itemId} />
          <Select
            label="From location"
            searchable
            data={locations}
            value={fromLocationId}
            onChange={setFrom}
            error={errors.fromLocationId}
          />
          <Select
            label="To location"
            searchable
            data={locations}
            value={toLocationId}
            onChange={setTo}
            error={errors.toLocationId}
          />
          <TextInput
            label="Quantity"
            inputMode="decimal"
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
            error={errors.qty}
          />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
          <Refusal error={post.error} errors={errors} />
          <FormButtons onClose={onClose} pending={post.isPending} label="Request transfer" />
        </Stack>
      </form>
    </Modal>
  );
}

/** One item counted at one location: the difference from the book is posted as a count movement. */
export function CountForm({ onClose }: { onClose: () => void }) {
  const locations = useLocationOptions();
  const [item, setItem] = useState<PickedItem | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const post = usePost('Count recorded.', onClose);
  const errors = fieldErrorsOf(post.error);
  return (
    <Modal opened onClose={onClose} title="Count Stock">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate({
            url: storesPaths.stockCounts,
            body: { locationId: locationId ?? '', note, lines: [{ itemId: item?.id ?? '', countedQty: counted }] },
          });
        }}
      >
        <Stack gap="sm">
          <Select
            label="Location"
            searchable
            data={locations}
            value={locationId}
            onChange={setLocationId}
            error={errors.locationId}
          />
          <ItemPicker label="Item" value={item} onChange={setItem} error={errors['lines.0.itemId']} />
          <TextInput
            label="Counted quantity"
            inputMode="decimal"
            value={counted}
            onChange={(e) => setCounted(e.currentTarget.value)}
            error={errors['lines.0.countedQty']}
          />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
          <Refusal error={post.error} errors={errors} />
          <FormButtons onClose={onClose} pending={post.isPending} label="Record count" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Issue #30 item 20: receiving a transfer says what arrived. It starts at the dispatched quantity;
 * less is received short and the server records the shortfall (docs/stores.md, Transfers).
 */
export function ReceiveTransferForm({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const [qty, setQty] = useState(formatQty(transfer.qty));
  const [note, setNote] = useState('');
  const post = usePost('Transfer received.', onClose);
  const errors = fieldErrorsOf(post.error);
  const short = qtyToMilliOrNull(qty);
  const shortfall = short === null ? null : qtyToMilli(transfer.qty) - short;
  return (
    <Modal opened onClose={onClose} title={`Receive ${transfer.sku} at ${transfer.toLocationCode}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post.mutate({
            url: storesPaths.transferStep(transfer.id, 'receive'),
            body: { qtyReceived: qty.trim(), note: note || null },
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Quantity received"
            inputMode="decimal"
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
            description={`Dispatched ${formatQuantity(transfer.qty)} ${transfer.uom} from ${transfer.fromLocationCode}`}
            error={errors.qtyReceived}
          />
          {shortfall !== null && shortfall > 0 ? (
            <Text size="sm" c="orange.9" data-testid="transfer-shortfall">
              Short by {formatQuantity(milliToQty(shortfall))} {transfer.uom}: the shortfall is recorded on the
              transfer.
            </Text>
          ) : null}
          <Textarea
            label="Note"
            description="What happened to the missing quantity, if any"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Refusal error={post.error} errors={errors} />
          <FormButtons onClose={onClose} pending={post.isPending} label="Receive" />
        </Stack>
      </form>
    </Modal>
  );
}
