import { Alert, Button, Group, NumberInput, Radio, Select, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import {
  formatMoney,
  paymentMethodTitle,
  REFUND_MESSAGES,
  REFUND_REASONS,
  type Refund,
  type RefundMethod,
  type RefundReason,
  refundedPart,
  type TransactionDetail,
} from '@retail-hub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApproverPinInput, pinProblem } from '@/components/approver-pin-input';
import { useTerminalPrinter } from '@/features/printers';
import { serverMessage } from '@/lib/api-client';
import { money, toCents } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { openPrintWindow, PRINT_ERROR, postRefund, printRefundInto, printRefundOnPrinter } from './actions';

/**
 * What `quantity` more units of a line give back: its share of what the line was paid (after its
 * discounts), by the server's rule (`refundedPart`), so the preview and the REFUND receipt agree to
 * the cent.
 */
export function refundCents(line: TransactionDetail['lines'][number], quantity: number): number {
  return refundedPart(toCents(line.netTotal ?? line.totalPrice), line.quantity, line.refundedQuantity ?? 0, quantity);
}

/** Issue #34 item 2 (ADR 0030): the tax those units give back, their share of the line's stored tax. */
export function refundTaxCents(line: TransactionDetail['lines'][number], quantity: number): number {
  return refundedPart(toCents(line.tax ?? '0'), line.quantity, line.refundedQuantity ?? 0, quantity);
}

/**
 * The refund's amount before any card fee, as the server computes it: the lines' shares, plus
 * their tax when the sale's prices did not include it (inclusive prices already hold it).
 */
export function refundPreview(
  sale: Pick<TransactionDetail, 'pricesIncludeTax'>,
  chosen: ReadonlyArray<{ line: TransactionDetail['lines'][number]; quantity: number }>,
): { subtotalCents: number; taxCents: number; amountCents: number } {
  const subtotalCents = chosen.reduce((sum, c) => sum + refundCents(c.line, c.quantity), 0);
  const taxCents = chosen.reduce((sum, c) => sum + refundTaxCents(c.line, c.quantity), 0);
  return { subtotalCents, taxCents, amountCents: subtotalCents + (sale.pricesIncludeTax ? 0 : taxCents) };
}

const lineName = (line: { name: string; variantName: string | null }) =>
  line.variantName ? `${line.name} (${line.variantName})` : line.name;

/**
 * Issue #15 item 5: refund part of a sale. Each line can give back at most what was sold minus
 * what earlier refunds gave back (the server enforces it too); a reason from the list and a note;
 * the goods go back to stock unless the restock switch is off (damaged goods are written off);
 * the money goes back the way it was paid or as cash from the till. A cashier adds a manager's
 * PIN on this screen. The REFUND receipt prints as soon as the refund is recorded.
 */
export function RefundForm({
  sale,
  needsPin,
  onDone,
  onCancel,
}: {
  sale: TransactionDetail;
  needsPin: boolean;
  onDone: (refund: Refund) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  // One key per refund form: a retry of a refund whose answer was lost is not a second refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // Issue #36: a till with a thermal printer prints the REFUND receipt there (a cash refund opens the
  // drawer with it); else the print window of spec §4.
  const printer = useTerminalPrinter();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  const [method, setMethod] = useState<RefundMethod>('original');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ lines?: string | null; reason?: string | null; pin?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const remaining = (line: TransactionDetail['lines'][number]) =>
    Math.max(0, line.quantity - (line.refundedQuantity ?? 0));
  const chosen = sale.lines
    .map((line) => ({ line, quantity: Math.min(quantities[line.id] ?? 0, remaining(line)) }))
    .filter((c) => c.quantity > 0);
  const { taxCents, amountCents } = refundPreview(sale, chosen);
  const taxedSale = sale.lines.some((l) => toCents(l.tax ?? '0') > 0);
  // A split sale (issue #34) refunds its non-cash tenders first, then cash (the server's default
  // order, ADR 0029): the choice appears whenever any tender was not cash, not only the summary method.
  const tenderMethods = sale.payments.length > 0 ? sale.payments.map((p) => p.method) : [sale.paymentMethod];
  const paidByCard = tenderMethods.some((m) => m !== 'cash');
  const backTo = [...new Set(tenderMethods.filter((m) => m !== 'cash'))].map(paymentMethodTitle).join(', ');
  const originalLabel = tenderMethods.includes('cash') ? `Back to ${backTo} first, then Cash` : `Back to ${backTo}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      lines: chosen.length > 0 ? null : REFUND_MESSAGES.linesRequired,
      reason: reason ? null : REFUND_MESSAGES.reason,
      pin: needsPin ? pinProblem(pin) : null,
    };
    setErrors(problems);
    if (problems.lines || problems.reason || problems.pin) return;
    setFailure(null);
    setPending(true);
    // The print window opens inside the click (browsers block it later); it closes on a refusal.
    const popup = printer ? null : openPrintWindow();
    if (popup) popup.document.body.textContent = 'Recording the refund…';
    try {
      const refund = await postRefund(sale.id, idempotencyKey, {
        lines: chosen.map((c) => ({ itemId: c.line.id, quantity: c.quantity })),
        reason: reason as RefundReason,
        note: note.trim() || null,
        restock,
        method: paidByCard ? method : 'original',
        ...(needsPin ? { approverPin: pin } : {}),
      });
      if (printer) printRefundOnPrinter(refund, printer.id);
      else if (popup) printRefundInto(popup, refund);
      else notifyError(PRINT_ERROR);
      await queryClient.invalidateQueries();
      notifySuccess({
        title: 'Refund Given',
        message: `Refund #${refund.number} of ${money(refund.total)} was recorded.`,
      });
      onDone(refund);
    } catch (error) {
      popup?.close();
      setPin('');
      setFailure(serverMessage(error) ?? 'The refund could not be recorded. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Refund sale #${sale.number}`}>
      <Stack gap="md">
        <Table withTableBorder aria-label="Lines to refund" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Sold</Table.Th>
              <Table.Th ta="right">Refunded</Table.Th>
              <Table.Th ta="right">Refund now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sale.lines.map((line) => {
              const left = remaining(line);
              return (
                <Table.Tr key={line.id} data-testid="refund-line">
                  <Table.Td>
                    {lineName(line)}
                    <Text size="xs" c="dimmed">
                      {money(line.unitPrice)} each
                      {line.netTotal && toCents(line.netTotal) !== toCents(line.totalPrice)
                        ? ` · ${money(line.netTotal)} paid after discounts`
                        : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{line.refundedQuantity ?? 0}</Table.Td>
                  <Table.Td ta="right">
                    {left === 0 ? (
                      <Text size="sm">All refunded</Text>
                    ) : (
                      <NumberInput
                        aria-label={`Quantity to refund of ${lineName(line)}`}
                        min={0}
                        max={left}
                        step={1}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        value={quantities[line.id] ?? 0}
                        onChange={(v) => {
                          setQuantities((q) => ({ ...q, [line.id]: typeof v === 'number' ? v : 0 }));
                          setErrors((e) => ({ ...e, lines: null }));
                        }}
                        w={90}
                        ml="auto"
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {errors.lines ? (
          <Text c="red.8" size="sm" role="alert">
            {errors.lines}
          </Text>
        ) : null}

        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Reason"
            placeholder="Choose a reason"
            data={[...REFUND_REASONS]}
            value={reason}
            onChange={(v) => {
              setReason((v as RefundReason | null) ?? null);
              setErrors((e) => ({ ...e, reason: null }));
            }}
            error={errors.reason ?? undefined}
            allowDeselect={false}
            required
            miw={200}
          />
          <Textarea
            label="Note"
            placeholder="Optional"
            maxLength={500}
            autosize
            minRows={1}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            miw={200}
          />
        </Group>

        <Switch
          label="Put the goods back in stock"
          description="Turn off for damaged goods: they are written off instead."
          checked={restock}
          onChange={(e) => setRestock(e.currentTarget.checked)}
        />

        {paidByCard ? (
          <Radio.Group label="Refund method" value={method} onChange={(v) => setMethod(v as RefundMethod)}>
            <Group mt={6}>
              <Radio value="original" label={originalLabel} />
              <Radio value="cash" label="Cash from the till" />
            </Group>
          </Radio.Group>
        ) : (
          <Text size="sm">Refund method: cash from the till (the sale was paid in cash).</Text>
        )}

        {needsPin ? (
          <ApproverPinInput
            value={pin}
            onChange={(v) => {
              setPin(v);
              setErrors((e) => ({ ...e, pin: null }));
            }}
            error={errors.pin}
            action="refund"
          />
        ) : null}

        <Group justify="space-between" data-testid="refund-total">
          <Text fw={700}>{taxedSale ? 'Refund incl. tax' : 'Refund subtotal'}</Text>
          <Text fw={700} ff="monospace">
            {formatMoney(amountCents)}
          </Text>
        </Group>
        {taxedSale && amountCents > 0 ? (
          <Text size="sm" data-testid="refund-tax">
            {`Includes ${formatMoney(taxCents)} tax given back at the sale's rates.`}
          </Text>
        ) : null}
        {paidByCard && amountCents > 0 ? (
          <Text size="sm">The card fee is refunded in proportion, to the cent.</Text>
        ) : null}

        {failure ? (
          <Alert color="red" title="Not refunded" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Back
          </Button>
          <Button type="submit" loading={pending}>
            Give Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
