import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconCashRegister,
  IconChartPie,
  IconClockExclamation,
  IconCurrencyDollar,
  IconPackage,
  IconPackageExport,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Panel, PanelEmpty, PanelLoading } from '@/components/panel';
import { StatCard } from '@/components/stat-card';
import { formatWhen, personName } from '@/features/assets';
import { lowStockProductCount, moreLowStockProducts, useLowStockProducts } from '@/features/catalog';
import { useDailyStats } from '@/features/pos';
import { PurchasingCards } from '@/features/purchasing';
import { useStoreTimeZone } from '@/lib/auth';
import { money } from '@/lib/money';
import { useActiveDepartments, useOverdueCheckouts } from './api';
import {
  departmentCount,
  lowStockAssets,
  mostOverdueFirst,
  PROCUREMENT_LOW_STOCK_COUNT,
  PROCUREMENT_OVERDUE_COUNT,
  PROCUREMENT_REFETCH_MS,
  shortId,
} from './dashboard-data';

/** spec §2 Procurement dashboard navigation cards, in order. */
const NAV_CARDS = [
  {
    to: '/procurement-departments',
    title: 'Manage Departments',
    text: 'Departments, codes and structure',
    icon: IconBuildingCommunity,
    color: 'blue',
  },
  {
    to: '/asset-checkout',
    title: 'Asset Tracking',
    text: 'Check assets out and back in',
    icon: IconPackageExport,
    color: 'teal',
  },
  { to: '/analytics', title: 'View Analytics', text: 'Institutional insights', icon: IconChartPie, color: 'grape' },
  { to: '/inventory', title: 'Manage Inventory', text: 'Products and assets', icon: IconPackage, color: 'orange' },
  { to: '/users', title: 'Manage Users', text: 'Roles and access', icon: IconUsers, color: 'indigo' },
  { to: '/pos', title: 'Open POS Terminal', text: 'Start selling', icon: IconCashRegister, color: 'green' },
] as const;

/** spec §2 Procurement dashboard (/procurement-dashboard and /procurement). */
export function ProcurementDashboard() {
  const timeZone = useStoreTimeZone();
  const departments = useActiveDepartments();
  const overdue = useOverdueCheckouts();
  const stats = useDailyStats();
  const lowStock = useLowStockProducts({ refetchInterval: PROCUREMENT_REFETCH_MS });

  const assetAlerts = lowStockAssets(lowStock.data);
  // The server counts every overdue loan and sends the most overdue first; 'View All N More' is the rest.
  const overdueLoans = mostOverdueFirst(overdue.data?.items).slice(0, PROCUREMENT_OVERDUE_COUNT);
  const overdueTotal = overdue.data?.total ?? 0;
  const overduePanel = { shown: overdueLoans, more: Math.max(0, overdueTotal - overdueLoans.length) };
  const lowShown = assetAlerts.slice(0, PROCUREMENT_LOW_STOCK_COUNT);
  // Products, not rows: under "All stores" an asset low at two stores is two rows.
  const lowPanel = { shown: lowShown, more: moreLowStockProducts(assetAlerts, lowShown) };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="stat-cards">
        <StatCard
          label="Departments"
          // Another screen owns departments: a failed answer shows 0 rather than an error here.
          value={String(departmentCount(departments.data))}
          note="Active departments"
          icon={IconBuildingCommunity}
          color="blue"
          pending={departments.isPending}
        />
        <StatCard
          label="Asset Alerts"
          value={String(lowStockProductCount(assetAlerts))}
          note="Low-stock assets"
          icon={IconAlertTriangle}
          color="orange"
          pending={lowStock.isPending}
        />
        <StatCard
          label="Overdue Returns"
          value={String(overdue.isError ? 0 : overdueTotal)}
          note="Past their expected return"
          icon={IconClockExclamation}
          color="red"
          pending={overdue.isPending}
        />
        <StatCard
          label="Today's Sales"
          value={money(stats.data?.totalSales ?? '0.00')}
          note="Sales recorded today"
          icon={IconCurrencyDollar}
          color="green"
          pending={stats.isPending}
        />
      </SimpleGrid>

      <PurchasingCards />

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="nav-cards">
        {NAV_CARDS.map((card) => (
          <UnstyledButton
            key={card.to}
            component={Link}
            to={card.to}
            aria-label={card.title}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Card padding="md" withBorder h="100%" style={{ cursor: 'pointer' }}>
              <Group gap="md" wrap="nowrap">
                <ThemeIcon variant="light" color={card.color} size={44} radius="md" aria-hidden>
                  <card.icon size={24} />
                </ThemeIcon>
                <Box>
                  <Text fw={700}>{card.title}</Text>
                  <Text size="sm" c="dimmed">
                    {card.text}
                  </Text>
                </Box>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel
          title="Overdue Asset Returns"
          icon={<IconClockExclamation size={22} aria-hidden color="var(--mantine-color-red-7)" />}
          testId="overdue-returns"
        >
          {overdue.isPending ? (
            <PanelLoading />
          ) : overduePanel.shown.length === 0 ? (
            <PanelEmpty>No overdue returns</PanelEmpty>
          ) : (
            <Stack gap={0}>
              {overduePanel.shown.map((loan) => (
                <Group
                  key={loan.id}
                  justify="space-between"
                  wrap="nowrap"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="overdue-item"
                >
                  <Box miw={0}>
                    <Text fw={600}>{loan.product.name}</Text>
                    <Text size="xs" c="dimmed">
                      Asset ID {loan.asset?.assetTag ?? shortId(loan.productId ?? loan.asset?.id ?? loan.id)} ·{' '}
                      {personName(loan.user)}
                    </Text>
                    <Text size="sm">Due {formatWhen(loan.expectedReturnAt, timeZone) ?? 'not set'}</Text>
                  </Box>
                  <Badge color="red" variant="light">
                    Overdue
                  </Badge>
                </Group>
              ))}
              {overduePanel.more > 0 ? (
                <Button component={Link} to="/asset-checkout" variant="light" color="red" mt="sm">
                  View All {overduePanel.more} More
                </Button>
              ) : null}
            </Stack>
          )}
        </Panel>

        <Panel
          title="Low Stock Assets"
          icon={<IconAlertTriangle size={22} aria-hidden color="var(--mantine-color-orange-7)" />}
          testId="low-stock-assets"
        >
          {lowStock.isPending ? (
            <PanelLoading />
          ) : lowPanel.shown.length === 0 ? (
            <PanelEmpty>All assets are well stocked</PanelEmpty>
          ) : (
            <Stack gap={0}>
              {lowPanel.shown.map((product) => (
                <Group
                  key={`${product.id}:${product.storeId ?? ''}`}
                  justify="space-between"
                  wrap="nowrap"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="low-stock-asset"
                >
                  <Box miw={0}>
                    <Text fw={600}>{product.name}</Text>
                    <Text size="xs" c="dimmed">
                      <Text span size="xs" tt="capitalize">
                        {product.assetType}
                      </Text>{' '}
                      · {product.location || 'No location'}
                      {product.storeName ? ` · ${product.storeName}` : ''}
                    </Text>
                  </Box>
                  <Badge color={product.stock <= 0 ? 'red' : 'orange'} variant="light" tt="none">
                    {product.stock} left
                  </Badge>
                </Group>
              ))}
              <Button component={Link} to="/inventory" variant="light" color="orange" mt="sm">
                {lowPanel.more > 0 ? `View All ${lowPanel.more} More in Inventory` : 'View Inventory'}
              </Button>
            </Stack>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
