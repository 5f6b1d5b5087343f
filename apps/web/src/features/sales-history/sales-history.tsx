import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { can, PAYMENT_METHODS, paymentMethodTitle } from '@retail-hub/shared';
import { IconEye, IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { SaleStatusBadge } from '@/components/sale-status';
import { serverMessage } from '@/lib/api-client';
import { useAuth, useStoreTimeZone } from '@/lib/auth';
import { money, sanitizeMoneyInput } from '@/lib/money';
import { useUsers } from '@/lib/users';
import { EMPTY_FILTERS, type HistoryFilters, useSalesHistory } from './api';
import { dateTimeText, personName } from './format';
import { SaleDetailDialog } from './sale-detail-dialog';

/**
 * Issue #15 item 3: find a past sale by its number, date range, cashier, payment method or
 * amount. A cashier sees their own shift's sales, a manager every sale; the server pages.
 */
export function SalesHistory({ title }: { title: string }) {
  const { user } = useAuth();
  const timeZone = useStoreTimeZone();
  const seesAll = Boolean(user && can(user.role, 'reports.view'));
  const [draft, setDraft] = useState<HistoryFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_FILTERS);
  // The last sale opened stays loaded while its dialog closes (no flash of a spinner).
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const history = useSalesHistory(filters);
  // The cashier filter's choice: the user list, for those who see every sale.
  const staff = useUsers({ enabled: seesAll });

  const rows = history.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (key: keyof HistoryFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, number: draft.number.trim().replace(/^#/, '').toUpperCase() });
  };
  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
  };

  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconHistory size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Text>{seesAll ? 'Every sale of every cashier.' : "Your current shift's sales."}</Text>

      <Card component="form" onSubmit={search} aria-label="Find a sale" withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Sale number"
            placeholder="7B2DC4"
            value={draft.number}
            maxLength={7}
            onChange={(e) => set('number')(e.currentTarget.value)}
          />
          {seesAll ? (
            <>
              <TextInput
                label="From"
                type="date"
                value={draft.startDate}
                onChange={(e) => set('startDate')(e.currentTarget.value)}
              />
              <TextInput
                label="To"
                type="date"
                value={draft.endDate}
                onChange={(e) => set('endDate')(e.currentTarget.value)}
              />
              <Select
                label="Cashier"
                placeholder="Any cashier"
                clearable
                value={draft.cashierId || null}
                onChange={(v) => set('cashierId')(v ?? '')}
                data={(staff.data ?? []).map((s) => ({ value: s.id, label: personName(s) }))}
              />
            </>
          ) : null}
          <Select
            label="Payment method"
            placeholder="Any method"
            clearable
            value={draft.paymentMethod || null}
            onChange={(v) => set('paymentMethod')(v ?? '')}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodTitle(m) }))}
          />
          <TextInput
            label="Lowest total"
            inputMode="decimal"
            value={draft.minTotal}
            onChange={(e) => set('minTotal')(sanitizeMoneyInput(e.currentTarget.value))}
          />
          <TextInput
            label="Highest total"
            inputMode="decimal"
            value={draft.maxTotal}
            onChange={(e) => set('maxTotal')(sanitizeMoneyInput(e.currentTarget.value))}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={clear}>
            Clear
          </Button>
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
            Search
          </Button>
        </Group>
      </Card>

      <Card withBorder p={0} aria-label="Sales" component="section">
        {history.isPending ? (
          <PanelLoading />
        ) : history.isError ? (
          <Alert color="red" m="md" title="Sales could not be loaded">
            {serverMessage(history.error) ?? 'Please try again.'}
          </Alert>
        ) : rows.length === 0 ? (
          <PanelEmpty>No transactions found</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Sales found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Date/Time</Table.Th>
                  <Table.Th>Cashier</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th ta="right">Items</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((sale) => (
                  <Table.Tr key={sale.id} data-testid="history-row">
                    <Table.Td ff="monospace" fw={700}>
                      #{sale.number}
                    </Table.Td>
                    <Table.Td>{dateTimeText(sale.createdAt, timeZone)}</Table.Td>
                    <Table.Td>{personName(sale.cashier)}</Table.Td>
                    <Table.Td>{paymentMethodTitle(sale.paymentMethod)}</Table.Td>
                    <Table.Td ta="right">{sale.itemCount}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {money(sale.total)}
                    </Table.Td>
                    <Table.Td>
                      <SaleStatusBadge
                        status={sale.status}
                        total={sale.total}
                        refundCount={sale.refundCount}
                        refundedTotal={sale.refundedTotal}
                        showCompleted
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconEye size={16} aria-hidden />}
                        aria-label={`Open sale #${sale.number}`}
                        onClick={() => {
                          setOpenId(sale.id);
                          setOpened(true);
                        }}
                      >
                        Open
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {history.hasNextPage ? (
          <Group justify="center" p="sm">
            <Button variant="default" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              Load more
            </Button>
          </Group>
        ) : null}
      </Card>
      <SaleDetailDialog id={openId} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}
