import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatQty, milliToQty, type PurchaseOrder, qtyToMilli } from '@retail-hub/shared';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLookups, useReceiveGoods } from '../api/purchasing';
import { AssetTagFields, wholeUnits } from './asset-tag-fields';
import { type FieldErrors, fieldErrorsOf } from './document-list';

type ReceiptLineDraft = {
  poLineId: string;
  label: string;
  open: string;
  qty: string;
  batch: string;
  expiry: string;
  /** Issue #17: an item flagged as an asset takes one scanned tag per whole unit ('' = generate). */
  isAsset: boolean;
  tags: string[];
};

/** Each order line as a receipt row: what is still open, proposed as the quantity received now. */
function receiptLinesOf(order: PurchaseOrder): ReceiptLineDraft[] {
  return order.lines.map((l) => {
    const open = Math.max(0, qtyToMilli(l.qtyOrdered) - qtyToMilli(l.qtyReceived));
    return {
      poLineId: l.id,
      label: `${l.itemSku} · ${l.itemName}`,
      open: formatQty(milliToQty(open)),
      qty: open > 0 ? formatQty(milliToQty(open)) : '',
      batch: '',
      expiry: '',
      isAsset: l.itemIsAsset,
      tags: [],
    };
  });
}

/** Field errors name the index among the lines sent; mapped back to the rows shown. */
function rowErrorsOf(error: unknown, chosen: { index: number }[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
    const match = /^lines\.(\d+)\.(.+)$/.exec(key);
    const row = match ? chosen[Number(match[1])]?.index : undefined;
    mapped[match && row !== undefined ? `lines.${row}.${match[2]}` : key] = message;
  }
  return mapped;
}

/** What is sent: the chosen rows only; asset tags only for an asset item of a delivery not rejected. */
function receiptPayload(
  head: { locationId: string | null; invoiceNo: string; deliveryNote: string; rejected: boolean },
  chosen: { l: ReceiptLineDraft }[],
) {
  const { locationId, invoiceNo, deliveryNote, rejected } = head;
  return {
    locationId: locationId ?? '',
    invoiceNo: invoiceNo || null,
    deliveryNote: deliveryNote || null,
    rejected,
    lines: chosen.map(({ l }) => ({
      poLineId: l.poLineId,
      qtyReceived: l.qty.trim(),
      batchNo: l.batch.trim() || null,
      expiryDate: l.expiry || null,
      ...(l.isAsset && !rejected ? { assetTags: l.tags.slice(0, wholeUnits(l.qty)).map((t) => t.trim()) } : {}),
    })),
  };
}

/** Receives (or rejects) the chosen lines; the server's field messages go to their rows. */
function useReceive(order: PurchaseOrder, onClose: () => void, setErrors: (errors: FieldErrors) => void) {
  const receive = useReceiveGoods();
  const save = (head: Parameters<typeof receiptPayload>[0], chosen: { l: ReceiptLineDraft; index: number }[]) =>
    receive.mutate(
      { id: order.id, payload: receiptPayload(head, chosen) },
      {
        onSuccess: (updated) => {
          notifySuccess({
            title: head.rejected ? 'Delivery rejected' : 'Goods received',
            message:
              updated.status === 'delivered'
                ? `${updated.poNumber} is fully delivered.`
                : `${updated.poNumber}: the rest stays open.`,
          });
          onClose();
        },
        onError: (error) => {
          setErrors(rowErrorsOf(error, chosen));
          notifyError({ title: 'Not received', message: serverMessage(error) ?? 'Please try again.' });
        },
      },
    );
  return { save, isPending: receive.isPending };
}

export function ReceiveDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const lookups = useLookups();
  const [locationId, setLocationId] = useState<string | null>(null);
  const [invoiceNo, setInvoiceNo] = useState('');
  const [deliveryNote, setDeliveryNote] = useState('');
  const [rejected, setRejected] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const receive = useReceive(order, onClose, setErrors);
  const [lines, setLines] = useState<ReceiptLineDraft[]>(() => receiptLinesOf(order));
  const setLine = (index: number, patch: Partial<ReceiptLineDraft>) =>
    setLines((current) => current.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const chosen = lines.map((l, index) => ({ l, index })).filter(({ l }) => l.qty.trim() !== '' && l.qty.trim() !== '0');

  const save = () => receive.save({ locationId, invoiceNo, deliveryNote, rejected }, chosen);

  return (
    <Modal opened onClose={onClose} title={`Receive goods for ${order.poNumber}`} size="xl">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Location"
            required
            searchable
            data={(lookups.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
            value={locationId}
            onChange={setLocationId}
            error={errors.locationId}
          />
          <TextInput label="Invoice number" value={invoiceNo} onChange={(e) => setInvoiceNo(e.currentTarget.value)} />
          <TextInput
            label="Delivery note"
            value={deliveryNote}
            onChange={(e) => setDeliveryNote(e.currentTarget.value)}
          />
        </Group>
        {lines.map((line, index) => (
          <ReceiptLineRow
            key={line.poLineId}
            line={line}
            index={index}
            rejected={rejected}
            errors={errors}
            setLine={setLine}
            setErrors={setErrors}
          />
        ))}
        <Checkbox
          label="Reject this delivery (recorded, no stock is added)"
          checked={rejected}
          onChange={(e) => setRejected(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={receive.isPending}
            disabled={chosen.length === 0}
            color={rejected ? 'red' : undefined}
            onClick={save}
          >
            {rejected ? 'Record Rejection' : 'Receive'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One order line on the receipt: quantity now, batch, expiry, and asset tags for an asset item. */
function ReceiptLineRow({
  line,
  index,
  rejected,
  errors,
  setLine,
  setErrors,
}: {
  line: ReceiptLineDraft;
  index: number;
  rejected: boolean;
  errors: FieldErrors;
  setLine: (index: number, patch: Partial<ReceiptLineDraft>) => void;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
}) {
  return (
    <Stack gap="xs">
      <Group align="flex-start" wrap="nowrap" data-testid="receipt-line">
        <Stack gap={0} style={{ flex: 2 }} mt={28}>
          <Text size="sm" fw={600}>
            {line.label}
          </Text>
          <Text size="xs" c="dimmed">
            {line.open} open
          </Text>
        </Stack>
        <TextInput
          style={{ flex: 1 }}
          label={`Received now ${index + 1}`}
          inputMode="decimal"
          value={line.qty}
          onChange={(e) => setLine(index, { qty: e.currentTarget.value })}
          error={errors[`lines.${index}.qtyReceived`]}
        />
        <TextInput
          style={{ flex: 1 }}
          label={`Batch ${index + 1}`}
          value={line.batch}
          onChange={(e) => setLine(index, { batch: e.currentTarget.value })}
          error={errors[`lines.${index}.batchNo`]}
        />
        <TextInput
          style={{ flex: 1 }}
          label={`Expiry ${index + 1}`}
          type="date"
          value={line.expiry}
          onChange={(e) => setLine(index, { expiry: e.currentTarget.value })}
          error={errors[`lines.${index}.expiryDate`]}
        />
      </Group>
      {line.isAsset && !rejected ? (
        <AssetTagFields
          row={index}
          itemLabel={line.label}
          units={wholeUnits(line.qty)}
          tags={line.tags}
          onChange={(tags) => {
            setLine(index, { tags });
            // A refused tag's message goes once the tag is changed.
            setErrors((e) =>
              Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`lines.${index}.assetTags`))),
            );
          }}
          errors={errors}
        />
      ) : null}
    </Stack>
  );
}
