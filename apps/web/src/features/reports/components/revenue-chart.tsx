import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '@retail-hub/shared';
import type { DayRevenue } from '../report-data';

/** issue #5 Charts: revenue per day of the chosen range; hovering a bar shows its figure. */
export function RevenueChart({ days }: { days: DayRevenue[] }) {
  return (
    <BarChart
      h={240}
      data={days}
      dataKey="label"
      series={[{ name: 'revenue', label: 'Revenue', color: 'blue.6' }]}
      valueFormatter={(value) => formatMoney(Math.round(value * 100))}
      tickLine="y"
      gridAxis="y"
      withTooltip
      tooltipAnimationDuration={100}
      yAxisProps={{ width: 72 }}
      data-testid="revenue-chart"
    />
  );
}
