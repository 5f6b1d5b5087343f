import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity, IconFileExport, IconPlus, IconSearch } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  PROC_DEPARTMENTS_EXPORT_URL,
  useProcDepartments,
  useSetProcDepartmentArchived,
} from '../api/procurement-departments';
import type { ProcDepartment, ProcDepartmentHierarchy, ProcDepartmentStatus } from '../api/types';
import { AiSuggestionsCard } from './ai-suggestions-card';
import { DepartmentCardActions, DepartmentStatusBadge } from './department-card-parts';
import { ProcDepartmentDialog } from './proc-department-dialog';
import { ProcDepartmentImportButton } from './proc-department-import';

const SEARCH_DEBOUNCE_MS = 250;

/** spec §2 Procurement Departments (/procurement-departments), inside the procurement shell. */
export function ProcurementDepartments() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<ProcDepartmentStatus>('all');
  const [hierarchy, setHierarchy] = useState<ProcDepartmentHierarchy>('all');
  const departments = useProcDepartments({ search: debouncedSearch, status, hierarchy });
  const setArchived = useSetProcDepartmentArchived();
  const [editing, setEditing] = useState<ProcDepartment | 'new' | null>(null);
  const filtered = debouncedSearch.trim() !== '' || status !== 'all' || hierarchy !== 'all';

  // Archive asks first (Restore does not): it takes the department out of active use.
  const [toArchive, setToArchive] = useState<ProcDepartment | null>(null);

  const setDepartmentArchived = (department: ProcDepartment, archived: boolean) => {
    setArchived.mutate(
      { id: department.id, archived },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: archived ? 'Department archived' : 'Department restored',
            message: `${department.name} (${department.code})`,
          });
          if (archived) setToArchive(null);
        },
        onError: (error) =>
          notifyError({
            replace: true,
            title: archived ? 'Error archiving department' : 'Error restoring department',
            message: serverMessage(error) ?? 'Please try again.',
          }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            Procurement Departments
          </Title>
          <Text c="dimmed">Departments that requisition, receive and hold procurement stock.</Text>
        </div>
        <Group gap="sm">
          <Button
            component="a"
            href={PROC_DEPARTMENTS_EXPORT_URL}
            download
            variant="default"
            leftSection={<IconFileExport size={18} aria-hidden />}
          >
            Export CSV
          </Button>
          <ProcDepartmentImportButton />
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            Add Department
          </Button>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search departments"
          placeholder="Search by code or name..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => setStatus(value as ProcDepartmentStatus)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        <SegmentedControl
          aria-label="Hierarchy"
          value={hierarchy}
          onChange={(value) => setHierarchy(value as ProcDepartmentHierarchy)}
          data={[
            { value: 'all', label: 'All levels' },
            { value: 'root', label: 'Root only' },
          ]}
        />
      </Group>

      {departments.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="departments-loading">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={128} radius="md" />
          ))}
        </SimpleGrid>
      ) : departments.isError ? (
        <Alert color="red" title="Departments could not be loaded">
          {serverMessage(departments.error) ?? 'Please try again.'}
        </Alert>
      ) : departments.data.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <IconBuildingCommunity size={40} aria-hidden />
            <Text fw={600}>{filtered ? 'No departments match these filters' : 'No departments yet'}</Text>
            {!filtered && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
                Add First Department
              </Button>
            )}
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {departments.data.map((department) => (
            <ProcDepartmentCard
              key={department.id}
              department={department}
              isPending={setArchived.isPending && setArchived.variables?.id === department.id}
              onEdit={() => setEditing(department)}
              onToggleArchived={() =>
                department.isArchived ? setDepartmentArchived(department, false) : setToArchive(department)
              }
            />
          ))}
        </SimpleGrid>
      )}

      <AiSuggestionsCard />

      <ProcDepartmentDialog
        opened={editing !== null}
        department={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />

      <ConfirmDialog
        opened={toArchive !== null}
        title="Archive Department"
        message={toArchive ? `Archive "${toArchive.name}"? It can be restored at any time.` : ''}
        confirmLabel="Archive"
        color="navy"
        isPending={setArchived.isPending}
        onConfirm={() => {
          if (toArchive) setDepartmentArchived(toArchive, true);
        }}
        onCancel={() => setToArchive(null)}
      />
    </Stack>
  );
}

function ProcDepartmentCard({
  department,
  isPending,
  onEdit,
  onToggleArchived,
}: {
  department: ProcDepartment;
  isPending: boolean;
  onEdit: () => void;
  onToggleArchived: () => void;
}) {
  return (
    <Card component="article" aria-label={department.name} data-testid="proc-department-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={700} size="lg">
              {department.name}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {department.code}
            </Text>
          </Stack>
          <DepartmentStatusBadge archived={department.isArchived} />
        </Group>
        <Text size="xs" c="dimmed">
          Created {format(new Date(department.createdAt), 'MMM d, yyyy')}
        </Text>
        <DepartmentCardActions
          archived={department.isArchived}
          isPending={isPending}
          onEdit={onEdit}
          onArchive={onToggleArchived}
          onRestore={onToggleArchived}
          size="xs"
        />
      </Stack>
    </Card>
  );
}
