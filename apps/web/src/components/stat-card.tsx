import { Box, Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type StatCardProps = {
  label: string;
  value: string;
  /** While the figure loads the card shows '…' instead of a value. */
  pending: boolean;
  /** A line under the figure ('Active departments', 'Price × stock'). */
  note?: string;
  icon?: Icon;
  color?: string;
  testId?: string;
  valueTestId?: string;
};

/** One headline figure of a dashboard (procurement dashboard, Institutional Analytics, Expense Tracker). */
export function StatCard({
  label,
  value,
  pending,
  note,
  icon: StatIcon,
  color,
  testId = `stat-${label}`,
  valueTestId = 'stat-value',
}: StatCardProps) {
  return (
    <Card padding="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fw={700} size="28px" lh={1.2} ff="monospace" data-testid={valueTestId}>
            {pending ? '…' : value}
          </Text>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Box>
        {StatIcon ? (
          <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
            <StatIcon size={22} />
          </ThemeIcon>
        ) : null}
      </Group>
    </Card>
  );
}
