import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconClock, IconLogin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useDeveloperStats } from '../api/get-developer-stats';
import { useSystemHealth } from '../api/get-health';
import { activityLabel, formatUptime } from './format';

function StatCard({ label, value, icon, hint }: { label: string; value: ReactNode; icon: ReactNode; hint: string }) {
  return (
    <Card padding="md" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={30} fw={700} lh={1.1}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** spec §2 Developer dashboard, Overview: total users, active in 24 h, logins in 24 h, uptime, breakdown. */
export function OverviewTab() {
  const stats = useDeveloperStats();
  const health = useSystemHealth();
  const loading = <Skeleton h={32} w={60} />;
  const breakdown = stats.data?.activityBreakdown ?? [];
  const largest = Math.max(1, ...breakdown.map((row) => row.count));

  return (
    <Stack gap="md">
      {stats.isError && (
        <Alert color="red" title="Statistics unavailable">
          {serverMessage(stats.error) ?? 'Please try again.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard
          label="Total Users"
          value={stats.data?.totalUsers ?? loading}
          hint="Every account, active or not"
          icon={<IconUsers size={24} />}
        />
        <StatCard
          label="Active Users (24h)"
          value={stats.data?.activeUsers24h ?? loading}
          hint="Distinct users with activity"
          icon={<IconActivity size={24} />}
        />
        <StatCard
          label="Logins (24h)"
          value={stats.data?.totalLogins24h ?? loading}
          hint="Successful PIN sign-ins"
          icon={<IconLogin size={24} />}
        />
        <StatCard
          label="System Uptime"
          value={health.data ? formatUptime(health.data.uptime) : health.isError ? '—' : loading}
          hint="Since the server started"
          icon={<IconClock size={24} />}
        />
      </SimpleGrid>

      <Card padding="md">
        <Title order={2} size="h4" mb="sm">
          Activity breakdown (24h)
        </Title>
        {stats.isPending ? (
          <Skeleton h={80} />
        ) : breakdown.length === 0 ? (
          <Text c="dimmed">No activity data available</Text>
        ) : (
          <Stack gap="sm">
            {breakdown.map((row) => (
              <div key={row.activityType} data-testid="activity-breakdown-row">
                <Group justify="space-between" mb={4}>
                  <Text fw={500}>{activityLabel(row.activityType)}</Text>
                  <Text fw={700}>{row.count}</Text>
                </Group>
                <Progress value={(row.count / largest) * 100} aria-hidden />
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
