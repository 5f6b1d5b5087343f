import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  DISCOUNT_MESSAGES,
  type Discount,
  type DiscountType,
  discountToInput,
  formatMoney,
  isDiscountRefusal,
  isOverCap,
  type PaymentMethod,
  priceDiscountedSale,
  type Role,
  toDiscount,
} from '@retail-hub/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { sanitizeMoneyInput } from '@/lib/money';
import { isUnreachable } from '@/lib/offline-bridge';
import { checkDiscountApprover, useDiscountCaps } from '../api/discount-caps';
import type { CartLine } from '../cart/cart-reducer';
import { useTerminalSync } from '../sync/use-terminal-sync';
import { DraggableModal } from './draggable-modal';

/** What is being discounted: one line of the cart, or the whole sale. */
export type DiscountTarget = { kind: 'line'; key: string } | { kind: 'sale' };

type DiscountDialogProps = {
  target: DiscountTarget | null;
  lines: readonly CartLine[];
  saleDiscount: Discount | null;
  approverPin: string | null;
  method: PaymentMethod;
  role: Role;
  onApply: (discount: Discount | null, approverPin: string | null | undefined) => void;
  onClose: () => void;
};

/** The server's words for a manager whose own cap is too low (sales.service). */
const APPROVER_CAP_MESSAGE = "This discount is above that manager's own cap.";

/** Issue #30 item 16: offline, a discount above the cap is never shown as approved. */
function offlineApprovalMessage(cap: number): string {
  return `Offline: a manager's PIN cannot be checked now. Discounts above ${cap}% go on the sale unapproved, and the sale waits on this terminal until a manager approves it or it is charged at full price.`;
}

function lineLabel(line: CartLine): string {
  return line.variantName ? `${line.name} (${line.variantName})` : line.name;
}

/**
 * Issue #15 item 7: a discount on one line or on the whole sale, as a percentage or an amount,
 * priced by the shared rule as the server prices it. Above the cashier's cap it asks for a
 * manager's PIN on the spot, checked by the server before the discount reaches the cart (issue #30
 * item 16; the sale checks it again). Offline no PIN can be checked: the discount goes on the cart
 * unapproved and the sale waits in the outbox for a manager (features/offline, 'needs approval').
 */
