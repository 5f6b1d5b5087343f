import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CARD_FEE_LABEL,
  CARD_NUMBER_MESSAGE,
  type Discount,
  discountLabel,
  formatMoney,
  PAYMENT_METHODS,
  type PaymentMethod,
  parseCents,
  paymentMethodTitle,
  QUICK_CASH_AMOUNTS,
  taxLineLabel,
} from '@retail-hub/shared';
import { IconCash, IconCheck, IconCreditCard, IconWifiOff } from '@tabler/icons-react';
import { sanitizeMoneyInput } from '@/lib/money';
import { type CartLine, pricedCart } from '../cart/cart-reducer';
import { KeyHint } from '../keyboard/key-hint';
import { ShortcutTooltip } from '../keyboard/shortcut-tooltip';
import { ariaKeys, KEY, paymentMethodKey, quickAmountKey } from '../keyboard/shortcuts';
import {
  isCardMethod,
  type PaymentInput,
  sanitizeReferenceInput,
  summarizePayment,
  withMethod,
  withPartPayment,
} from './payment';

type PaymentPanelProps = {
  lines: readonly CartLine[];
  /** Issue #15 item 7: the whole-sale discount. */
  saleDiscount?: Discount | null;
  payment: PaymentInput;
  onPaymentChange: (payment: PaymentInput) => void;
  onCheckout: () => void;
  isSubmitting: boolean;
  /** The last sale attempt got no answer: show the §8 connection error with a Retry. */
  connectionLost?: boolean;
};

function parseCentsOrZero(value: string): number {
  return parseCents(value) ?? 0;
}

/** The payment fields by id: Alt+A and the checkout's checks move the focus to them (issue #22). */
export const PAYMENT_INPUT_IDS = {
  amountReceived: 'pos-amount-received',
  referenceCode: 'pos-reference-code',
  notes: 'pos-payment-notes',
} as const;

function TotalRow({
  label,
  cents,
  strong = false,
  minus = false,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  minus?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'sm'} c={minus ? 'green.9' : undefined}>
        {label}
      </Text>
      <Text
        fw={strong ? 700 : 500}
        size={strong ? 'xl' : 'sm'}
        ff="monospace"
        c={minus ? 'green.9' : undefined}
        data-testid={`total-${label}`}
      >
        {minus ? `-${formatMoney(cents)}` : formatMoney(cents)}
      </Text>
    </Group>
  );
}

/**
 * Totals, payment method, the cash or non-cash inputs and the checkout button (spec §2 POS
 * terminal right side, §4 Cart and checkout, §5 Cash sale and Reference code, §9 Money and fees).
 */
