import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayName } from '@retail-hub/shared';
import { IconBuilding, IconBuildingCommunity, IconPlus, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useUsers } from '@/features/users';
import { serverMessage } from '@/lib/api-client';
import { useDepartments } from '../api/departments';
import type { Department } from '../api/types';
import { AddDepartmentDialog } from './add-department-dialog';

/** spec §2 Department Management (/departments): manager or super_admin (the route guard redirects others). */
export function DepartmentManagement() {
  const departments = useDepartments();
  const users = useUsers();
  const [adding, setAdding] = useState(false);

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
            <DepartmentCard key={department.id} department={department} />
          ))}
        </SimpleGrid>
      )}

      <AddDepartmentDialog opened={adding} onClose={() => setAdding(false)} users={users.data ?? []} />
    </Stack>
  );
}

function DepartmentCard({ department }: { department: Department }) {
  return (
    <Card component="article" aria-label={department.name} data-testid="department-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {department.name}
          </Text>
          {department.isActive ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              Active
            </Badge>
          ) : (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Inactive
            </Badge>
          )}
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
      </Stack>
    </Card>
  );
}
