import { Card, Group, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card section of a dashboard or report (POS dashboard, Sales Reports). */
export function Panel({
  title,
  icon,
  children,
  testId,
  printCard = false,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  /** Marks the card for the print stylesheet of a printable report. */
  printCard?: boolean;
}) {
  return (
    <Card
      data-testid={testId}
      component="section"
      aria-label={title}
      {...(printCard ? { 'data-print-card': true } : {})}
    >
      <Group gap="xs" mb="sm" wrap="nowrap">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

export function PanelLoading() {
  return (
    <Group justify="center" py="md">
      <Loader size="sm" aria-label="Loading" />
    </Group>
  );
}

/** The empty state of a panel ('No transactions found', 'No sales data available'). */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="md">
      {children}
    </Text>
  );
}
