import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  can,
  formatQty,
  milliToQty,
  PURCHASE_ORDER_STATES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrder,
  qtyToMilli,
} from '@retail-hub/shared';
import { IconPlus } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { money } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  type OrderAction,
  type PurchaseOrderPayload,
  useCreatePurchaseOrder,
  useLookups,
  useOrderAction,
  usePurchaseOrder,
  usePurchaseOrders,
  useReceiveGoods,
  useUpdatePurchaseOrder,
} from '../api/purchasing';
import { AssetTagFields, wholeUnits } from './asset-tag-fields';
import { type EditedLine, LineEditor, newLineKey } from './line-editor';
import { OrderStatusBadge } from './status-badge';

const ALL = 'all';
const statusOptions = [
  { value: ALL, label: 'All' },
  ...PURCHASE_ORDER_STATES.map((value) => ({ value, label: PURCHASE_ORDER_STATUS_LABELS[value] })),
];

type FieldErrors = Record<string, string>;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? ((error.body?.errors as FieldErrors | undefined) ?? {}) : {};

/** Issue #16 items 4, 5: purchase orders, their printing, e-mail and goods receipts (ADR 0013). */
export function PurchaseOrdersScreen({ title }: { title: string }) {
  const [status, setStatus] = useState(ALL);
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const list = usePurchaseOrders(status === ALL ? null : status);
  const [creating, setCreating] = useState(false);
  const orders = list.data ?? [];
  const open = (id: string | null) => setParams(id ? { id } : {});

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">Order from suppliers, send the order, and receive the goods into a location.</Text>
        </div>
        <Button size="md" leftSection={<IconPlus size={20} aria-hidden />} onClick={() => setCreating(true)}>
          New Purchase Order
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Status"
        data={statusOptions}
        value={status}
        onChange={setStatus}
        style={{ alignSelf: 'flex-start' }}
      />
      <Card p={0}>
        {list.isPending ? (
          <PanelLoading />
        ) : list.isError ? (
          <Alert color="red" title="Purchase orders could not be loaded">
            {serverMessage(list.error) ?? 'Please try again.'}
          </Alert>
        ) : orders.length === 0 ? (
          <PanelEmpty>No purchase orders yet</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>PO number</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Department</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row">
                    <Table.Td>
                      <Button variant="subtle" px={4} onClick={() => open(o.id)}>
                        {o.poNumber}
                      </Button>
                    </Table.Td>
                    <Table.Td>{o.supplierName}</Table.Td>
                    <Table.Td>{o.departmentName ?? '—'}</Table.Td>
                    <Table.Td>{format(new Date(o.createdAt), 'MMM d, yyyy')}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {money(o.totals.total, o.currency)}
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {creating ? (
        <OrderForm
          onClose={(id) => {
            setCreating(false);
            if (id) open(id);
          }}
        />
      ) : null}
      {openId ? <OrderDetails id={openId} onClose={() => open(null)} /> : null}
    </Stack>
  );
}

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

/**
 * New order, or (issue #30 item 20) a draft edited in place: the same form and the same server
 * rules as creating, and the order keeps its number (cancelling and re-creating burnt one).
 */
function OrderForm({ order, onClose }: { order?: PurchaseOrder; onClose: (id: string | null) => void }) {
  const lookups = useLookups();
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder();
  const [supplierId, setSupplierId] = useState<string | null>(order?.supplierId ?? null);
  const [currency, setCurrency] = useState(order?.currency ?? 'USD');
  const [neededBy, setNeededBy] = useState(order?.neededByDate ?? '');
  const [deliverTo, setDeliverTo] = useState<string | null>(order?.deliveryLocationId ?? null);
  const [note, setNote] = useState(order?.note ?? '');
  const [lines, setLines] = useState<OrderLineDraft[]>(() =>
    order ? draftLinesOf(order) : [{ ...emptyLine(), requisitionLineId: null, description: null }],
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = () => {
    const payload: PurchaseOrderPayload = {
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

  return (
    <Modal
      opened
      onClose={() => onClose(null)}
      title={order ? `Edit ${order.poNumber}` : 'New Purchase Order'}
      size="xl"
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Supplier"
            required
            searchable
            data={(lookups.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={supplierId}
            onChange={setSupplierId}
            error={errors.supplierId}
          />
          <TextInput
            label="Currency"
            value={currency}
            maxLength={3}
            onChange={(e) => setCurrency(e.currentTarget.value)}
            error={errors.currency}
          />
          <TextInput
            label="Needed by"
            type="date"
            value={neededBy}
            onChange={(e) => setNeededBy(e.currentTarget.value)}
          />
          <Select
            label="Deliver to"
            searchable
            clearable
            data={(lookups.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
            value={deliverTo}
            onChange={setDeliverTo}
            error={errors.deliveryLocationId}
          />
        </Group>
        <Textarea
          label="Note to the supplier"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
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
          <Button loading={create.isPending || update.isPending} onClick={save}>
            {order ? 'Save Draft' : 'Create Draft'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OrderDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const order = usePurchaseOrder(id);
  const act = useOrderAction();
  const { user } = useAuth();
  const mayApprove = can(user?.role, 'purchasing.approve_above_threshold');
  const [receiving, setReceiving] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const o = order.data;

  const run = (action: OrderAction, done: string) =>
    act.mutate(
      { id, action, ...(action === 'cancel' ? { reason } : {}) },
      {
        onSuccess: (result) =>
          notifySuccess({
            title: done,
            message:
              'to' in result
                ? `Sent to ${result.to}${result.delivery === 'outbox' ? ' (kept in the outbox: no mail server configured)' : ''}.`
                : (o?.poNumber ?? ''),
          }),
        onError: (error) => notifyError({ title: 'Not done', message: serverMessage(error) ?? 'Please try again.' }),
      },
    );

  return (
    <Modal opened onClose={onClose} title={o ? `Purchase Order ${o.poNumber}` : 'Purchase Order'} size="xl">
      {order.isPending ? (
        <PanelLoading />
      ) : order.isError || !o ? (
        <Alert color="red" title="The order could not be loaded">
          {serverMessage(order.error) ?? 'Please try again.'}
        </Alert>
      ) : (
        <Stack gap="sm" data-testid="order-details">
          <Group gap="xs">
            <OrderStatusBadge status={o.status} />
            <Text size="sm">
              {o.supplierName}
              {o.departmentName ? ` · for ${o.departmentName}` : ''}
              {o.neededByDate ? ` · needed by ${o.neededByDate}` : ''}
              {o.deliveryLocationCode ? ` · deliver to ${o.deliveryLocationCode}` : ''}
            </Text>
          </Group>
          <OrderLinesTable order={o} />
          <Group justify="flex-end" gap="lg" data-testid="order-totals">
            <Text size="sm">Subtotal {money(o.totals.subtotal, o.currency)}</Text>
            <Text size="sm">Tax {money(o.totals.tax, o.currency)}</Text>
            <Text fw={700}>Total {money(o.totals.total, o.currency)}</Text>
          </Group>
          {o.cancelReason ? <Text size="sm">Cancelled: {o.cancelReason}</Text> : null}
          {o.status === 'draft' && o.needsApproval ? (
            // Issue #30 item 6: above the department's threshold the order itself is approved first.
            <Alert color={o.approvedAt ? 'green' : 'yellow'} data-testid="order-approval">
              {o.approvedAt
                ? `Approved by ${o.approvedByName ?? 'a manager'}: it can be sent.`
                : `Above the department's approval threshold of ${money(o.approvalThreshold)}: a manager approves this order before it is sent.`}
            </Alert>
          ) : null}
          {o.receipts.length > 0 ? (
            <Stack gap={4}>
              <Text fw={600}>Receipts</Text>
              {o.receipts.map((r) => (
                <Text key={r.id} size="sm" data-testid="receipt-row">
                  {r.grnNumber} · {format(new Date(r.receivedAt), 'MMM d, HH:mm')} · {r.locationCode} ·{' '}
                  {r.status === 'rejected'
                    ? 'Rejected'
                    : r.lines
                        .map(
                          (l) =>
                            `${formatQty(l.qtyReceived)} ${l.itemName}${l.batchNo ? ` (batch ${l.batchNo}${l.expiryDate ? `, exp. ${l.expiryDate}` : ''})` : ''}`,
                        )
                        .join(', ')}
                  {r.invoiceNo ? ` · invoice ${r.invoiceNo}` : ''}
                  {r.units.length > 0 ? (
                    <>
                      {' · asset tags '}
                      {r.units.map((u, n) => (
                        <span key={u.id}>
                          {n > 0 ? ', ' : ''}
                          <Anchor component={Link} to={`/assets/unit?id=${u.id}`} ff="monospace" size="sm">
                            {u.assetTag ?? 'untagged'}
                          </Anchor>
                        </span>
                      ))}
                    </>
                  ) : null}
                </Text>
              ))}
            </Stack>
          ) : null}
          {['draft', 'sent', 'confirmed'].includes(o.status) && o.receipts.every((r) => r.status === 'rejected') ? (
            <TextInput
              label="Reason for cancelling"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Anchor component={Link} to={`/purchase-orders/print?id=${o.id}`} target="_blank">
              Print / PDF
            </Anchor>
            {['draft', 'sent', 'confirmed'].includes(o.status) && o.receipts.every((r) => r.status === 'rejected') ? (
              <Button
                variant="subtle"
                color="red"
                loading={act.isPending}
                onClick={() => run('cancel', 'Order cancelled')}
              >
                Cancel Order
              </Button>
            ) : null}
            {o.status === 'draft' && o.needsApproval && !o.approvedAt && mayApprove ? (
              <Button variant="light" loading={act.isPending} onClick={() => run('approve', 'Order approved')}>
                Approve Order
              </Button>
            ) : null}
            {o.status === 'draft' ? (
              <Button variant="light" onClick={() => setEditing(true)}>
                Edit Order
              </Button>
            ) : null}
            {o.status === 'draft' ? (
              <Button loading={act.isPending} onClick={() => run('send', 'Order sent')}>
                Send Order
              </Button>
            ) : null}
            {o.status === 'sent' ? (
              <Button variant="light" loading={act.isPending} onClick={() => run('confirm', 'Order confirmed')}>
                Supplier Confirmed
              </Button>
            ) : null}
            {['sent', 'confirmed'].includes(o.status) ? (
              <>
                <Button variant="light" loading={act.isPending} onClick={() => run('email', 'Order e-mailed')}>
                  E-mail Supplier
                </Button>
                <Button onClick={() => setReceiving(true)}>Receive Goods</Button>
              </>
            ) : null}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
      {receiving && o ? <ReceiveDialog order={o} onClose={() => setReceiving(false)} /> : null}
      {editing && o ? <OrderForm order={o} onClose={() => setEditing(false)} /> : null}
    </Modal>
  );
}

export function OrderLinesTable({ order }: { order: PurchaseOrder }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Tax %</Table.Th>
            <Table.Th ta="right">Line total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.lineNo}</Table.Td>
              <Table.Td>
                {l.itemSku} · {l.itemName}
                {l.description ? ` (${l.description})` : ''}
              </Table.Td>
              <Table.Td ta="right">
                {formatQty(l.qtyOrdered)} {l.uom}
              </Table.Td>
              <Table.Td ta="right">{formatQty(l.qtyReceived)}</Table.Td>
              <Table.Td ta="right">{money(l.unitPrice, order.currency)}</Table.Td>
              <Table.Td ta="right">{l.taxRate}</Table.Td>
              <Table.Td ta="right">{money(l.lineTotal, order.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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

function ReceiveDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const lookups = useLookups();
  const receive = useReceiveGoods();
  const [locationId, setLocationId] = useState<string | null>(null);
  const [invoiceNo, setInvoiceNo] = useState('');
  const [deliveryNote, setDeliveryNote] = useState('');
  const [rejected, setRejected] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lines, setLines] = useState<ReceiptLineDraft[]>(
    order.lines.map((l) => {
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
    }),
  );
  const setLine = (index: number, patch: Partial<ReceiptLineDraft>) =>
    setLines((current) => current.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const chosen = lines.map((l, index) => ({ l, index })).filter(({ l }) => l.qty.trim() !== '' && l.qty.trim() !== '0');

  const save = () =>
    receive.mutate(
      {
        id: order.id,
        payload: {
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
        },
      },
      {
        onSuccess: (updated) => {
          notifySuccess({
            title: rejected ? 'Delivery rejected' : 'Goods received',
            message:
              updated.status === 'delivered'
                ? `${updated.poNumber} is fully delivered.`
                : `${updated.poNumber}: the rest stays open.`,
          });
          onClose();
        },
        onError: (error) => {
          // Field errors name the index among the lines sent; map them back to the rows shown.
          const raw = fieldErrorsOf(error);
          const mapped: FieldErrors = {};
          for (const [key, message] of Object.entries(raw)) {
            const match = /^lines\.(\d+)\.(.+)$/.exec(key);
            const row = match ? chosen[Number(match[1])]?.index : undefined;
            mapped[match && row !== undefined ? `lines.${row}.${match[2]}` : key] = message;
          }
          setErrors(mapped);
          notifyError({ title: 'Not received', message: serverMessage(error) ?? 'Please try again.' });
        },
      },
    );

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
          <Stack key={line.poLineId} gap="xs">
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
