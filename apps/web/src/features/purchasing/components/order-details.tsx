import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { can, formatQty, type PurchaseOrder } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { money } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type OrderAction, useOrderAction, usePurchaseOrder } from '../api/purchasing';
import { OrderForm } from './order-form';
import { ReceiveDialog } from './receive-dialog';
import { OrderStatusBadge } from './status-badge';

export function OrderDetails({ id, onClose }: { id: string; onClose: () => void }) {
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
          <OrderSummary order={o} />
          {o.cancelReason ? <Text size="sm">Cancelled: {o.cancelReason}</Text> : null}
          {o.status === 'draft' && o.needsApproval ? (
            // Issue #30 item 6: above the department's threshold the order itself is approved first.
            <Alert color={o.approvedAt ? 'green' : 'yellow'} data-testid="order-approval">
              {o.approvedAt
                ? `Approved by ${o.approvedByName ?? 'a manager'}: it can be sent.`
                : `Above the department's approval threshold of ${money(o.approvalThreshold)}: a manager approves this order before it is sent.`}
            </Alert>
          ) : null}
          {o.receipts.length > 0 ? <OrderReceipts order={o} /> : null}
          {['draft', 'sent', 'confirmed'].includes(o.status) && o.receipts.every((r) => r.status === 'rejected') ? (
            <TextInput
              label="Reason for cancelling"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          ) : null}
          <OrderActions
            order={o}
            run={run}
            pending={act.isPending}
            mayApprove={mayApprove}
            onEdit={() => setEditing(true)}
            onReceive={() => setReceiving(true)}
            onClose={onClose}
          />
        </Stack>
      )}
      {receiving && o ? <ReceiveDialog order={o} onClose={() => setReceiving(false)} /> : null}
      {editing && o ? <OrderForm order={o} onClose={() => setEditing(false)} /> : null}
    </Modal>
  );
}

/** The order's status, supplier and dates, its lines and the server's totals. */
function OrderSummary({ order }: { order: PurchaseOrder }) {
  return (
    <>
      <Group gap="xs">
        <OrderStatusBadge status={order.status} />
        <Text size="sm">
          {order.supplierName}
          {order.departmentName ? ` · for ${order.departmentName}` : ''}
          {order.neededByDate ? ` · needed by ${order.neededByDate}` : ''}
          {order.deliveryLocationCode ? ` · deliver to ${order.deliveryLocationCode}` : ''}
        </Text>
      </Group>
      <OrderLinesTable order={order} />
      <Group justify="flex-end" gap="lg" data-testid="order-totals">
        <Text size="sm">Subtotal {money(order.totals.subtotal, order.currency)}</Text>
        <Text size="sm">Tax {money(order.totals.tax, order.currency)}</Text>
        <Text fw={700}>Total {money(order.totals.total, order.currency)}</Text>
      </Group>
    </>
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

/** The order's receipts: number, when, where, what (with batches) and the asset tags made. */
function OrderReceipts({ order: o }: { order: PurchaseOrder }) {
  return (
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
  );
}

/** What can be done to the order in its state: print, cancel, approve, edit, send, confirm, e-mail, receive. */
function OrderActions({
  order,
  run,
  pending,
  mayApprove,
  onEdit,
  onReceive,
  onClose,
}: {
  order: PurchaseOrder;
  run: (action: OrderAction, done: string) => void;
  pending: boolean;
  mayApprove: boolean;
  onEdit: () => void;
  onReceive: () => void;
  onClose: () => void;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Anchor component={Link} to={`/purchase-orders/print?id=${order.id}`} target="_blank">
        Print / PDF
      </Anchor>
      {['draft', 'sent', 'confirmed'].includes(order.status) && order.receipts.every((r) => r.status === 'rejected') ? (
        <Button variant="subtle" color="red" loading={pending} onClick={() => run('cancel', 'Order cancelled')}>
          Cancel Order
        </Button>
      ) : null}
      {order.status === 'draft' && order.needsApproval && !order.approvedAt && mayApprove ? (
        <Button variant="light" loading={pending} onClick={() => run('approve', 'Order approved')}>
          Approve Order
        </Button>
      ) : null}
      {order.status === 'draft' ? (
        <Button variant="light" onClick={onEdit}>
          Edit Order
        </Button>
      ) : null}
      {order.status === 'draft' ? (
        <Button loading={pending} onClick={() => run('send', 'Order sent')}>
          Send Order
        </Button>
      ) : null}
      {order.status === 'sent' ? (
        <Button variant="light" loading={pending} onClick={() => run('confirm', 'Order confirmed')}>
          Supplier Confirmed
        </Button>
      ) : null}
      {['sent', 'confirmed'].includes(order.status) ? (
        <>
          <Button variant="light" loading={pending} onClick={() => run('email', 'Order e-mailed')}>
            E-mail Supplier
          </Button>
          <Button onClick={onReceive}>Receive Goods</Button>
        </>
      ) : null}
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Group>
  );
}
