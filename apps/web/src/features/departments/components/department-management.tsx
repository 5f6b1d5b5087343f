import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayName } from '@retail-hub/shared';
import { IconBuilding, IconBuildingCommunity, IconPlus, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUsers } from '@/lib/users';
import { useDepartments, useSetDepartmentArchived } from '../api/departments';
import type { Department } from '../api/types';
import { AddDepartmentDialog } from './add-department-dialog';
import { DepartmentCardActions, DepartmentStatusBadge } from './department-card-parts';

/** spec §2 Department Management (/departments): manager or super_admin (the route guard redirects others). */
export function DepartmentManagement() {
  const departments = useDepartments();
  const users = useUsers();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Department | null>(null);
  const [toArchive, setToArchive] = useState<Department | null>(null);
  const setArchived = useSetDepartmentArchived();

  // spec §4 Department: an archive action; spec §8: 'Error archiving department' when it fails.
  const archive = (department: Department, archived: boolean) =>
    setArchived.mutate(
      { id: department.id, archived },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: archived ? 'Department archived' : 'Department restored',
            message: archived
              ? `${department.name} is archived; its products and history are kept.`
              : `${department.name} is active again.`,
          });
          setToArchive(null);
        },
        onError: (error) =>
          notifyError({
            replace: true,
            title: archived ? 'Error archiving department' : 'Error restoring department',
            message: serverMessage(error) ?? 'Please try again.',
          }),
      },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            Department Management
          </Title>
          <Text c="dimmed">Departments, their managers and where they are.</Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          Add Department
        </Button>
      </Group>

      {departments.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading departments" />
        </Center>
      ) : departments.isError ? (
        <Alert color="red" title="Departments could not be loaded">
          {serverMessage(departments.error) ?? 'Please try again.'}
        </Alert>
      ) : departments.data.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <IconBuildingCommunity size={40} aria-hidden />
            <Text fw={600}>No departments yet</Text>
            <Text c="dimmed" size="sm">
              Add a department to group products and staff.
            </Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {departments.data.map((department) => (
            <DepartmentCard
              key={department.id}
              department={department}
              onEdit={() => setEditing(department)}
              onArchive={() => setToArchive(department)}
              onRestore={() => archive(department, false)}
              isPending={setArchived.isPending && setArchived.variables?.id === department.id}
            />
          ))}
        </SimpleGrid>
      )}

      <AddDepartmentDialog opened={adding} onClose={() => setAdding(false)} users={users.data ?? []} />
      {editing && (
        <AddDepartmentDialog
          key={editing.id}
          opened
          department={editing}
          onClose={() => setEditing(null)}
          users={users.data ?? []}
        />
      )}
      <ConfirmDialog
        opened={toArchive !== null}
        title="Archive Department"
        message={
          toArchive
            ? `Archive "${toArchive.name}"? It is kept with its products and history, shown as archived, and can be restored.`
            : ''
        }
        confirmLabel="Archive"
        isPending={setArchived.isPending}
        onConfirm={() => toArchive && archive(toArchive, true)}
        onCancel={() => setToArchive(null)}
      />
    </Stack>
  );
}

type DepartmentCardProps = {
  department: Department;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  isPending: boolean;
};

function DepartmentCard({ department, onEdit, onArchive, onRestore, isPending }: DepartmentCardProps) {
  return (
    <Card component="article" aria-label={department.name} data-testid="department-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {department.name}
          </Text>
          <DepartmentStatusBadge archived={!department.isActive} />
        </Group>
        {department.description && (
          <Text size="sm" c="dimmed">
            {department.description}
          </Text>
        )}
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} aria-hidden />
          <Text size="sm">{department.manager ? displayName(department.manager) : 'Not assigned'}</Text>
        </Group>
        {department.building && (
          <Group gap={6} wrap="nowrap">
            <IconBuilding size={16} aria-hidden />
            <Text size="sm">{department.building}</Text>
          </Group>
        )}
        {/* Issue #13 item 19: each card is edited and archived (restored when archived). */}
        <DepartmentCardActions
          archived={!department.isActive}
          isPending={isPending}
          onEdit={onEdit}
          onArchive={onArchive}
          onRestore={onRestore}
          name={department.name}
        />
      </Stack>
    </Card>
  );
}
