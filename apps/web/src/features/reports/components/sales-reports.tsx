import '../reports-print.css';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  can,
  earliestReportStart,
  latestReportEnd,
  paymentMethodLabel,
  REPORT_RANGE_TOO_LONG,
  transactionNumber,
  vtpdExportFileName,
} from '@retail-hub/shared';
import {
  IconChartBar,
  IconChevronDown,
  IconFileExport,
  IconLock,
  IconPrinter,
  IconReceipt,
  IconTrendingUp,
  IconTrophy,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { Panel, PanelEmpty, PanelLoading } from '@/components/panel';
import { SaleStatusBadge, voidedAmountStyle } from '@/components/sale-status';
import { StoreFilter, useReadableStores } from '@/features/retail-stores';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useAuth, useStoreTimeZone } from '@/lib/auth';
import { money } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { localDay } from '@/lib/time-zone';
import { useReportSummary } from '../api/get-report-summary';
import { useReportTopProducts } from '../api/get-report-top-products';
import { type ReportRange, useReportTransactions } from '../api/get-report-transactions';
import { type VtpdExport, vtpdExportQueryOptions } from '../api/get-vtpd-export';
import { downloadCsv } from '../download-csv';
import {
  cashierName,
  chartDays,
  dateTimeText,
  defaultRange,
  INVALID_RANGE_TITLE,
  REPORT_RECENT_COUNT,
  rangeLength,
  summaryCards,
  summaryOf,
  validateRange,
} from '../report-data';
import { RevenueChart } from './revenue-chart';

/** spec §9 Timing: the print dialog opens 250 ms after the click, once menus have closed. */
const PRINT_DELAY_MS = 250;

/** spec §2 Sales Reports (/pos-reports): waits for the store's time zone, which decides 'today'. */
export function SalesReports({ title }: { title: string }) {
  const timeZone = useStoreTimeZone();
  if (!timeZone) return <PanelLoading />;
  return <SalesReportsScreen key={timeZone} title={title} timeZone={timeZone} />;
}