export function DiscountDialog({
  target,
  lines,
  saleDiscount,
  approverPin,
  method,
  role,
  onApply,
  onClose,
}: DiscountDialogProps) {
  const caps = useDiscountCaps();
  const line = target?.kind === 'line' ? lines.find((l) => l.key === target.key) : undefined;
  const current = target?.kind === 'line' ? (line?.discount ?? null) : target ? saleDiscount : null;
  const [type, setType] = useState<DiscountType>('percent');
  const [value, setValue] = useState('');
  const [pin, setPin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [checking, setChecking] = useState(false);
  const [pinRefusal, setPinRefusal] = useState<string | null>(null);
  const sync = useTerminalSync();
  const offline = !sync.online || (typeof navigator !== 'undefined' && navigator.onLine === false);

  // Each opening starts from the discount already given (or an empty percentage).
  useEffect(() => {
    if (!target) return;
    const given = current ? discountToInput(current) : null;
    setType(given?.type ?? 'percent');
    setValue(given ? given.value.replace(/\.00$/, '') : '');
    setPin('');
    setSubmitted(false);
    setPinRefusal(null);
  }, [target, current]);

  const candidate = value.trim() ? toDiscount({ type, value: value.trim() }) : null;
  const tooLarge = type === 'percent' && candidate?.type === 'percent' && candidate.hundredths > 10_000;
  const priced = target
    ? priceDiscountedSale(
        lines.map((l) => ({
          unitCents: l.priceCents,
          quantity: l.quantity,
          discount: target.kind === 'line' && l.key === target.key ? candidate : (l.discount ?? null),
        })),
        target.kind === 'sale' ? candidate : saleDiscount,
        method,
      )
    : null;
  const refused = priced !== null && isDiscountRefusal(priced);
  const cap = caps.data?.caps[role];
  const overCap = priced !== null && !isDiscountRefusal(priced) && cap !== undefined && isOverCap(priced, cap);
  const thisDiscount =
    priced && !isDiscountRefusal(priced)
      ? target?.kind === 'sale'
        ? priced.saleDiscount
        : (priced.lines[lines.findIndex((l) => l.key === line?.key)]?.discountCents ?? 0)
      : 0;

  const valueError = !submitted
    ? null
    : !candidate || tooLarge
      ? type === 'percent'
        ? 'Enter a percentage from 0.01 to 100'
        : 'Enter an amount like 2.50'
      : refused
        ? target?.kind === 'line'
          ? DISCOUNT_MESSAGES.lineExceeds
          : DISCOUNT_MESSAGES.saleExceeds
        : null;
  const pinNeeded = overCap && !approverPin;
  const awaitsApproval = pinNeeded && offline;
  const pinError =
    pinRefusal ?? (submitted && pinNeeded && !offline && !/^\d{4}$/.test(pin) ? "Enter a manager's 4-digit PIN" : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setPinRefusal(null);
    if (!candidate || tooLarge || refused || checking) return;
    if (!pinNeeded) {
      onApply(candidate, overCap ? approverPin : undefined);
      return;
    }
    // Offline: no PIN is taken, the discount goes on unapproved (the outbox holds the sale for a manager).
    if (awaitsApproval) {
      onApply(candidate, undefined);
      return;
    }
    if (!/^\d{4}$/.test(pin)) return;
    setChecking(true);
    try {
      const approval = await checkDiscountApprover(pin);
      if (priced && !isDiscountRefusal(priced) && isOverCap(priced, approval.capPercent)) {
        setPinRefusal(APPROVER_CAP_MESSAGE);
        return;
      }
      onApply(candidate, pin);
    } catch (error) {
      if (isUnreachable(error)) {
        // The server went away while the PIN was typed: as offline, unapproved.
        onApply(candidate, undefined);
        return;
      }
      setPin('');
      setPinRefusal(serverMessage(error) ?? 'Invalid manager PIN');
    } finally {
      setChecking(false);
    }
  };

  const title = target?.kind === 'line' && line ? `Discount: ${lineLabel(line)}` : 'Sale Discount';
  return (
    <DraggableModal
      opened={target !== null && (target.kind === 'sale' || line !== undefined)}
      onClose={onClose}
      title={title}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {target?.kind === 'line' && line
              ? `${line.quantity} × ${formatMoney(line.priceCents)} = ${formatMoney(line.priceCents * line.quantity)}`
              : 'Taken off the sale after any line discounts.'}
          </Text>
          <SegmentedControl
            aria-label="Discount type"
            fullWidth
            value={type}
            onChange={(v) => setType(v as DiscountType)}
            data={[
              { value: 'percent', label: 'Percent (%)' },
              { value: 'amount', label: 'Amount ($)' },
            ]}
          />
          <TextInput
            label={type === 'percent' ? 'Discount percentage' : 'Discount amount'}
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            rightSection={type === 'percent' ? '%' : undefined}
            leftSection={type === 'amount' ? '$' : undefined}
            value={value}
            onChange={(event) => setValue(sanitizeMoneyInput(event.currentTarget.value))}
            error={valueError}
          />
          <Group justify="space-between">
            <Text size="sm">Discount</Text>
            <Text size="sm" ff="monospace" fw={600} data-testid="discount-preview">
              {candidate && !refused ? `-${formatMoney(thisDiscount)}` : '—'}
            </Text>
          </Group>
          {overCap ? (
            approverPin ? (
              <Alert color="blue" variant="light">
                Approved with a manager's PIN.
              </Alert>
            ) : awaitsApproval ? (
              <Alert
                color="orange"
                variant="light"
                title="Needs a manager's approval"
                data-testid="discount-needs-approval"
              >
                {offlineApprovalMessage(cap ?? 0)}
              </Alert>
            ) : (
              <PasswordInput
                label="Manager PIN"
                description={DISCOUNT_MESSAGES.overCap(cap ?? 0)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={pin}
                onChange={(event) => {
                  setPinRefusal(null);
                  setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));
                }}
                error={pinError}
              />
            )
          ) : null}
          <Group justify="space-between" mt="xs">
            {current ? (
              <Button variant="subtle" color="red" onClick={() => onApply(null, undefined)}>
                Remove Discount
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={checking}>
                Apply Discount
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </DraggableModal>
  );
}
