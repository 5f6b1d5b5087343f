import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Maintenance } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelQuery } from '@/components/panel';
import { registerPaths, useRegisterAction, when } from './api';
import { assetPageHref } from './asset-links';

const MAINTENANCE_COLORS: Record<string, string> = {
  scheduled: 'gray',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'red',
};

/** Maintenance jobs by status; a technician's name is recorded when a job is completed. */
export function MaintenanceTab({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<string | null>('open');
  const jobs = useQuery<Maintenance[]>({ queryKey: [registerPaths.maintenance, { status: status ?? '' }] });
  const [technician, setTechnician] = useState('');
  return (
    <Stack gap="sm">
      <Group align="end" wrap="wrap">
        <Select
          label="Status"
          placeholder="Every job"
          clearable
          data={[
            { value: 'open', label: 'Open (scheduled or in progress)' },
            { value: 'scheduled', label: 'Scheduled' },
            { value: 'in_progress', label: 'In progress' },
            { value: 'completed', label: 'Completed' },
            { value: 'cancelled', label: 'Cancelled' },
          ]}
          value={status}
          onChange={setStatus}
          w={280}
        />
        {canManage ? (
          <TextInput
            label="Technician"
            description="Recorded when you complete a job"
            value={technician}
            onChange={(e) => setTechnician(e.currentTarget.value)}
            w={220}
          />
        ) : null}
      </Group>
      <PanelQuery
        query={jobs}
        errorTitle="Maintenance could not be loaded"
        empty="No maintenance jobs here"
        isEmpty={(list) => list.length === 0}
      >
        {(list) => <MaintenanceTable jobs={list} canManage={canManage} technician={technician} />}
      </PanelQuery>
    </Stack>
  );
}

function MaintenanceTable({
  jobs,
  canManage,
  technician,
}: {
  jobs: Maintenance[];
  canManage: boolean;
  technician: string;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Maintenance jobs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Scheduled for</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Notes</Table.Th>
            {canManage ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((m) => (
            <Table.Tr key={m.id} data-testid="maintenance-row">
              <Table.Td>
                <Anchor component={Link} to={assetPageHref(m.assetId)} ff="monospace">
                  {m.assetTag ?? m.itemName}
                </Anchor>
                <Text size="xs">{m.itemName}</Text>
              </Table.Td>
              <Table.Td tt="capitalize">{m.type}</Table.Td>
              <Table.Td>{when(m.scheduledFor)}</Table.Td>
              <Table.Td>
                <Badge color={MAINTENANCE_COLORS[m.status]} variant="light">
                  {m.status.replace('_', ' ')}
                </Badge>
                {m.overdue ? (
                  <Badge ml={4} color="red" variant="filled">
                    Overdue
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{m.notes ?? '—'}</Table.Td>
              {canManage ? (
                <Table.Td>
                  <MaintenanceActions job={m} technician={technician} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Start, complete or cancel a maintenance job. */
function MaintenanceActions({ job: m, technician }: { job: Maintenance; technician: string }) {
  const action = useRegisterAction();
  return (
    <Group gap={4} wrap="nowrap">
      {m.status === 'scheduled' ? (
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            action.mutate({
              url: registerPaths.maintenanceStep(m.id, 'start'),
              done: 'Work started.',
            })
          }
        >
          Start
        </Button>
      ) : null}
      {m.status === 'scheduled' || m.status === 'in_progress' ? (
        <>
          <Button
            size="xs"
            onClick={() =>
              action.mutate({
                url: registerPaths.maintenanceStep(m.id, 'complete'),
                body: { technician: technician || m.technician || '' },
                done: 'The job is completed.',
              })
            }
          >
            Complete
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() =>
              action.mutate({
                url: registerPaths.maintenanceStep(m.id, 'cancel'),
                done: 'The job is cancelled.',
              })
            }
          >
            Cancel job
          </Button>
        </>
      ) : null}
    </Group>
  );
}
