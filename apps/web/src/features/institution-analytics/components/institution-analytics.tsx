import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  DEFAULT_ANALYTICS_RANGE,
  formatMoney,
  type InstitutionAnalytics as Report,
  type UtilizationRating,
} from '@retail-hub/shared';
import {
  IconAlertTriangle,
  IconBuilding,
  IconBuildingCommunity,
  IconChartBar,
  IconFileExport,
  IconMapPin,
  IconPackage,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Panel, PanelEmpty, PanelLoading } from '@/components/panel';
import { StatCard } from '@/components/stat-card';
import { serverMessage } from '@/lib/api-client';
import { money, toCents } from '@/lib/money';
import { useInstitutionAnalytics } from '../api/institution-analytics';
import { ExportReportsDialog } from './export-reports-dialog';

const rangeOptions = ANALYTICS_RANGES.map((days) => ({ value: String(days), label: `Last ${days} days` }));

const RATING_COLORS: Record<UtilizationRating, string> = { High: 'green', Low: 'yellow', Unavailable: 'gray' };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Chart values are dollars (the chart library works in numbers); the labels go back through cents. */
const dollars = (value: string) => toCents(value) / 100;
const chartMoney = (value: number) => formatMoney(Math.round(value * 100));

function DataTable({
  head,
  rows,
  label,
  minWidth = 560,
  textColumns = 1,
}: {
  head: string[];
  rows: ReactNode[][];
  label: string;
  minWidth?: number;
  /** Leading columns of text, left-aligned; the figures after them are right-aligned. */
  textColumns?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={i < textColumns ? 'left' : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed server list per render
            <Table.Tr key={r}>
              {cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
                <Table.Td key={i} ta={i < textColumns ? 'left' : 'right'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ValueChart({ data, dataKey, testId }: { data: Record<string, unknown>[]; dataKey: string; testId: string }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey={dataKey}
      series={[{ name: 'value', label: 'Value', color: 'indigo.6' }]}
      valueFormatter={chartMoney}
      tickLine="y"
      gridAxis="y"
      withTooltip
      tooltipAnimationDuration={100}
      yAxisProps={{ width: 88 }}
      data-testid={testId}
    />
  );
}

/** spec §2 Institutional Analytics (/analytics), inside the procurement shell (managers, super admins). */
export function InstitutionAnalytics({ title }: { title: string }) {
  const [days, setDays] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [exportOpen, setExportOpen] = useState(false);
  const report = useInstitutionAnalytics(days);
  const data = report.data;
  const loading = report.isPending;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">Assets, their use, departments and locations across the institution.</Text>
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="Time Range"
            data={rangeOptions}
            value={String(days)}
            onChange={(value) => setDays(Number(value ?? DEFAULT_ANALYTICS_RANGE) as AnalyticsRange)}
            allowDeselect={false}
            w={170}
          />
          <Button leftSection={<IconFileExport size={18} aria-hidden />} onClick={() => setExportOpen(true)}>
            Export Reports
          </Button>
        </Group>
      </Group>

      {report.isError ? (
        <Alert color="red" title="Analytics could not be loaded">
          {serverMessage(report.error) ?? 'Please try again.'}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="analytics-cards">
        {(
          [
            ['Total Assets', String(data?.cards.totalAssets ?? 0), 'Active institutional items'],
            ['Asset Value', money(data?.cards.assetValue), 'Price × stock'],
            ['Active Checkouts', String(data?.cards.activeCheckouts ?? 0), 'Not yet returned'],
            ['Overdue Items', String(data?.cards.overdueItems ?? 0), 'Past their expected return'],
          ] as const
        ).map(([label, value, note]) => (
          <StatCard
            key={label}
            label={label}
            value={value}
            note={note}
            pending={loading}
            testId={`analytics-card-${label}`}
            valueTestId="card-value"
          />
        ))}
      </SimpleGrid>

      <Tabs defaultValue="inventory" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="inventory" leftSection={<IconPackage size={16} aria-hidden />}>
            Inventory Analysis
          </Tabs.Tab>
          <Tabs.Tab value="utilization" leftSection={<IconChartBar size={16} aria-hidden />}>
            Asset Utilization
          </Tabs.Tab>
          <Tabs.Tab value="departments" leftSection={<IconBuildingCommunity size={16} aria-hidden />}>
            Department Insights
          </Tabs.Tab>
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} aria-hidden />}>
            Location Analytics
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inventory">{data ? <InventoryTab data={data} /> : <PanelLoading />}</Tabs.Panel>
        <Tabs.Panel value="utilization">
          {data ? (
            <Stack gap="md">
              <UtilizationTab data={data} />
              {data.registeredUnits ? <RegisteredUnitsPanel units={data.registeredUnits} /> : null}
            </Stack>
          ) : (
            <PanelLoading />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="departments">{data ? <DepartmentsTab data={data} /> : <PanelLoading />}</Tabs.Panel>
        <Tabs.Panel value="locations">{data ? <LocationsTab data={data} /> : <PanelLoading />}</Tabs.Panel>
      </Tabs>

      <ExportReportsDialog opened={exportOpen} days={days} onClose={() => setExportOpen(false)} />
    </Stack>
  );
}

function InventoryTab({ data }: { data: Report }) {
  const { byAssetType, byCategory, lowStock } = data.inventory;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title="Value by Asset Type" icon={<IconChartBar size={22} aria-hidden />} testId="value-by-type">
          <ValueChart
            data={byAssetType.map((r) => ({ type: capitalize(r.assetType), value: dollars(r.value) }))}
            dataKey="type"
            testId="asset-type-chart"
          />
          <DataTable
            label="Assets by type"
            minWidth={340}
            head={['Asset Type', 'Assets', 'Units', 'Value']}
            rows={byAssetType.map((r) => [capitalize(r.assetType), r.count, r.units, money(r.value)])}
          />
        </Panel>
        <Panel title="Assets by Category" icon={<IconPackage size={22} aria-hidden />} testId="assets-by-category">
          {byCategory.length === 0 ? (
            <PanelEmpty>No products found</PanelEmpty>
          ) : (
            <DataTable
              label="Assets by category"
              minWidth={340}
              head={['Category', 'Assets', 'Units', 'Value']}
              rows={byCategory.map((r) => [r.category || 'Uncategorized', r.count, r.units, money(r.value)])}
            />
          )}
        </Panel>
      </SimpleGrid>
      <Panel title="Low Stock Assets" icon={<IconAlertTriangle size={22} aria-hidden />} testId="low-stock-assets">
        {lowStock.length === 0 ? (
          <PanelEmpty>No assets are low on stock</PanelEmpty>
        ) : (
          <DataTable
            label="Low stock assets"
            textColumns={3}
            head={['Asset', 'Type', 'Location', 'Stock', 'Threshold']}
            rows={lowStock.map((a) => [
              <Text key="n" fw={500} size="sm">
                {a.name}
              </Text>,
              capitalize(a.assetType),
              a.location ?? '—',
              <Badge key="s" color={a.stock === 0 ? 'red' : 'yellow'} variant="light">
                {a.stock === 0 ? 'Out of Stock' : `${a.stock} left`}
              </Badge>,
              a.lowStockThreshold,
            ])}
          />
        )}
      </Panel>
    </Stack>
  );
}

function UtilizationTab({ data }: { data: Report }) {
  const { top, totalCheckouts, assetsUsed } = data.utilization;
  return (
    <Panel title="Asset Utilization" icon={<IconChartBar size={22} aria-hidden />} testId="asset-utilization">
      <Text size="sm" c="dimmed" mb="sm" data-testid="utilization-summary">
        {totalCheckouts} {totalCheckouts === 1 ? 'checkout' : 'checkouts'} of {assetsUsed} of {data.cards.totalAssets}{' '}
        assets from {data.startDate} to {data.endDate}. The 10 most used assets:
      </Text>
      {top.length === 0 ? (
        <PanelEmpty>No products found</PanelEmpty>
      ) : (
        <DataTable
          label="Top assets by checkouts"
          textColumns={3}
          head={['Asset', 'Type', 'Location', 'Stock', 'Checkouts', 'Checked Out Now', 'Utilization']}
          rows={top.map((a) => [
            <Text key="n" fw={500} size="sm">
              {a.name}
            </Text>,
            capitalize(a.assetType),
            a.location ?? '—',
            a.stock,
            a.checkouts,
            a.activeCheckouts,
            <Badge key="r" color={RATING_COLORS[a.rating]} variant="light" data-testid="utilization-rating">
              {a.rating}
            </Badge>,
          ])}
        />
      )}
    </Panel>
  );
}

/** Issue #17 item 7: the registered units (the asset register), shown where there are any. */
function RegisteredUnitsPanel({ units }: { units: NonNullable<Report['registeredUnits']> }) {
  return (
    <Panel title="Registered Units" icon={<IconChartBar size={22} aria-hidden />} testId="registered-units">
      <Text size="sm" mb="sm" data-testid="registered-units-summary">
        {units.total} registered: {units.inStore} in the store, {units.checkedOut} checked out, {units.inMaintenance} in
        maintenance, {units.writtenOff} written off. Due within 7 days or overdue: {units.dueForMaintenance} for
        maintenance, {units.dueForSafetyCheck} for a safety check.
      </Text>
      {units.writeoffsByReason.length > 0 ? (
        <Text size="sm" mb="sm">
          Written off by reason: {units.writeoffsByReason.map((r) => `${capitalize(r.reason)} ${r.count}`).join(', ')}
        </Text>
      ) : null}
      {units.topUnits.length === 0 ? (
        <PanelEmpty>No unit was lent in this period</PanelEmpty>
      ) : (
        <DataTable
          label="Most lent units"
          textColumns={2}
          head={['Tag', 'Item', 'Checkouts']}
          rows={units.topUnits.map((u) => [u.assetTag ?? '—', u.itemName, u.checkouts])}
        />
      )}
    </Panel>
  );
}

function DepartmentsTab({ data }: { data: Report }) {
  const rows = data.departments;
  return (
    <Panel
      title="Department Insights"
      icon={<IconBuildingCommunity size={22} aria-hidden />}
      testId="department-insights"
    >
      {rows.length === 0 ? (
        <PanelEmpty>No departments yet</PanelEmpty>
      ) : (
        <>
          <ValueChart
            data={rows.filter((r) => r.assets > 0).map((r) => ({ department: r.name, value: dollars(r.assetValue) }))}
            dataKey="department"
            testId="department-chart"
          />
          <DataTable
            label="Departments"
            textColumns={2}
            head={['Department', 'Building', 'Products', 'Assets', 'Asset Value', 'Checked Out Now', 'Checkouts']}
            rows={rows.map((r) => [
              <Text key="n" fw={500} size="sm">
                {r.name}
              </Text>,
              r.building ?? '—',
              r.products,
              r.assets,
              money(r.assetValue),
              r.activeCheckouts,
              r.checkoutsInRange,
            ])}
          />
          <Text size="xs" c="dimmed" mt="xs">
            Checkouts counts those made in the last {data.days} days.
          </Text>
        </>
      )}
    </Panel>
  );
}

function LocationsTab({ data }: { data: Report }) {
  const rows = data.locations;
  return (
    <Panel title="Location Analytics" icon={<IconBuilding size={22} aria-hidden />} testId="location-analytics">
      {rows.length === 0 ? (
        <PanelEmpty>No products found</PanelEmpty>
      ) : (
        <>
          <ValueChart
            data={rows.map((r) => ({ building: r.building, value: dollars(r.value) }))}
            dataKey="building"
            testId="building-chart"
          />
          <DataTable
            label="Assets by building"
            head={['Building', 'Rooms', 'Assets', 'Units', 'Value']}
            rows={rows.map((r) => [
              <Text key="n" fw={500} size="sm">
                {r.building}
              </Text>,
              r.rooms,
              r.assets,
              r.units,
              money(r.value),
            ])}
          />
        </>
      )}
    </Panel>
  );
}
