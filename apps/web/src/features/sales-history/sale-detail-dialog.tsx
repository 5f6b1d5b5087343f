import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { CARD_FEE_LABEL, formatMoney, paymentMethodTitle, type TransactionDetail } from '@retail-hub/shared';
import { IconMail, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelLoading } from '@/components/panel';
import { EmailReceiptDialog, reprintReceipt, useReceiptEmailAvailable } from '@/features/pos';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { money, toCents } from '@/lib/money';
import { useTransactionDetail } from './api';
import { dateTimeText, eventLabel, personName } from './format';

/** Issue #15 item 3: one sale in full: lines, payment, refunds and who did what. */
export function SaleDetailDialog({ id, opened, onClose }: { id: string | null; opened: boolean; onClose: () => void }) {
  const detail = useTransactionDetail(id);
  const sale = detail.data;
  return (
    <Modal
      opened={opened && id !== null}
      onClose={onClose}
      title={sale ? `Sale #${sale.number}` : 'Sale'}
      size="lg"
      centered
      data-testid="sale-detail"
    >
      {detail.isPending ? (
        <PanelLoading />
      ) : detail.isError || !sale ? (
        <Alert color="red" title="Sale not available">
          {serverMessage(detail.error) ?? 'This sale could not be loaded.'}
        </Alert>
      ) : (
        <SaleDetail sale={sale} />
      )}
    </Modal>
  );
}

function SaleDetail({ sale }: { sale: TransactionDetail }) {
  const emailAvailable = useReceiptEmailAvailable();
  const timeZone = useStoreTimeZone();
  const [emailing, setEmailing] = useState(false);
  const fee = toCents(sale.tax);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm">{dateTimeText(sale.createdAt, timeZone)}</Text>
          <Text size="sm">Served by {personName(sale.cashier)}</Text>
        </Stack>
        <Badge color={sale.status === 'voided' ? 'red' : 'green'} variant="light" size="lg">
          {sale.status === 'voided' ? 'Voided' : 'Completed'}
        </Badge>
      </Group>

      <Table striped withTableBorder aria-label="Items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sale.lines.map((line) => (
            <Table.Tr key={line.id} data-testid="sale-line">
              <Table.Td>
                {line.variantName ? `${line.name} (${line.variantName})` : line.name}
                {line.discount ? (
                  <Text size="xs" c="green.9" fw={600}>
                    Discount {discountText(line.discount)}: -{money(line.discount.amount)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(line.unitPrice)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(line.totalPrice)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack gap={4} data-testid="sale-totals">
        {toCents(sale.discountTotal) > 0 ? (
          <>
            <Group justify="space-between">
              <Text>Items</Text>
              <Text ff="monospace">{formatMoney(toCents(sale.subtotal) + toCents(sale.discountTotal))}</Text>
            </Group>
            {sale.discount ? (
              <Group justify="space-between">
                <Text c="green.9">
                  Sale Discount {discountText(sale.discount)}
                  {sale.discount.approvedBy ? ` (approved by ${sale.discount.approvedBy})` : ''}
                </Text>
                <Text ff="monospace" c="green.9">
                  -{money(sale.discount.amount)}
                </Text>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Text c="green.9">All Discounts</Text>
              <Text ff="monospace" c="green.9">
                -{money(sale.discountTotal)}
              </Text>
            </Group>
          </>
        ) : null}
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text ff="monospace">{money(sale.subtotal)}</Text>
        </Group>
        {fee > 0 ? (
          <Group justify="space-between">
            <Text>{CARD_FEE_LABEL}</Text>
            <Text ff="monospace">{money(sale.tax)}</Text>
          </Group>
        ) : null}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} ff="monospace">
            {money(sale.total)}
          </Text>
        </Group>
      </Stack>

      <section aria-labelledby="sale-payment-title">
        <Title order={3} size="h5" id="sale-payment-title" mb={4}>
          Payment
        </Title>
        {sale.payments.map((p) => (
          <Stack gap={2} key={p.method}>
            <Group justify="space-between">
              <Text>{paymentMethodTitle(p.method)}</Text>
              <Text ff="monospace">{money(p.amount)}</Text>
            </Group>
            {p.method === 'cash' ? (
              <Text size="sm">
                Received {money(p.amountReceived)} · Change {money(p.changeDue)}
              </Text>
            ) : p.referenceCode ? (
              <Text size="sm">Reference / Approval Code {p.referenceCode}</Text>
            ) : null}
          </Stack>
        ))}
        {sale.notes ? <Text size="sm">Payment Notes: {sale.notes}</Text> : null}
      </section>

      <section aria-labelledby="sale-refunds-title">
        <Title order={3} size="h5" id="sale-refunds-title" mb={4}>
          Refunds
        </Title>
        {sale.refunds.length === 0 ? <Text size="sm">No refunds</Text> : null}
      </section>

      <section aria-labelledby="sale-events-title">
        <Title order={3} size="h5" id="sale-events-title" mb={4}>
          History
        </Title>
        <Stack gap={2} data-testid="sale-events">
          {sale.events.map((event) => (
            <Text size="sm" key={`${event.type}-${event.at}-${event.by.id ?? ''}`}>
              {dateTimeText(event.at, timeZone)} · {eventLabel(event.type)} by {event.by.name}
            </Text>
          ))}
        </Stack>
      </section>

      <Group justify="flex-end" gap="sm">
        {emailAvailable ? (
          <Button variant="default" leftSection={<IconMail size={18} aria-hidden />} onClick={() => setEmailing(true)}>
            Email Receipt
          </Button>
        ) : null}
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => void reprintReceipt(sale.id, sale.number)}
        >
          Reprint (COPY)
        </Button>
      </Group>
      <EmailReceiptDialog
        transactionId={sale.id}
        number={sale.number}
        opened={emailing}
        onClose={() => setEmailing(false)}
      />
    </Stack>
  );
}

/** '5%' or '$2.00', as the receipt names a discount. */
function discountText(discount: { type: 'percent' | 'amount'; value: string }): string {
  return discount.type === 'percent' ? `${discount.value.replace(/\.?0+$/, '')}%` : money(discount.value);
}
