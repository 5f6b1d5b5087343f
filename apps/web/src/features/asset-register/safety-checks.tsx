import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { can, type SafetyCheck } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelQuery } from '@/components/panel';
import { useAuth } from '@/lib/auth';
import { registerPaths, useRegisterAction } from './api';
import { assetPageHref } from './asset-links';

/** Safety checks with their due date and status; a manager records passed or failed. */
export function SafetyTable({
  checks,
  canManage,
  inspector,
}: {
  checks: SafetyCheck[];
  canManage: boolean;
  inspector: string;
}) {
  const action = useRegisterAction();
  const { user } = useAuth();
  // A check of a whole item covers every department's units: an institution decision (assets.oversee).
  const canItemWide = can(user?.role, 'assets.oversee');
  const record = (c: SafetyCheck, result: 'passed' | 'failed') =>
    action.mutate({
      url: registerPaths.safetyCheckResult(c.id),
      body: { result, inspector: inspector || c.inspector || '' },
      done: `${c.checkType} recorded as ${result}.`,
    });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Safety checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Due</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Check</Table.Th>
            <Table.Th>Status</Table.Th>
            {canManage ? <Table.Th>Result</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((c) => (
            <Table.Tr key={c.id} data-testid="safety-row">
              <Table.Td>{c.dueDate ?? '—'}</Table.Td>
              <Table.Td>
                {c.scope === 'asset' ? (
                  <Anchor component={Link} to={assetPageHref(c.itemOrAssetId)}>
                    {c.targetLabel}
                  </Anchor>
                ) : (
                  `${c.targetLabel} (every unit)`
                )}
              </Table.Td>
              <Table.Td>{c.checkType}</Table.Td>
              <Table.Td>
                <Badge
                  color={
                    c.status === 'overdue' || c.status === 'failed'
                      ? 'red'
                      : c.status === 'completed'
                        ? 'green'
                        : 'gray'
                  }
                  variant="light"
                >
                  {c.status === 'completed' ? 'passed' : c.status}
                </Badge>
              </Table.Td>
              {canManage ? (
                <Table.Td>
                  <SafetyResult check={c} canItemWide={canItemWide} record={record} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The safety checks due this week, overdue first. */
export function SafetyTab({ canManage }: { canManage: boolean }) {
  const week = useQuery<{ weekStart: string; weekEnd: string; checks: SafetyCheck[] }>({
    queryKey: [registerPaths.safetyChecksDueThisWeek],
  });
  const [inspector, setInspector] = useState('');
  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between" wrap="wrap">
        <Text>
          Due this week{week.data ? ` (${week.data.weekStart} to ${week.data.weekEnd})` : ''}, overdue checks first.
        </Text>
        {canManage ? (
          <TextInput
            label="Inspector"
            description="Recorded with each result"
            value={inspector}
            onChange={(e) => setInspector(e.currentTarget.value)}
            w={220}
          />
        ) : null}
      </Group>
      <PanelQuery
        query={week}
        errorTitle="Safety checks could not be loaded"
        empty="No safety checks due this week"
        isEmpty={(data) => data.checks.length === 0}
      >
        {(data) => <SafetyTable checks={data.checks} canManage={canManage} inspector={inspector} />}
      </PanelQuery>
    </Stack>
  );
}

/** Passed or failed for a check due now; who recorded it and when, once done. */
function SafetyResult({
  check: c,
  canItemWide,
  record,
}: {
  check: SafetyCheck;
  canItemWide: boolean;
  record: (c: SafetyCheck, result: 'passed' | 'failed') => void;
}) {
  return (c.status === 'pending' || c.status === 'overdue') && c.scope === 'item' && !canItemWide ? (
    <Text size="sm">A procurement admin or manager records it</Text>
  ) : c.status === 'pending' || c.status === 'overdue' ? (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" color="green" onClick={() => record(c, 'passed')}>
        Passed
      </Button>
      <Button size="xs" color="red" variant="light" onClick={() => record(c, 'failed')}>
        Failed
      </Button>
    </Group>
  ) : (
    <Text size="sm">
      {c.completedDate} · {c.inspector}
    </Text>
  );
}
