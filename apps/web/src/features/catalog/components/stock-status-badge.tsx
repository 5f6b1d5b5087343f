import { Badge } from '@mantine/core';
import { type StockStatus, stockStatus } from '@retail-hub/shared';

const COLORS: Record<StockStatus, string> = {
  'Out of Stock': 'red',
  'Low Stock': 'orange',
  'In Stock': 'green',
};

/** spec §4 Stock status badge: red when out, orange at or below the threshold, green otherwise. */
export function StockStatusBadge({ stock, lowStockThreshold }: { stock: number; lowStockThreshold: number }) {
  const status = stockStatus(stock, lowStockThreshold);
  return (
    <Badge
      style={{ overflow: 'visible' }}
      color={COLORS[status]}
      variant="light"
      size="md"
      radius="sm"
      tt="none"
      data-status={status}
    >
      {status}
    </Badge>
  );
}
