import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { useSystemHealth } from '../api/get-health';
import { environmentLabel, formatUptime } from './format';
import { StockAuditCard } from './stock-audit-card';

/** The read replica's state (ADR 0016); the badge text names it, the colour only repeats it. */
const REPLICA_BADGE = {
  ok: { label: 'In use', color: 'green' },
  lagging: { label: 'Lagging', color: 'yellow' },
  unreachable: { label: 'Unreachable', color: 'red' },
} as const;

const megabytes = new Intl.NumberFormat('en-US');

/** What the memory bar is measured against (issue #30 item 24). */
const MEMORY_LIMIT = {
  container: 'Resident memory against the container limit',
  machine: "Resident memory against the computer's memory",
} as const;

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
 * not a fixed 'Development' (docs/adr/0005). Memory is the server process's resident memory
 * against what it may use (issue #30 item 24: V8's heap used over reserved read 92% when idle).
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
  const { status, database, uptime, memory, environment, timestamp, replica } = health.data;
  const memoryShare = memory.total > 0 ? Math.round((memory.used / memory.total) * 100) : 0;
  return (
    <Stack gap="md">
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
                {megabytes.format(memory.used)} MB / {megabytes.format(memory.total)} MB
              </Text>
              <Text size="sm" c="dimmed">
                ({memoryShare}%)
              </Text>
            </Group>
            <Progress value={memoryShare} mt={6} color={memoryShare > 85 ? 'red' : 'navy'} aria-hidden />
            <Text size="sm" c="dimmed" mt={4}>
              {MEMORY_LIMIT[memory.limit]}
            </Text>
            <Text size="sm" c="dimmed">
              JavaScript heap {megabytes.format(memory.heapUsed)} MB of {megabytes.format(memory.heapTotal)} MB
            </Text>
          </Fact>
          <Fact label="Environment">
            <Text fw={700} size="lg">
              {environmentLabel(environment)}
            </Text>
          </Fact>
          {replica && (
            <Fact label="Read replica">
              <Group gap="xs" align="center">
                <Badge size="lg" color={REPLICA_BADGE[replica.state].color} variant="light">
                  {REPLICA_BADGE[replica.state].label}
                </Badge>
                <Text fw={700} size="lg">
                  {replica.lagSeconds === null ? 'Lag unknown' : `Lag ${replica.lagSeconds.toFixed(1)} s`}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {replica.inUse
                  ? `Reports read from the replica (up to ${replica.maxLagSeconds} s behind)`
                  : 'Reports read from the primary until the replica catches up'}
              </Text>
            </Fact>
          )}
          <Fact label="Last check">
            <Text fw={700} size="lg">
              {format(new Date(timestamp), 'HH:mm:ss')}
            </Text>
          </Fact>
        </SimpleGrid>
      </Card>
      <StockAuditCard />
    </Stack>
  );
}
