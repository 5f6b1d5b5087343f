import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatQty, type PurchaseOrder } from '@retail-hub/shared';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  type PurchaseOrderPayload,
  useCreatePurchaseOrder,
  useLookups,
  useUpdatePurchaseOrder,
} from '../api/purchasing';
import { type FieldErrors, fieldErrorsOf } from './document-list';
import { type EditedLine, LineEditor, newLineKey } from './line-editor';

type LineDraft = EditedLine & { qty: string; price: string; tax: string };

const emptyLine = (): LineDraft => ({ key: newLineKey(), item: null, qty: '', price: '', tax: '' });

type OrderLineDraft = LineDraft & { requisitionLineId: string | null; description: string | null };

const draftLinesOf = (order: PurchaseOrder): OrderLineDraft[] =>
  order.lines.map((l) => ({
    key: newLineKey(),
    item: l.itemId ? { id: l.itemId, label: `${l.itemSku ?? ''} · ${l.itemName ?? ''}` } : null,
    qty: formatQty(l.qtyOrdered),
    price: l.unitPrice,
    tax: Number(l.taxRate) === 0 ? '' : l.taxRate,
    requisitionLineId: l.requisitionLineId,
    description: l.description,
  }));

/** The order as sent: blank fields as null; a line keeps its requisition line while it is for the same item. */
function orderPayload(
  order: PurchaseOrder | undefined,
  head: OrderHeadValues,
  lines: OrderLineDraft[],
): PurchaseOrderPayload {
  const { supplierId, currency, neededBy, deliverTo, note } = head;
  return {
    supplierId: supplierId ?? '',
    currency,
    neededByDate: neededBy || null,
    deliveryLocationId: deliverTo,
    note: note || null,
    ...(order ? { requisitionIds: order.requisitionIds } : {}),
    lines: lines.map((l) => ({
      itemId: l.item?.id ?? '',
      qtyOrdered: l.qty.trim(),
      unitPrice: l.price.trim(),
      ...(l.tax.trim() ? { taxRate: l.tax.trim() } : {}),
      ...(l.description ? { description: l.description } : {}),
      // A line keeps the requisition line it fills while it is still for the same item.
      ...(l.requisitionLineId &&
      order?.lines.some((o) => o.requisitionLineId === l.requisitionLineId && o.itemId === l.item?.id)
        ? { requisitionLineId: l.requisitionLineId }
        : {}),
    })),
  };
}

/** Creates the order or saves the draft; the server's field messages go to the form. */
function useSaveOrder(
  order: PurchaseOrder | undefined,
  onClose: (id: string | null) => void,
  setErrors: (errors: FieldErrors) => void,
) {
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder();
  const save = (payload: PurchaseOrderPayload) => {
    const onError = (error: unknown) => {
      setErrors(fieldErrorsOf(error));
      notifyError({
        title: order ? 'Could not save the order' : 'Could not create the order',
        message: serverMessage(error) ?? 'Please try again.',
      });
    };
    if (order) {
      update.mutate(
        { id: order.id, payload },
        {
          onSuccess: (saved) => {
            notifySuccess({ title: 'Purchase order saved', message: `${saved.poNumber} is still a draft.` });
            onClose(saved.id);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(payload, {
      onSuccess: (created) => {
        notifySuccess({ title: 'Purchase order created', message: `${created.poNumber} is a draft.` });
        onClose(created.id);
      },
      onError,
    });
  };
  return { save, pending: create.isPending || update.isPending };
}

type OrderHeadValues = {
  supplierId: string | null;
  currency: string;
  neededBy: string;
  deliverTo: string | null;
  note: string;
};

/** The order's supplier, currency, date and delivery location. */
function OrderHead({
  head,
  setHead,
  errors,
}: {
  head: OrderHeadValues;
  setHead: (head: OrderHeadValues) => void;
  errors: FieldErrors;
}) {
  const lookups = useLookups();
  return (
    <Group grow align="flex-start">
      <Select
        label="Supplier"
        required
        searchable
        data={(lookups.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={head.supplierId}
        onChange={(supplierId) => setHead({ ...head, supplierId })}
        error={errors.supplierId}
      />
      <TextInput
        label="Currency"
        value={head.currency}
        maxLength={3}
        onChange={(e) => setHead({ ...head, currency: e.currentTarget.value })}
        error={errors.currency}
      />
      <TextInput
        label="Needed by"
        type="date"
        value={head.neededBy}
        onChange={(e) => setHead({ ...head, neededBy: e.currentTarget.value })}
      />
      <Select
        label="Deliver to"
        searchable
        clearable
        data={(lookups.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
        value={head.deliverTo}
        onChange={(deliverTo) => setHead({ ...head, deliverTo })}
        error={errors.deliveryLocationId}
      />
    </Group>
  );
}

/**
 * New order, or (issue #30 item 20) a draft edited in place: the same form and the same server
 * rules as creating, and the order keeps its number (cancelling and re-creating burnt one).
 */
export function OrderForm({ order, onClose }: { order?: PurchaseOrder; onClose: (id: string | null) => void }) {
  const [head, setHead] = useState<OrderHeadValues>({
    supplierId: order?.supplierId ?? null,
    currency: order?.currency ?? 'USD',
    neededBy: order?.neededByDate ?? '',
    deliverTo: order?.deliveryLocationId ?? null,
    note: order?.note ?? '',
  });
  const [lines, setLines] = useState<OrderLineDraft[]>(() =>
    order ? draftLinesOf(order) : [{ ...emptyLine(), requisitionLineId: null, description: null }],
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  const saveOrder = useSaveOrder(order, onClose, setErrors);
  const save = () => saveOrder.save(orderPayload(order, head, lines));

  return (
    <Modal
      opened
      onClose={() => onClose(null)}
      title={order ? `Edit ${order.poNumber}` : 'New Purchase Order'}
      size="xl"
    >
      <Stack gap="sm">
        <OrderHead head={head} setHead={setHead} errors={errors} />
        <Textarea
          label="Note to the supplier"
          value={head.note}
          onChange={(e) => setHead({ ...head, note: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        {errors.lines ? (
          <Text c="red.8" size="sm">
            {errors.lines}
          </Text>
        ) : null}
        <LineEditor
          lines={lines}
          onChange={setLines}
          columns={[
            { field: 'qty', label: 'Quantity', serverField: 'qtyOrdered' },
            { field: 'price', label: 'Unit price', serverField: 'unitPrice' },
            { field: 'tax', label: 'Tax %', serverField: 'taxRate', placeholder: '0' },
          ]}
          emptyLine={() => ({ ...emptyLine(), requisitionLineId: null, description: null })}
          errors={errors}
        />
        <Text size="sm" c="dimmed">
          Totals are computed by the server when the order is saved.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(null)}>
            Cancel
          </Button>
          <Button loading={saveOrder.pending} onClick={save}>
            {order ? 'Save Draft' : 'Create Draft'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
