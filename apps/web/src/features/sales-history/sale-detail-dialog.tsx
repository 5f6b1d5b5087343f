import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import {
  CARD_FEE_LABEL,
  can,
  formatMoney,
  paymentMethodTitle,
  type TransactionDetail,
  taxByRate,
  taxLineLabel,
  taxRateHundredths,
} from '@retail-hub/shared';
import { IconBan, IconMail, IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PanelLoading } from '@/components/panel';
import { EmailReceiptDialog, reprintReceipt, useReceiptEmailAvailable } from '@/features/pos';
import { useTerminalPrinter } from '@/features/printers';
import { serverMessage } from '@/lib/api-client';
import { useAuth, useStoreTimeZone } from '@/lib/auth';
import { money, toCents } from '@/lib/money';
import { printRefund } from './actions';
import { useTransactionDetail } from './api';
import { dateTimeText, eventText, personName } from './format';
import { RefundForm } from './refund-form';
import { VoidForm } from './void-form';

type Mode = 'detail' | 'refund' | 'void';

/** Issue #15 item 3: one sale in full: lines, payment, refunds and who did what. */
export function SaleDetailDialog({ id, opened, onClose }: { id: string | null; opened: boolean; onClose: () => void }) {
  const detail = useTransactionDetail(id);
  const sale = detail.data;
  const { user } = useAuth();
  // A manager refunds and voids on their own say; anyone else types a manager's PIN (ADR 0004).
  const needsPin = !(user && can(user.role, 'pos.approve'));
  const [mode, setMode] = useState<Mode>('detail');
  // Another sale, or the dialog opened again: back to the sale itself.
  useEffect(() => {
    if (id !== undefined && opened !== undefined) setMode('detail');
  }, [id, opened]);
  const title = sale
    ? mode === 'refund'
      ? `Refund sale #${sale.number}`
      : mode === 'void'
        ? `Void sale #${sale.number}`
        : `Sale #${sale.number}`
    : 'Sale';
  return (
    <Modal opened={opened && id !== null} onClose={onClose} title={title} size="lg" centered data-testid="sale-detail">
      {detail.isPending ? (
        <PanelLoading />
      ) : detail.isError || !sale ? (
        <Alert color="red" title="Sale not available">
          {serverMessage(detail.error) ?? 'This sale could not be loaded.'}
        </Alert>
      ) : mode === 'refund' ? (
        <RefundForm
          sale={sale}
          needsPin={needsPin}
          onDone={() => setMode('detail')}
          onCancel={() => setMode('detail')}
        />
      ) : mode === 'void' ? (
        <VoidForm sale={sale} needsPin={needsPin} onDone={() => setMode('detail')} onCancel={() => setMode('detail')} />
      ) : (
        <SaleDetail sale={sale} onRefund={() => setMode('refund')} onVoid={() => setMode('void')} />
      )}
    </Modal>
  );
}

function SaleDetail({ sale, onRefund, onVoid }: { sale: TransactionDetail; onRefund: () => void; onVoid: () => void }) {
  const emailAvailable = useReceiptEmailAvailable();
  const timeZone = useStoreTimeZone();
  const printer = useTerminalPrinter();
  const [emailing, setEmailing] = useState(false);
  // Issue #34 item 2 (ADR 0030): once taxed the sale answers `cardFee` apart and `tax` is its sales
  // tax (one row per rate, from the lines); untaxed, `tax` is the card fee (spec §7).
  const fee = toCents(sale.cardFee ?? sale.tax);
  const taxRows = sale.cardFee === undefined ? [] : saleTaxRows(sale);
  const completed = sale.status !== 'voided';
  const refundable = completed && sale.lines.some((l) => (l.refundedQuantity ?? 0) < l.quantity);
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
        {taxRows.map((row) => (
          <Group justify="space-between" key={row.label}>
            <Text>{row.label}</Text>
            <Text ff="monospace">{formatMoney(row.cents)}</Text>
          </Group>
        ))}
        {fee > 0 ? (
          <Group justify="space-between">
            <Text>{CARD_FEE_LABEL}</Text>
            <Text ff="monospace">{formatMoney(fee)}</Text>
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
          <Stack gap={2} key={`${p.method}-${p.amount}-${p.referenceCode ?? ''}`}>
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
        <Stack gap={6} data-testid="sale-refunds">
          {sale.refunds.map((refund) => (
            <Group key={refund.id} justify="space-between" wrap="wrap" gap="xs" data-testid="sale-refund">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  #{refund.number} · {formatMoney(-toCents(refund.total))} · {paymentMethodTitle(refund.paymentMethod)}
                </Text>
                <Text size="sm">
                  {dateTimeText(refund.createdAt, timeZone)} · {refund.reason}
                  {refund.restock ? '' : ' · written off'} · by {refund.cashier.name}
                  {refund.approvedBy ? `, approved by ${refund.approvedBy.name}` : ''}
                </Text>
                <Text size="sm">
                  {refund.lines
                    .map((l) => `${l.quantity} × ${l.variantName ? `${l.name} (${l.variantName})` : l.name}`)
                    .join(', ')}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden />}
                aria-label={`Print REFUND receipt #${refund.number}`}
                onClick={() => printRefund(refund, printer?.id ?? null)}
              >
                Print REFUND
              </Button>
            </Group>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="sale-events-title">
        <Title order={3} size="h5" id="sale-events-title" mb={4}>
          History
        </Title>
        <Stack gap={2} data-testid="sale-events">
          {sale.events.map((event) => (
            <Text size="sm" key={`${event.type}-${event.at}-${event.by.id ?? ''}`}>
              {dateTimeText(event.at, timeZone)} · {eventText(event)}
            </Text>
          ))}
        </Stack>
      </section>

      <Group justify="flex-end" gap="sm" wrap="wrap">
        {completed && sale.refunds.length === 0 ? (
          <Button variant="light" color="red" leftSection={<IconBan size={18} aria-hidden />} onClick={onVoid}>
            Void Sale
          </Button>
        ) : null}
        {refundable ? (
          <Button variant="light" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={onRefund}>
            Refund
          </Button>
        ) : null}
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

/** A taxed sale's tax, one row per rate its lines were charged ('Tax (10%)', 'included' when inside the prices). */
function saleTaxRows(sale: TransactionDetail): Array<{ label: string; cents: number }> {
  const byRate = taxByRate(
    sale.lines.map((l) => ({ rate: taxRateHundredths(l.taxRate ?? '0') ?? 0, tax: toCents(l.tax) })),
  );
  const included = sale.pricesIncludeTax ? ' included' : '';
  return byRate.map((r) => ({ label: `${taxLineLabel(r.rate)}${included}`, cents: r.tax }));
}
