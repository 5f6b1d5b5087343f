import { Button, Card, Stack, Table } from '@mantine/core';
import { PURCHASE_ORDER_STATES, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderSummary } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PanelQuery } from '@/components/panel';
import { money } from '@/lib/money';
import { usePurchaseOrders } from '../api/purchasing';
import { ALL, DocumentListHeader } from './document-list';
import { OrderDetails } from './order-details';
import { OrderForm } from './order-form';
import { OrderStatusBadge } from './status-badge';

const statusOptions = [
  { value: ALL, label: 'All' },
  ...PURCHASE_ORDER_STATES.map((value) => ({ value, label: PURCHASE_ORDER_STATUS_LABELS[value] })),
];

/** Issue #16 items 4, 5: purchase orders, their printing, e-mail and goods receipts (ADR 0013). */
export function PurchaseOrdersScreen({ title }: { title: string }) {
  const [status, setStatus] = useState(ALL);
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const list = usePurchaseOrders(status === ALL ? null : status);
  const [creating, setCreating] = useState(false);
  const open = (id: string | null) => setParams(id ? { id } : {});

  return (
    <Stack gap="lg">
      <DocumentListHeader
        title={title}
        lead="Order from suppliers, send the order, and receive the goods into a location."
        newLabel="New Purchase Order"
        onNew={() => setCreating(true)}
        statusOptions={statusOptions}
        status={status}
        onStatus={setStatus}
      />
      <Card p={0}>
        <PanelQuery
          query={list}
          errorTitle="Purchase orders could not be loaded"
          empty="No purchase orders yet"
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => <OrdersTable orders={rows} onOpen={open} />}
        </PanelQuery>
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

function OrdersTable({ orders, onOpen }: { orders: PurchaseOrderSummary[]; onOpen: (id: string) => void }) {
  return (
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
                <Button variant="subtle" px={4} onClick={() => onOpen(o.id)}>
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
  );
}
