import { Group, Title } from '@mantine/core';
import type { Screen } from '@retail-hub/shared';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { ProcurementDashboard } from '@/features/procurement-dashboard/procurement-dashboard';

/**
 * /dashboard inside the procurement shell (spec §2 route table): the procurement dashboard's
 * cards, navigation and panels with the shell's sidebar instead of the standalone header.
 */
export default function DashboardPage({ screen }: { screen: Screen }) {
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {screen.title}
        </Title>
        <LiveUpdatesIndicator />
      </Group>
      <ProcurementDashboard />
    </>
  );
}
