import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { useSystemHealth } from '../api/get-health';
import { environmentLabel, formatUptime } from './format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * spec §2 Developer dashboard, System Health: status, database, uptime, memory used/total,
 * environment, last check time ('HH:mm:ss'). The environment is the server's own (NODE_ENV),
 * not a fixed 'Development' (docs/adr/0005).
 */
export function HealthTab() {
  const health = useSystemHealth();
  if (health.isPending) return <Skeleton h={160} />;
  if (health.isError || !health.data) {
    return (
      <Card padding="md">
        <Text c="dimmed" ta="center" py="lg">
          Health data unavailable
        </Text>
      </Card>
    );
  }
  const { status, database, uptime, memory, environment, timestamp } = health.data;
  const memoryShare = memory.total > 0 ? Math.round((memory.used / memory.total) * 100) : 0;
  return (
    <Card padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        <Fact label="Status">
          <Badge size="lg" color={status === 'healthy' ? 'green' : 'red'} variant="light">
            {status === 'healthy' ? 'Healthy' : 'Degraded'}
          </Badge>
        </Fact>
        <Fact label="Database">
          <Badge size="lg" color={database === 'connected' ? 'green' : 'red'} variant="light">
            {database === 'connected' ? 'Connected' : 'Disconnected'}
          </Badge>
        </Fact>
        <Fact label="Uptime">
          <Text fw={700} size="lg">
            {formatUptime(uptime)}
          </Text>
        </Fact>
        <Fact label="Memory">
          <Group gap="xs" align="baseline">
            <Text fw={700} size="lg">
              {memory.used} MB / {memory.total} MB
            </Text>
            <Text size="sm" c="dimmed">
              ({memoryShare}%)
            </Text>
          </Group>
          <Progress value={memoryShare} mt={6} color={memoryShare > 85 ? 'red' : 'navy'} aria-hidden />
        </Fact>
        <Fact label="Environment">
          <Text fw={700} size="lg">
            {environmentLabel(environment)}
          </Text>
        </Fact>
        <Fact label="Last check">
          <Text fw={700} size="lg">
            {format(new Date(timestamp), 'HH:mm:ss')}
          </Text>
        </Fact>
      </SimpleGrid>
    </Card>
  );
}
