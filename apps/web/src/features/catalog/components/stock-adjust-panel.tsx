import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ALL_STORES,
  type RetailStore,
  STOCK_MOVEMENT_LABELS,
  type StockAdjustmentInput,
  stockAdjustmentSchema,
} from '@retail-hub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { notifySuccess } from '@/lib/notify';
import { zonedParts } from '@/lib/time-zone';
import { refreshCatalog } from '../api/invalidate';
import { postStockAdjustment, refreshStockMovements, useStockMovements } from '../api/stock-adjustments';

type Mode = 'adjust' | 'count';
const RECENT = 10;

function when(iso: string, timeZone?: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * Issue #15 item 2 in the product form: 'Adjust stock' (+/− units with a reason) and a stock count
 * (the counted quantity; the server records counted − stock at that moment), both through
 * POST /api/products/:id/stock-adjustments, and the product's latest movements from the ledger.
 * `onApplied` gets the units that moved, so the form's own stock field follows.
 * Issue #32: with several stores, `store` is where the change is made (and whose movements are
 * listed); `blocked` says why nothing can be changed ("All stores" chosen); `allStores` lists
 * every store's movements, each naming its store (the "Stock after" is that store's).
 */
export function StockAdjustPanel({
  productId,
  productName,
  onApplied,
  store = null,
  blocked = null,
  allStores = false,
}: {
  productId: string;
  productName: string;
  onApplied: (moved: number, stock: number) => void;
  store?: RetailStore | null;
  blocked?: string | null;
  allStores?: boolean;
}) {
  const queryClient = useQueryClient();
  const timeZone = useStoreTimeZone();
  const [mode, setMode] = useState<Mode>('adjust');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const movements = useStockMovements(
    store
      ? { productId, storeId: store.id, limit: RECENT }
      : allStores
        ? { productId, storeId: ALL_STORES, limit: RECENT }
        : { productId, limit: RECENT },
  );

  const apply = async () => {
    const body: StockAdjustmentInput =
      mode === 'adjust'
        ? { quantity: typeof amount === 'number' ? amount : Number.NaN, reason }
        : { counted: typeof amount === 'number' ? amount : Number.NaN, reason };
    if (store) body.storeId = store.id;
    const parsed = stockAdjustmentSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'quantity');
        next[key === 'counted' ? 'quantity' : key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      const result = await postStockAdjustment(productId, parsed.data);
      const moved = result.movement?.quantity ?? 0;
      onApplied(moved, result.stock);
      setAmount('');
      setReason('');
      notifySuccess({
        title: mode === 'adjust' ? 'Stock Adjusted' : 'Stock Counted',
        message: `${productName}: ${moved > 0 ? `+${moved}` : moved} units; ${result.stock} in stock now${store ? ` at ${store.name}` : ''}.`,
      });
      await Promise.all([refreshStockMovements(queryClient), refreshCatalog(queryClient)]);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The stock could not be changed. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Fieldset legend="Adjust stock" variant="filled" aria-label="Adjust stock">
      <Stack gap="sm">
        {store ? (
          <Text size="sm" fw={600} data-testid="adjust-store">
            At {store.name}
          </Text>
        ) : null}
        {blocked ? (
          <Text size="sm" fw={600} role="note">
            {blocked}
          </Text>
        ) : null}
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setErrors({});
          }}
          data={[
            { value: 'adjust', label: 'Add or remove units' },
            { value: 'count', label: 'Stock count' },
          ]}
          aria-label="Kind of stock change"
        />
        <Group align="flex-start" grow wrap="wrap">
          <NumberInput
            label={mode === 'adjust' ? 'Units (+ to add, − to remove)' : 'Counted quantity'}
            allowDecimal={false}
            allowNegative={mode === 'adjust'}
            value={amount}
            onChange={setAmount}
            error={errors.quantity}
            miw={180}
          />
          <TextInput
            label="Reason"
            placeholder={mode === 'adjust' ? 'Broken in storage' : 'Monthly count'}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            miw={180}
          />
        </Group>
        {mode === 'count' ? (
          <Text size="sm">The difference from the stock at the moment you record the count is what moves.</Text>
        ) : null}
        {failure ? (
          <Alert color="red" title="Stock not changed" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="light" loading={pending} disabled={Boolean(blocked)} onClick={() => void apply()}>
            {mode === 'adjust' ? 'Apply adjustment' : 'Record count'}
          </Button>
        </Group>

        <Text fw={700} size="sm" component="h3" m={0}>
          Recent stock movements
        </Text>
        {movements.isError ? (
          <Text size="sm">The movements could not be loaded.</Text>
        ) : (movements.data?.movements.length ?? 0) === 0 ? (
          <Text size="sm">{movements.isPending ? 'Loading…' : 'No movements yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder aria-label="Recent stock movements" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  {allStores ? <Table.Th>Store</Table.Th> : null}
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th ta="right">Stock after</Table.Th>
                  <Table.Th>Who / note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {movements.data?.movements.map((m) => (
                  // With every store a transfer between two stores is two rows of one ledger row.
                  <Table.Tr key={`${m.id}:${m.storeId}`} data-testid="stock-movement">
                    <Table.Td>{when(m.createdAt, timeZone)}</Table.Td>
                    <Table.Td>
                      {STOCK_MOVEMENT_LABELS[m.reason]}
                      {m.variantName ? ` (${m.variantName})` : ''}
                    </Table.Td>
                    {allStores ? <Table.Td>{m.storeName}</Table.Td> : null}
                    <Table.Td ta="right" ff="monospace">
                      {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
                    </Table.Td>
                    <Table.Td ta="right">{m.stockAfter}</Table.Td>
                    <Table.Td>{[m.user?.name, m.note].filter(Boolean).join(' · ') || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Fieldset>
  );
}
