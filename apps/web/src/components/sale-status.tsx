import { Badge, Text } from '@mantine/core';
import { money, toCents } from '@/lib/money';

/**
 * Issue #30 item 18: a sale's state where sales are listed. A voided sale is marked (every total
 * already leaves it out), and a sale with refunds says so with what they paid back; a plain
 * completed sale is marked only where the list has a status column (`showCompleted`).
 */
export function SaleStatusBadge({
  status,
  total,
  refundCount = 0,
  refundedTotal = '0.00',
  showCompleted = false,
}: {
  status: string;
  total: string;
  refundCount?: number;
  refundedTotal?: string;
  showCompleted?: boolean;
}) {
  if (status === 'voided') {
    return (
      <Badge color="red" variant="light" data-testid="sale-status">
        Voided
      </Badge>
    );
  }
  if (refundCount > 0) {
    const full = toCents(refundedTotal) >= toCents(total);
    return (
      <span data-testid="sale-status">
        <Badge color="orange" variant="light">
          {full ? 'Refunded' : 'Partly refunded'}
        </Badge>
        <Text component="span" size="xs" c="dimmed" ml={6}>
          {money(refundedTotal)} back · {refundCount === 1 ? '1 refund' : `${refundCount} refunds`}
        </Text>
      </span>
    );
  }
  return showCompleted ? (
    <Badge color="green" variant="light" data-testid="sale-status">
      Completed
    </Badge>
  ) : null;
}

/** A voided sale's amount is struck through: it is in no total (issue #30 item 18). */
export function voidedAmountStyle(status: string) {
  return status === 'voided' ? { textDecoration: 'line-through' } : undefined;
}
