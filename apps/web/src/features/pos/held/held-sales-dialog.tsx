import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import {
  type Cents,
  formatMoney,
  type HeldSale,
  heldSaleAge,
  isDiscountRefusal,
  parseCents,
  priceDiscountedSale,
  toDiscount,
} from '@retail-hub/shared';
import { useEffect, useState } from 'react';

export type ListedHeldSale = HeldSale & { offline?: boolean };

type HeldSalesDialogProps = {
  opened: boolean;
  heldSales: readonly ListedHeldSale[];
  isLoading: boolean;
  /** The id being resumed (its button shows it). */
  resumingId: string | null;
  onClose: () => void;
  onResume: (held: ListedHeldSale) => void;
};

/** What the held cart came to at the prices it showed (the till re-reads them on resume). */
function heldTotal(held: HeldSale): Cents {
  const lines = held.lines.map((l) => ({
    unitCents: (parseCents(l.unitPrice) ?? 0) as Cents,
    quantity: l.quantity,
    discount: toDiscount(l.discount),
  }));
  const priced = priceDiscountedSale(lines, toDiscount(held.discount), 'cash');
  if (!isDiscountRefusal(priced)) return priced.subtotal;
  return lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0) as Cents;
}

function itemsOf(held: HeldSale): string {
  return held.lines
    .map((l) => `${l.quantity} × ${l.productName ?? 'Item'}${l.variantName ? ` (${l.variantName})` : ''}`)
    .join(', ');
}

/**
 * Issue #35 item 3: the store's held sales, oldest first, each with its age ("12 min"); Resume
 * loads one into this till's cart (any till of the store; one held offline, this till only).
 */
export function HeldSalesDialog({ opened, heldSales, isLoading, resumingId, onClose, onResume }: HeldSalesDialogProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!opened) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Held Sales" centered size="lg">
      <Stack gap="sm">
        {heldSales.length === 0 ? (
          <Text c="dimmed" role="status">
            {isLoading ? 'Loading held sales...' : 'No held sales.'}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Held sales">
            {heldSales.map((held, index) => (
              <Paper key={held.id} withBorder p="sm" component="li" data-testid="held-sale">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={2} miw={0} style={{ flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={700} size="lg">
                        {held.label}
                      </Text>
                      <Badge variant="default" tt="none" data-testid="held-sale-age">
                        {heldSaleAge(held.createdAt, now)}
                      </Badge>
                      {held.offline ? (
                        <Badge variant="outline" color="orange.9" tt="none">
                          Offline: this till only
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" lineClamp={2}>
                      {itemsOf(held)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatMoney(heldTotal(held))}
                      {held.createdByName ? ` · held by ${held.createdByName}` : ''}
                    </Text>
                  </Stack>
                  <Button
                    onClick={() => onResume(held)}
                    loading={resumingId === held.id}
                    disabled={resumingId !== null && resumingId !== held.id}
                    aria-label={`Resume ${held.label}`}
                    data-autofocus={index === 0 ? true : undefined}
                  >
                    Resume
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
