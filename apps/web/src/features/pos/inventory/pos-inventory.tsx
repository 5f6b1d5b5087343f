import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { SessionUser } from '@retail-hub/shared';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCashRegister,
  IconChartBar,
  IconCircleCheck,
  IconCurrencyDollar,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lowStockProductCount, useLowStockProducts } from '@/features/catalog';
import { useStoreTimeZone } from '@/lib/auth';
import { money } from '@/lib/money';
import { useDailyStats } from '../api/get-daily-stats';
import { greetingFor, POS_LOW_STOCK_COUNT, posLowStock } from '../dashboard/dashboard-data';

/** The clock for the greeting, re-read every minute so a till left open changes greeting on time. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The screen at /pos-inventory (spec §2 'POS home'; the route's title is 'POS Inventory'):
 * greeting, today's figures, actions and the products running low.
 */
export function PosInventory({ user, title }: { user: SessionUser; title: string }) {
  const now = useNow();
  const storeTimeZone = useStoreTimeZone();
  const stats = useDailyStats();
  const lowStock = useLowStockProducts({ refetchInterval: 30_000 });
  const low = posLowStock(lowStock.data);
  // Issue #32: with several stores a row is one product at one store, named in a Store column.
  const perStore = low.some((product) => product.storeName);
  const firstName = user.firstName?.trim() || 'there';
  const transactions = stats.data?.totalTransactions ?? 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Box>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {title}
          </Text>
          <Title order={1} size="h2" data-testid="greeting">
            {greetingFor(now, storeTimeZone)}, {firstName}
          </Title>
        </Box>
        <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={20} aria-hidden />}>
          Home
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card data-testid="home-todays-sales">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text size="sm" c="dimmed" fw={500}>
                Today's Sales
              </Text>
              <Text fw={700} size="28px" ff="monospace" lh={1.2}>
                {stats.isPending ? '…' : money(stats.data?.totalSales)}
              </Text>
              <Text size="sm" c="dimmed">
                {transactions} {transactions === 1 ? 'transaction' : 'transactions'}
              </Text>
            </Box>
            <ThemeIcon variant="light" color="green" size={40} aria-hidden>
              <IconCurrencyDollar size={22} />
            </ThemeIcon>
          </Group>
        </Card>
        <Card data-testid="home-low-stock">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text size="sm" c="dimmed" fw={500}>
                Low Stock Alert
              </Text>
              <Text fw={700} size="28px" lh={1.2}>
                {lowStock.isPending ? '…' : lowStockProductCount(low)}
              </Text>
              <Text size="sm" c="dimmed">
                products need restocking
              </Text>
            </Box>
            <ThemeIcon variant="light" color="orange" size={40} aria-hidden>
              <IconAlertTriangle size={22} />
            </ThemeIcon>
          </Group>
        </Card>
        <Card data-testid="home-sales-status">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text size="sm" c="dimmed" fw={500}>
                Sales Status
              </Text>
              <Text fw={700} size="28px" lh={1.2} c="green.8">
                Active
              </Text>
              <Text size="sm" c="dimmed">
                {now.toLocaleDateString([], {
                  weekday: 'long',
                  day: 'numeric',
                  month: 'long',
                  year: 'numeric',
                  // The store's day, like the greeting and Today's Sales, whatever the till's clock.
                  ...(storeTimeZone ? { timeZone: storeTimeZone } : {}),
                })}
              </Text>
            </Box>
            <ThemeIcon variant="light" color="green" size={40} aria-hidden>
              <IconCircleCheck size={22} />
            </ThemeIcon>
          </Group>
        </Card>
      </SimpleGrid>

      <Group gap="sm">
        <Button component={Link} to="/pos" size="lg" leftSection={<IconCashRegister size={22} aria-hidden />}>
          Start Selling
        </Button>
        <Button
          component={Link}
          to="/pos-reports"
          size="lg"
          variant="default"
          leftSection={<IconChartBar size={22} aria-hidden />}
        >
          Sales Reports
        </Button>
      </Group>

      <Card component="section" aria-label="Products Running Low" data-testid="products-running-low">
        <Group gap="xs" mb="sm">
          <IconAlertTriangle size={22} aria-hidden color="var(--mantine-color-orange-7)" />
          <Title order={2} size="h4">
            Products Running Low
          </Title>
        </Group>
        {lowStock.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading" />
          </Group>
        ) : low.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            All products are well stocked
          </Text>
        ) : (
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>SKU</Table.Th>
                {perStore ? <Table.Th>Store</Table.Th> : null}
                <Table.Th ta="right">Stock left</Table.Th>
                <Table.Th ta="right">Threshold</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {low.slice(0, POS_LOW_STOCK_COUNT).map((product) => (
                <Table.Tr key={`${product.id}:${product.storeId ?? ''}`} data-testid="running-low-product">
                  <Table.Td fw={600}>{product.name}</Table.Td>
                  <Table.Td ff="monospace">{product.sku}</Table.Td>
                  {perStore ? <Table.Td>{product.storeName}</Table.Td> : null}
                  <Table.Td ta="right">
                    <Badge color={product.stock <= 0 ? 'red' : 'orange'} variant="light" tt="none">
                      {product.stock} left
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{product.lowStockThreshold}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