export function PaymentPanel({
  lines,
  saleDiscount = null,
  payment,
  onPaymentChange,
  onCheckout,
  isSubmitting,
  connectionLost = false,
}: PaymentPanelProps) {
  const summary = summarizePayment(lines, payment, saleDiscount);
  const priced = pricedCart(lines, payment.method, saleDiscount);
  const isCash = payment.method === 'cash';
  const isShort = isCash && summary.shortBy > 0;
  const set = (patch: Partial<PaymentInput>) => onPaymentChange({ ...payment, ...patch });
  const chooseMethod = (method: PaymentMethod) => onPaymentChange(withMethod(payment, method));
  // Issue #34: part payments taken so far; the chosen method pays the rest.
  const taken = payment.tenders ?? [];
  const partPayment = withPartPayment(lines, payment, saleDiscount);
  const removeTender = (index: number) => onPaymentChange({ ...payment, tenders: taken.filter((_, i) => i !== index) });

  return (
    <Stack gap="sm" data-testid="payment-panel">
      <Stack gap={0}>
        {priced.discountTotal > 0 ? (
          <>
            <TotalRow label="Items" cents={priced.grossSubtotal} />
            {priced.lineDiscounts > 0 ? <TotalRow label="Line Discounts" cents={priced.lineDiscounts} minus /> : null}
            {saleDiscount && priced.saleDiscount > 0 ? (
              <TotalRow label={`Sale Discount (${discountLabel(saleDiscount)})`} cents={priced.saleDiscount} minus />
            ) : null}
          </>
        ) : null}
        <TotalRow label="Subtotal" cents={summary.subtotal} />
        {/* Issue #34 item 2: once taxed, one line per rate (inside the prices when they include tax). */}
        {summary.salesTax.charged
          ? summary.salesTax.byRate.map((r) => (
              <TotalRow
                key={r.rate}
                label={`${taxLineLabel(r.rate)}${summary.salesTax.pricesIncludeTax ? ' included' : ''}`}
                cents={r.tax}
              />
            ))
          : null}
        {isCardMethod(payment.method) ? <TotalRow label={CARD_FEE_LABEL} cents={summary.cardFee} /> : null}
        <TotalRow label="Total" cents={summary.total} strong />
      </Stack>
      {taken.length > 0 ? (
        <Stack gap={4} aria-labelledby="pos-payments-taken" data-testid="payments-taken" component="section">
          <Text size="sm" fw={600} id="pos-payments-taken">
            Payments
          </Text>
          {taken.map((tender, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a part payment is its place in the list (two of one method and amount are two payments)
            <Group key={`${tender.method}-${index}`} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{paymentMethodTitle(tender.method)}</Text>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {formatMoney(tender.amount)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  // WCAG 2.2 AA: the subtle variant's text is too pale; the darkest red reads 4.5:1+.
                  styles={{ label: { color: 'var(--mantine-color-red-9)' } }}
                  onClick={() => removeTender(index)}
                  aria-label={`Remove ${paymentMethodTitle(tender.method)} payment of ${formatMoney(tender.amount)}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          ))}
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>Remaining Due</Text>
            <Text fw={700} ff="monospace" data-testid="remaining-due">
              {formatMoney(summary.remaining)}
            </Text>
          </Group>
        </Stack>
      ) : null}
      <Divider />

      <Stack gap={6}>
        <Text size="sm" fw={600} id="payment-method-label">
          Payment Method
        </Text>
        <SimpleGrid cols={4} spacing={6} role="group" aria-labelledby="payment-method-label">
          {PAYMENT_METHODS.map((method) => (
            <ShortcutTooltip key={method} keys={paymentMethodKey(method)}>
              <Button
                size="compact-md"
                h={40}
                px={4}
                variant={payment.method === method ? 'filled' : 'default'}
                aria-pressed={payment.method === method}
                aria-keyshortcuts={ariaKeys(paymentMethodKey(method))}
                onClick={() => chooseMethod(method)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.1, fontSize: 13 } }}
              >
                {paymentMethodTitle(method)}
              </Button>
            </ShortcutTooltip>
          ))}
        </SimpleGrid>
      </Stack>

      {isCash ? (
        <Stack gap={6}>
          <Text size="sm" fw={600} component="label" htmlFor={PAYMENT_INPUT_IDS.amountReceived}>
            Amount Received
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-end" mt={-4}>
            <TextInput
              id={PAYMENT_INPUT_IDS.amountReceived}
              aria-keyshortcuts={ariaKeys(KEY.paymentInput)}
              style={{ flex: '2 1 100px', minWidth: 0 }}
              leftSection={<IconCash size={18} aria-hidden />}
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatMoney(summary.remaining).replace('$', '')}
              value={payment.amountReceived}
              onChange={(event) => set({ amountReceived: sanitizeMoneyInput(event.currentTarget.value) })}
            />
            {QUICK_CASH_AMOUNTS.map((amount, index) => (
              <ShortcutTooltip key={amount} keys={quickAmountKey(index)}>
                <Button
                  variant="light"
                  h={42}
                  px={0}
                  style={{ flex: '1 0 52px' }}
                  onClick={() => set({ amountReceived: String(amount) })}
                  aria-label={`Quick amount $${amount}`}
                  aria-keyshortcuts={ariaKeys(quickAmountKey(index))}
                >
                  ${amount}
                </Button>
              </ShortcutTooltip>
            ))}
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>Change Due</Text>
            <Text
              fw={700}
              size="lg"
              ff="monospace"
              c={summary.changeDue > 0 ? 'green.8' : undefined}
              data-testid="change-due"
            >
              {formatMoney(summary.changeDue)}
            </Text>
          </Group>
          {isShort ? (
            <Text c="red.8" size="sm" fw={600} role="status">
              Insufficient payment - need {formatMoney(summary.shortBy)} more
            </Text>
          ) : null}
          {partPayment ? (
            // Issue #34: the cash typed pays part of the sale; another method pays the rest.
            <Button variant="light" onClick={() => onPaymentChange(partPayment)} data-testid="add-part-payment">
              Add {formatMoney(parseCentsOrZero(payment.amountReceived))} Cash Payment
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap={6}>
          <TextInput
            id={PAYMENT_INPUT_IDS.referenceCode}
            aria-keyshortcuts={ariaKeys(KEY.paymentInput)}
            label="Reference Code (optional)"
            description="Approval or receipt digits from the terminal, never the card number"
            leftSection={
              <Text size="sm" fw={700} c="dimmed">
                VTPD
              </Text>
            }
            leftSectionWidth={56}
            inputMode="numeric"
            autoComplete="off"
            value={payment.referenceCode}
            onChange={(event) => set({ referenceCode: sanitizeReferenceInput(event.currentTarget.value) })}
            error={summary.referenceLooksLikeCard ? CARD_NUMBER_MESSAGE : undefined}
          />
          <Textarea
            id={PAYMENT_INPUT_IDS.notes}
            label="Payment Notes (optional)"
            rows={2}
            maxLength={500}
            value={payment.notes}
            onChange={(event) => set({ notes: event.currentTarget.value })}
            error={summary.notesHoldCard ? CARD_NUMBER_MESSAGE : undefined}
          />
        </Stack>
      )}

      {connectionLost && !isSubmitting ? (
        // spec §8 connection error. Retry sends the same cart under the same Idempotency-Key, so a
        // sale that did reach the server is answered, not recorded twice (issue #13 item 18).
        <Alert
          role="alert"
          color="red"
          variant="light"
          title="Connection Error"
          icon={<IconWifiOff size={20} aria-hidden />}
          data-testid="sale-connection-error"
          // WCAG 2.2 AA: the light variant's red title and icon are too pale on their background.
          styles={{ title: { color: 'var(--mantine-color-red-9)' }, icon: { color: 'var(--mantine-color-red-9)' } }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 160px' }}>
              Unable to connect to the server. Please try again.
            </Text>
            <Button color="red.9" variant="filled" style={{ flexShrink: 0 }} onClick={onCheckout}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Button
        size="lg"
        h={56}
        fullWidth
        color={isShort ? 'red' : 'green'}
        disabled={isShort || summary.referenceLooksLikeCard || summary.notesHoldCard}
        loading={isSubmitting}
        leftSection={isCash ? <IconCheck size={22} aria-hidden /> : <IconCreditCard size={22} aria-hidden />}
        rightSection={<KeyHint keys={[KEY.completeSale]} inverse />}
        aria-keyshortcuts={KEY.completeSale}
        onClick={onCheckout}
      >
        {isShort ? 'Insufficient Payment' : 'Complete Sale'}
      </Button>
    </Stack>
  );
}