function SalesReportsScreen({ title, timeZone }: { title: string; timeZone: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Managers and the roles above them choose any range (issue #13 item 20); cashiers read today.
  const canViewReports = Boolean(user && can(user.role, 'reports.ranges'));
  // Cashiers read today only (server rule, ADR 0004): their report opens on today.
  const [initial] = useState<ReportRange>(() => {
    const range = defaultRange(new Date(), timeZone);
    return canViewReports ? range : { startDate: range.endDate, endDate: range.endDate };
  });
  const [draft, setDraft] = useState<ReportRange>(initial);
  const [range, setRange] = useState<ReportRange>(initial);
  const [vtpdOnly, setVtpdOnly] = useState(false);

  // The server adds up the range, whatever its size (cashiers: today only, without growth).
  // Issue #32 item 5: one store or "All stores" (null); no picker with a single store.
  const stores = useReadableStores();
  const [storeId, setStoreId] = useState<string | null>(null);
  const storeName = stores.find((s) => s.id === storeId)?.name;
  const summary = useReportSummary(range, vtpdOnly, storeId);
  const recentList = useReportTransactions(range, { limit: REPORT_RECENT_COUNT, vtpdOnly, storeId });
  const topProducts = useReportTopProducts(range, vtpdOnly, storeId);

  const forbidden = [summary.error, recentList.error, topProducts.error].some(
    (error) => error instanceof ApiError && error.status === 403,
  );
  const cards = summaryCards(summaryOf(summary.data));
  const growthKnown = typeof summary.data?.growth === 'number';
  const chart = chartDays(summary.data?.dailyRevenue ?? []);
  const recent = (recentList.data ?? []).slice(0, REPORT_RECENT_COUNT);
  const top = topProducts.data ?? [];

  const generate = () => {
    const problem = validateRange(draft.startDate, draft.endDate);
    // A cashier's range beyond today gets the server's 'for managers' refusal, whatever its length.
    if (problem && (canViewReports || problem !== REPORT_RANGE_TOO_LONG)) {
      notifyError({ title: INVALID_RANGE_TITLE, message: problem, replace: true });
      return;
    }
    const next = { startDate: draft.startDate, endDate: draft.endDate };
    if (next.startDate === range.startDate && next.endDate === range.endDate) {
      void summary.refetch();
      void recentList.refetch();
      void topProducts.refetch();
    } else {
      setRange(next);
    }
    // A cashier asking beyond today gets the server's refusal (the yellow alert), not a success.
    const storeToday = localDay(new Date(), timeZone);
    if (!canViewReports && (next.startDate !== storeToday || next.endDate !== storeToday)) return;
    notifySuccess({
      title: 'Report Generated',
      message: `Sales from ${next.startDate} to ${next.endDate}.`,
      replace: true,
    });
  };

  // spec §2 Export VTPD: the server streams every VTPD sale of the range (spec §9 columns, CR LF).
  const exportVtpd = async () => {
    let vtpd: VtpdExport;
    try {
      vtpd = await queryClient.fetchQuery(vtpdExportQueryOptions(range));
    } catch (error) {
      notifyError({ title: 'Export Failed', message: serverMessage(error) ?? 'Please try again.', replace: true });
      return;
    }
    if (vtpd.count === 0) {
      notifyError({
        title: 'No VTPD Transactions',
        message: 'There are no VTPD transactions in the selected date range.',
        replace: true,
      });
      return;
    }
    downloadCsv(vtpdExportFileName(range), vtpd.csv);
    notifySuccess({
      title: 'Export Successful',
      message: `Downloaded ${vtpd.count} VTPD transactions as CSV file.`,
      replace: true,
    });
  };

  const print = () => {
    setTimeout(() => window.print(), PRINT_DELAY_MS);
  };

  return (
    <Stack gap="lg" data-testid="sales-reports">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Box>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" data-testid="report-period">
            {range.startDate === range.endDate ? range.startDate : `${range.startDate} to ${range.endDate}`}
            {vtpdOnly ? ' · VTPD only' : ''}
            {stores.length > 0 ? ` · ${storeName ?? 'All stores'}` : ''}
          </Text>
        </Box>
        <Group gap="md" data-print-hide>
          <LiveUpdatesIndicator />
          <Menu position="bottom-end" withinPortal shadow="md" width={200}>
            <Menu.Target>
              <Button size="md" variant="default" rightSection={<IconChevronDown size={18} aria-hidden />}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPrinter size={18} aria-hidden />} onClick={print}>
                Print Report
              </Menu.Item>
              <Menu.Item leftSection={<IconFileExport size={18} aria-hidden />} onClick={() => void exportVtpd()}>
                Export VTPD
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Card data-print-hide>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
        >
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput
              type="date"
              label="Start Date"
              size="md"
              value={draft.startDate}
              // The pickers offer only ranges the server accepts (MAX_REPORT_DAYS).
              min={earliestReportStart(draft.endDate) || undefined}
              max={draft.endDate || undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, startDate: value }));
              }}
            />
            <TextInput
              type="date"
              label="End Date"
              size="md"
              value={draft.endDate}
              min={draft.startDate || undefined}
              max={latestReportEnd(draft.startDate) || undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, endDate: value }));
              }}
            />
            <Button type="submit" size="md" leftSection={<IconChartBar size={20} aria-hidden />}>
              Generate Report
            </Button>
            <StoreFilter value={storeId} onChange={setStoreId} testId="report-store" size="md" />
            <Checkbox
              size="md"
              label="VTPD Only"
              checked={vtpdOnly}
              onChange={(event) => setVtpdOnly(event.currentTarget.checked)}
              mb={8}
            />
          </Group>
        </form>
      </Card>

      {forbidden ? (
        <Alert color="yellow" icon={<IconLock size={20} aria-hidden />} title="Reports beyond today are for managers">
          {serverMessage(summary.error ?? recentList.error ?? topProducts.error) ??
            'Sales reports are available to managers.'}{' '}
          You can see today&apos;s sales: set both dates to today and choose Generate Report.
        </Alert>
      ) : summary.isError || recentList.isError ? (
        <Alert color="red" title="The report could not be loaded">
          {serverMessage(summary.error ?? recentList.error) ?? 'Please try again.'}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="summary-cards">
            {cards.map((card) => (
              <Card key={card.label} padding="md" data-testid={`summary-${card.label}`} data-print-card>
                <Text size="sm" c="dimmed" fw={500}>
                  {card.label}
                </Text>
                <Text fw={700} size="28px" lh={1.2} ff="monospace" data-testid="summary-value">
                  {summary.isPending ? '…' : card.label === 'Growth' && !growthKnown ? '—' : card.value}
                </Text>
                {card.label === 'Growth' && growthKnown ? (
                  <Text size="xs" c="dimmed">
                    vs the previous {rangeLength(range)} {rangeLength(range) === 1 ? 'day' : 'days'}
                  </Text>
                ) : null}
              </Card>
            ))}
          </SimpleGrid>
          {summary.data ? (
            <Text size="sm" data-testid="summary-discounts">
              Discounts: {money(summary.data.totalDiscounts)}, already taken off the revenue.
            </Text>
          ) : null}
          {summary.data?.refundCount ? (
            <Text size="sm" data-testid="summary-refunds">
              Refunds: {money(summary.data.totalRefunds)} ({summary.data.refundCount}), already taken off the revenue.
              Voided sales are not counted.
            </Text>
          ) : null}

          <Panel
            printCard
            title="Revenue per Day"
            icon={<IconTrendingUp size={22} aria-hidden />}
            testId="revenue-per-day"
          >
            {summary.isPending ? <PanelLoading /> : <RevenueChart days={chart} />}
          </Panel>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Panel
              printCard
              title="Recent Transactions"
              icon={<IconReceipt size={22} aria-hidden />}
              testId="recent-transactions"
            >
              {recentList.isPending ? (
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
                      py="xs"
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      data-testid="report-transaction"
                    >
                      <Box miw={0}>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={600}>#{transactionNumber(t.id)}</Text>
                          {t.referenceCode ? (
                            <Badge variant="light" color={t.referenceCode.startsWith('VTPD') ? 'grape' : 'gray'}>
                              {t.referenceCode}
                            </Badge>
                          ) : null}
                          <SaleStatusBadge status={t.status} total={t.total} />
                        </Group>
                        <Text size="sm" c="dimmed">
                          {dateTimeText(t.createdAt, timeZone)} · {cashierName(t.user)} ·{' '}
                          {paymentMethodLabel(t.paymentMethod)}
                        </Text>
                      </Box>
                      <Text fw={700} ff="monospace" style={voidedAmountStyle(t.status)}>
                        {money(t.total)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Panel>

            <Panel
              printCard
              title="Top Selling Products"
              icon={<IconTrophy size={22} aria-hidden />}
              testId="top-products"
            >
              {topProducts.isPending ? (
                <PanelLoading />
              ) : top.length === 0 ? (
                <PanelEmpty>No sales data available</PanelEmpty>
              ) : (
                <Stack gap={0}>
                  {top.map((p, index) => (
                    <Group
                      key={p.product.id}
                      justify="space-between"
                      wrap="nowrap"
                      py="xs"
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      data-testid="report-top-product"
                    >
                      <Group gap="sm" wrap="nowrap" miw={0}>
                        <Badge variant="light" circle size="lg">
                          {index + 1}
                        </Badge>
                        <Box miw={0}>
                          <Text fw={600}>{p.product.name}</Text>
                          <Text size="sm" c="dimmed">
                            {p.totalSold} sold
                          </Text>
                        </Box>
                      </Group>
                      {p.totalRevenue === null ? null : (
                        <Text fw={700} ff="monospace">
                          {money(p.totalRevenue)}
                        </Text>
                      )}
                    </Group>
                  ))}
                </Stack>
              )}
            </Panel>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
