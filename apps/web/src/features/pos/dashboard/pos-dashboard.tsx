import { ActionIcon, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { can, paymentMethodTitle } from '@retail-hub/shared';
import {
  IconAlertTriangle,
  IconCashRegister,
  IconChartBar,
  IconPackage,
  IconPrinter,
  IconReceipt,
  IconShoppingBag,
  IconTrophy,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Panel, PanelEmpty, PanelLoading } from '@/components/panel';
import { SaleStatusBadge, voidedAmountStyle } from '@/components/sale-status';
import { PinGuessingCard } from '@/features/auth';
import { moreLowStockProducts, useLowStockProducts } from '@/features/catalog';
import { StoreFilter } from '@/features/retail-stores';
import { StaleTerminalsCard } from '@/features/terminals';
import { useAuth } from '@/lib/auth';
import { money } from '@/lib/money';
import { useDailyStats } from '../api/get-daily-stats';
import { useTopProducts } from '../api/get-top-products';
import { useTransactions } from '../api/get-transactions';
import { saleNumber } from '../components/complete-dialog';
import { reprintReceipt } from '../receipt/reprint-receipt';
import type { TransactionListItem } from '../types';
import {
  clockTime,
  DASHBOARD_LOW_STOCK_COUNT,
  DASHBOARD_RECENT_COUNT,
  DASHBOARD_TOP_COUNT,
  itemsSummary,
  newestFirst,
  posLowStock,
  staffName,
  statCards,
} from './dashboard-data';

/** spec §9 Timing: the dashboard refetches every 30 s (live events refresh it sooner). */
const DASHBOARD_REFETCH_MS = 30_000;

const STAT_ICONS = [IconCashRegister, IconReceipt, IconShoppingBag, IconChartBar];

/** spec §2 POS dashboard (cashier dashboard). */
export function PosDashboard() {
  const { user } = useAuth();
  // The server serves a receipt to its cashier and to those who may view reports.
  const canReprint = (t: TransactionListItem) =>
    Boolean(user && (can(user.role, 'reports.view') || t.userId === user.id));
  // Issue #32: one store or "All stores" (null); no picker with a single store.
  const [storeId, setStoreId] = useState<string | null>(null);
  const stats = useDailyStats(storeId);
  const transactions = useTransactions(
    storeId ? { limit: DASHBOARD_RECENT_COUNT, storeId } : { limit: DASHBOARD_RECENT_COUNT },
  );
  const topProducts = useTopProducts(storeId);
  // Issue #32: the chosen store's; "All stores": a row per product and store, naming the store.
  const lowStock = useLowStockProducts({ refetchInterval: DASHBOARD_REFETCH_MS }, storeId);

  const recent = newestFirst(transactions.data).slice(0, DASHBOARD_RECENT_COUNT);
  const top = (topProducts.data ?? []).slice(0, DASHBOARD_TOP_COUNT);
  const low = posLowStock(lowStock.data);
  const lowShown = low.slice(0, DASHBOARD_LOW_STOCK_COUNT);
  // Products, not rows: under "All stores" a product low at two stores is two rows.
  const moreLow = moreLowStockProducts(low, lowShown);

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end">
        <Button component={Link} to="/pos" size="lg" leftSection={<IconCashRegister size={22} aria-hidden />}>
          Open POS Terminal
        </Button>
        <Button
          component={Link}
          to="/pos-reports"
          size="lg"
          variant="default"
          leftSection={<IconChartBar size={22} aria-hidden />}
        >
          View Reports
        </Button>
        <StoreFilter value={storeId} onChange={setStoreId} testId="dashboard-store" size="md" />
      </Group>

      {/* Issue #19: terminals holding sales the server does not have, for those who follow the till. */}
      {user && can(user.role, 'reports.view') ? <StaleTerminalsCard /> : null}
      {/* Issue #30 item 4: wrong PINs past a store-wide daily limit. */}
      {user && can(user.role, 'reports.view') ? <PinGuessingCard /> : null}

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="stat-cards">
        {statCards(stats.data).map((card, index) => {
          const Icon = STAT_ICONS[index] ?? IconChartBar;
          return (
            <Card key={card.label} padding="md" data-testid={`stat-${card.label}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Box>
                  <Text size="sm" c="dimmed" fw={500}>
                    {card.label}
                  </Text>
                  <Text fw={700} size="28px" lh={1.2} ff="monospace" data-testid="stat-value">
                    {stats.isPending ? '…' : card.value}
                  </Text>
                  {card.note && !stats.isPending ? (
                    <Text size="sm" c="dimmed" data-testid="stat-note">
                      {card.note}
                    </Text>
                  ) : null}
                </Box>
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <Icon size={22} />
                </ThemeIcon>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Panel title="Recent Transactions" icon={<IconReceipt size={22} aria-hidden />} testId="recent-transactions">
          {transactions.isPending ? (
            <PanelLoading />
          ) : recent.length === 0 ? (
            <PanelEmpty>No transactions found</PanelEmpty>
          ) : (
            <Stack gap={0}>
              {recent.map((t) => (
                <Group
                  key={t.id}
                  justify="space-between"
                  wrap="nowrap"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="recent-transaction"
                >
                  <Box miw={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={700} ff="monospace">
                        #{saleNumber(t.id)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {clockTime(t.createdAt)}
                      </Text>
                      {t.referenceCode?.startsWith('VTPD') ? (
                        <Badge size="sm" variant="light" color="grape">
                          {t.referenceCode}
                        </Badge>
                      ) : null}
                      <SaleStatusBadge status={t.status} total={t.total} />
                    </Group>
                    <Text size="sm">{itemsSummary(t.items)}</Text>
                    <Text size="xs" c="dimmed">
                      {staffName(t.user)} · {paymentMethodTitle(t.paymentMethod)}
                    </Text>
                  </Box>
                  <Group gap={4} wrap="nowrap">
                    <Text fw={700} ff="monospace" style={voidedAmountStyle(t.status)}>
                      {money(t.total)}
                    </Text>
                    {canReprint(t) ? (
                      <ActionIcon
                        variant="subtle"
                        size={36}
                        aria-label={`Reprint receipt #${saleNumber(t.id)}`}
                        title="Reprint receipt"
                        onClick={() => void reprintReceipt(t.id, saleNumber(t.id))}
                      >
                        <IconPrinter size={18} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Panel>

        <Panel title="Top Products" icon={<IconTrophy size={22} aria-hidden />} testId="top-products">
          {topProducts.isPending ? (
            <PanelLoading />
          ) : top.length === 0 ? (
            <PanelEmpty>No sales data available</PanelEmpty>
          ) : (
            <Stack gap={0}>
              {top.map((entry, index) => (
                <Group
                  key={entry.product.id}
                  justify="space-between"
                  wrap="nowrap"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon variant="light" radius="xl" size={30} aria-hidden>
                      <Text fw={700} size="sm">
                        {index + 1}
                      </Text>
                    </ThemeIcon>
                    <Box miw={0}>
                      <Text fw={600}>{entry.product.name}</Text>
                      <Text size="xs" c="dimmed">
                        {entry.totalSold} sold
                      </Text>
                    </Box>
                  </Group>
                  <Text fw={700} ff="monospace">
                    {money(entry.totalRevenue)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Panel>

        <Panel
          title="Low Stock Alert"
          icon={<IconAlertTriangle size={22} aria-hidden color="var(--mantine-color-orange-7)" />}
          testId="low-stock-alert"
        >
          {lowStock.isPending ? (
            <PanelLoading />
          ) : low.length === 0 ? (
            <PanelEmpty>All products are well stocked</PanelEmpty>
          ) : (
            <Stack gap="xs">
              {lowShown.map((product) => (
                <Group key={`${product.id}:${product.storeId ?? ''}`} justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <IconPackage size={18} aria-hidden />
                    <Text fw={600}>{product.name}</Text>
                    {product.storeName ? (
                      <Text size="sm" c="dimmed">
                        {product.storeName}
                      </Text>
                    ) : null}
                  </Group>
                  <Badge color={product.stock <= 0 ? 'red' : 'orange'} variant="light" tt="none">
                    {product.stock} left
                  </Badge>
                </Group>
              ))}
              {moreLow > 0 ? (
                <>
                  <Text size="sm" c="dimmed">
                    and {moreLow} more products need restocking
                  </Text>
                  <Button component={Link} to="/pos-inventory" variant="light" color="orange">
                    View All {moreLow} More
                  </Button>
                </>
              ) : null}
            </Stack>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
