import { Alert, Card, Group, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverMessage } from '@/lib/api-client';

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

/**
 * A list's query as a panel shows it (issue #33 item 4): a loader while it loads, a red alert with
 * the server's message when it fails, the empty text when there is nothing, else the content.
 */
export function PanelQuery<T>({
  query,
  errorTitle,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  errorTitle: string;
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" title={errorTitle}>
        {serverMessage(query.error) ?? 'Please try again.'}
      </Alert>
    );
  }
  return isEmpty(query.data) ? <PanelEmpty>{empty}</PanelEmpty> : children(query.data);
}
