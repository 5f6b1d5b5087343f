import { ActionIcon, Badge, Box, Button, Center, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { type Discount, discountLabel, formatMoney, modifiersLabel } from '@retail-hub/shared';
import { IconDiscount, IconMinus, IconPlayerPause, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { type CartAction, type CartLine, cartItemCount, pricedCart } from '../cart/cart-reducer';
import type { PaymentInput } from '../payment/payment';
import { PaymentPanel } from '../payment/payment-panel';
import classes from './pos.module.css';

type CartPanelProps = {
  lines: readonly CartLine[];
  dispatch: (action: CartAction) => void;
  payment: PaymentInput;
  onPaymentChange: (payment: PaymentInput) => void;
  onCheckout: () => void;
  isSubmitting: boolean;
  /** The last sale attempt got no answer: show the connection error and its Retry. */
  connectionLost?: boolean;
  /** Fill the height given (two-column layout) so the checkout button stays in view. */
  fillHeight?: boolean;
  /** Issue #15 item 7: the whole-sale discount, and opening the discount dialog for a line or the sale. */
  saleDiscount?: Discount | null;
  onDiscount?: (target: { kind: 'line'; key: string } | { kind: 'sale' }) => void;
  /** Issue #35 item 3: 'Hold Sale' (F8), asking for a name or table number. */
  onHold?: () => void;
};

function CartLineRow({
  line,
  discountCents,
  dispatch,
  onDiscount,
}: {
  line: CartLine;
  /** The line's own discount in cents (the shared rule's figure). */
  discountCents: number;
  dispatch: (action: CartAction) => void;
  onDiscount?: (target: { kind: 'line'; key: string }) => void;
}) {
  const sized = line.variantName ? `${line.name} (${line.variantName})` : line.name;
  const label = line.modifiers?.length ? `${sized}, ${modifiersLabel(line.modifiers)}` : sized;
  return (
    <Group className={classes.cartLine} py={6} gap={6} wrap="nowrap" data-testid="cart-line" data-key={line.key}>
      <Box miw={0} style={{ flex: 1 }} title={label}>
        <Text fw={600} size="sm" lh={1.3}>
          {line.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {line.variantName ?? `${formatMoney(line.priceCents)} each`}
        </Text>
        {line.modifiers?.length ? (
          <Text size="xs" c="dimmed" lh={1.3} data-testid="cart-line-modifiers">
            {modifiersLabel(line.modifiers)}
          </Text>
        ) : null}
        {line.discount ? (
          <Text size="xs" c="green.9" fw={600} lh={1.3} data-testid="cart-line-discount">
            {discountLabel(line.discount)} off: -{formatMoney(discountCents)}
          </Text>
        ) : null}
      </Box>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Decrease quantity of ${label}`}
          onClick={() => dispatch({ type: 'decrement', key: line.key })}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Text w={32} ta="center" fw={700} data-testid="cart-line-quantity" aria-label={`Quantity of ${label}`}>
          {line.quantity}
        </Text>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Increase quantity of ${label}`}
          onClick={() => dispatch({ type: 'increment', key: line.key })}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
      <Text w={64} ta="right" fw={600} ff="monospace" size="sm">
        {formatMoney(line.priceCents * line.quantity - discountCents)}
      </Text>
      {onDiscount ? (
        <ActionIcon
          variant={line.discount ? 'filled' : 'subtle'}
          color="green.9"
          size={32}
          aria-label={`Discount ${label}`}
          aria-pressed={Boolean(line.discount)}
          onClick={() => onDiscount({ kind: 'line', key: line.key })}
        >
          <IconDiscount size={18} />
        </ActionIcon>
      ) : null}
      <ActionIcon
        variant="subtle"
        color="red"
        size={32}
        aria-label={`Remove ${label}`}
        onClick={() => dispatch({ type: 'remove', key: line.key })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** spec §2 POS terminal, right side: the cart titled 'Current Sale' with payment and checkout. */
export function CartPanel({
  lines,
  dispatch,
  payment,
  onPaymentChange,
  onCheckout,
  isSubmitting,
  connectionLost = false,
  fillHeight,
  saleDiscount = null,
  onDiscount,
  onHold,
}: CartPanelProps) {
  const count = cartItemCount(lines);
  const priced = pricedCart(lines, payment.method, saleDiscount);
  const list =
    lines.length === 0 ? (
      <Center py="lg">
        <Text c="dimmed">Tap a product to add it to the sale.</Text>
      </Center>
    ) : (
      <Stack gap={0} data-testid="cart-lines">
        {lines.map((line, index) => (
          <CartLineRow
            key={line.key}
            line={line}
            discountCents={priced.lines[index]?.discountCents ?? 0}
            dispatch={dispatch}
            onDiscount={onDiscount}
          />
        ))}
      </Stack>
    );
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby="current-sale-title"
      data-testid="cart-panel"
      h={fillHeight ? '100%' : undefined}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconShoppingCart size={22} aria-hidden />
          <Text component="h2" fw={700} size="lg" id="current-sale-title">
            Current Sale
          </Text>
          <Badge variant="light" size="lg" data-testid="cart-count">
            {count} {count === 1 ? 'item' : 'items'}
          </Badge>
        </Group>
        {lines.length > 0 ? (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => dispatch({ type: 'clear' })}>
            Clear
          </Button>
        ) : null}
      </Group>
      {fillHeight ? (
        <ScrollArea style={{ flex: '1 1 auto', minHeight: 100 }} type="auto" offsetScrollbars>
          {list}
        </ScrollArea>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          {list}
        </ScrollArea.Autosize>
      )}
      <Box pt="sm" mt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}>
        {(onDiscount || onHold) && lines.length > 0 ? (
          <Group justify="flex-end" mt={-6} mb={2} gap="xs">
            {onHold ? (
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                aria-keyshortcuts="F8"
                onClick={onHold}
              >
                Hold Sale
              </Button>
            ) : null}
            {onDiscount ? (
              <Button
                variant={saleDiscount ? 'filled' : 'default'}
                color="green.9"
                size="compact-sm"
                leftSection={<IconDiscount size={16} aria-hidden />}
                aria-pressed={Boolean(saleDiscount)}
                onClick={() => onDiscount({ kind: 'sale' })}
              >
                Sale Discount
              </Button>
            ) : null}
          </Group>
        ) : null}
        <PaymentPanel
          lines={lines}
          saleDiscount={saleDiscount}
          payment={payment}
          onPaymentChange={onPaymentChange}
          onCheckout={onCheckout}
          isSubmitting={isSubmitting}
          connectionLost={connectionLost}
        />
      </Box>
    </Paper>
  );
}
