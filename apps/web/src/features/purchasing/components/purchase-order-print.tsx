import { Alert, Button, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatQty } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useSearchParams } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { usePurchaseOrder } from '../api/purchasing';

/**
 * The purchase order as the supplier receives it (issue #16 item 4): a plain page the browser
 * prints or saves as PDF. The buttons are hidden on paper.
 */
export function PurchaseOrderPrint() {
  const [params] = useSearchParams();
  const order = usePurchaseOrder(params.get('id'));
  const o = order.data;
  // Without an order id there is nothing to load (the query stays idle): say how to get here.
  if (!params.get('id')) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Purchase Order
        </Title>
        <Alert color="blue" title="No order chosen">
          Open an order under Purchase Orders and choose Print.
        </Alert>
      </Container>
    );
  }
  if (order.isPending) return <PanelLoading />;
  if (order.isError || !o) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Purchase Order
        </Title>
        <Alert color="red" title="The order could not be loaded">
          {serverMessage(order.error) ?? 'Please try again.'}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="md" py="lg" data-testid="po-print">
      <style>{'@media print { .no-print { display: none !important; } body { background: #fff; } }'}</style>
      <Group justify="space-between" className="no-print" mb="md">
        <Text c="dimmed" size="sm">
          Use Print and choose “Save as PDF” for a PDF.
        </Text>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              Purchase Order
            </Title>
            <Text fw={700} size="lg" data-testid="po-print-number">
              {o.poNumber}
            </Text>
          </div>
          <Stack gap={0} align="flex-end">
            <Text size="sm">Date: {format(new Date(o.sentAt ?? o.createdAt), 'yyyy-MM-dd')}</Text>
            {o.neededByDate ? <Text size="sm">Needed by: {o.neededByDate}</Text> : null}
            <Text size="sm">Currency: {o.currency}</Text>
            {o.status === 'draft' ? (
              <Text size="sm" fw={700}>
                DRAFT — not sent
              </Text>
            ) : null}
            {o.status === 'cancelled' ? (
              <Text size="sm" fw={700}>
                CANCELLED
              </Text>
            ) : null}
          </Stack>
        </Group>
        {/* Issue #30 item 21: who orders, where and by when, so a supplier can deliver against it. */}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div data-testid="po-print-buyer">
            <Text fw={600}>Buyer</Text>
            {o.buyerName ? <Text>{o.buyerName}</Text> : <Text c="dimmed">Not set (Purchasing Settings)</Text>}
            {o.buyerAddress ? <Text style={{ whiteSpace: 'pre-line' }}>{o.buyerAddress}</Text> : null}
          </div>
          <div>
            <Text fw={600}>Supplier</Text>
            <Text>{o.supplierName}</Text>
            {o.supplierAddress ? <Text style={{ whiteSpace: 'pre-line' }}>{o.supplierAddress}</Text> : null}
            {o.supplierEmail ? <Text>{o.supplierEmail}</Text> : null}
          </div>
          <div data-testid="po-print-delivery">
            <Text fw={600}>Deliver to</Text>
            {o.deliveryLocationCode ? (
              <Text>
                {o.deliveryLocationCode} · {o.deliveryLocationName}
              </Text>
            ) : (
              <Text c="dimmed">Not set</Text>
            )}
            {o.buyerName && o.deliveryLocationCode ? <Text size="sm">{o.buyerName}</Text> : null}
            <Text>Needed by: {o.neededByDate ?? 'no date given'}</Text>
          </div>
        </SimpleGrid>
        {o.departmentName ? <Text>For department: {o.departmentName}</Text> : null}
        <Table withTableBorder withColumnBorders verticalSpacing="xs" mt="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Tax %</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.lineNo}</Table.Td>
                <Table.Td>{l.itemSku}</Table.Td>
                <Table.Td>
                  {l.itemName}
                  {l.description ? ` — ${l.description}` : ''}
                </Table.Td>
                <Table.Td ta="right">
                  {formatQty(l.qtyOrdered)} {l.uom}
                </Table.Td>
                <Table.Td ta="right">{money(l.unitPrice, o.currency)}</Table.Td>
                <Table.Td ta="right">{l.taxRate}</Table.Td>
                <Table.Td ta="right">{money(l.lineTotal, o.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={0} align="flex-end" data-testid="po-print-totals">
          <Text>Subtotal: {money(o.totals.subtotal, o.currency)}</Text>
          <Text>Tax: {money(o.totals.tax, o.currency)}</Text>
          <Text fw={700} size="lg">
            Total: {money(o.totals.total, o.currency)}
          </Text>
        </Stack>
        {o.note ? (
          <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.note}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="lg">
          Please quote {o.poNumber} on your delivery note and invoice.
        </Text>
      </Stack>
    </Container>
  );
}
