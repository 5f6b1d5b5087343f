import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { canManageDepartment, displayName, ROLE_LABELS, type UserSummary } from '@retail-hub/shared';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateDepartment } from '../api/departments';

export function managerOptions(users: readonly UserSummary[]): { value: string; label: string }[] {
  return [
    { value: 'none', label: 'No manager assigned' },
    ...users
      .filter((user) => user.isActive && canManageDepartment(user.role))
      .map((user) => ({ value: user.id, label: `${displayName(user)} (${ROLE_LABELS[user.role]})` })),
  ];
}

type Values = { name: string; description: string; managerId: string; building: string };
const EMPTY: Values = { name: '', description: '', managerId: 'none', building: '' };

/** spec §2 Department Management 'Add Department' dialog; spec §5 Department forms. */
export function AddDepartmentDialog({
  opened,
  onClose,
  users,
}: {
  opened: boolean;
  onClose: () => void;
  users: readonly UserSummary[];
}) {
  const create = useCreateDepartment();
  const [values, setValues] = useState<Values>(EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);

  const close = () => {
    setValues(EMPTY);
    setNameError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError('Department name is required');
      return;
    }
    create.mutate(
      {
        name: values.name.trim(),
        description: values.description.trim() || undefined,
        managerId: values.managerId,
        building: values.building.trim() || undefined,
      },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: 'Department created successfully',
            message: `${values.name.trim()} was added.`,
          });
          close();
        },
        onError: (error) =>
          notifyError({
            replace: true,
            title: 'Error',
            message: serverMessage(error) ?? 'Failed to create department',
          }),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Department"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Department Name"
            required
            value={values.name}
            maxLength={255}
            error={nameError}
            data-autofocus
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((v) => ({ ...v, name }));
              if (name.trim()) setNameError(null);
            }}
          />
          <Textarea
            label="Description"
            rows={2}
            value={values.description}
            onChange={(event) => {
              const description = event.currentTarget.value;
              setValues((v) => ({ ...v, description }));
            }}
          />
          <Select
            label="Department Manager"
            data={managerOptions(users)}
            value={values.managerId}
            allowDeselect={false}
            searchable
            onChange={(managerId) => setValues((v) => ({ ...v, managerId: managerId ?? 'none' }))}
          />
          <TextInput
            label="Building/Location"
            value={values.building}
            maxLength={255}
            onChange={(event) => {
              const building = event.currentTarget.value;
              setValues((v) => ({ ...v, building }));
            }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Department
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
