import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { canManageDepartment, displayName, ROLE_LABELS, type UserSummary } from '@retail-hub/shared';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateDepartment, useUpdateDepartment } from '../api/departments';
import type { Department } from '../api/types';

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

const valuesOf = (department: Department): Values => ({
  name: department.name,
  description: department.description ?? '',
  managerId: department.manager?.id ?? 'none',
  building: department.building ?? '',
});

/**
 * spec §2 Department Management 'Add Department' dialog; spec §5 Department forms. With a
 * `department` it edits that one (issue #13 item 19): the same fields and rules, 'Save Changes'.
 * The parent remounts it (key) for each department.
 */
export function AddDepartmentDialog({
  opened,
  onClose,
  users,
  department = null,
}: {
  opened: boolean;
  onClose: () => void;
  users: readonly UserSummary[];
  department?: Department | null;
}) {
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const save = department ? update : create;
  const [values, setValues] = useState<Values>(department ? valuesOf(department) : EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);

  const close = () => {
    setValues(department ? valuesOf(department) : EMPTY);
    setNameError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError('Department name is required');
      return;
    }
    const input = {
      name: values.name.trim(),
      description: values.description.trim() || undefined,
      managerId: values.managerId,
      building: values.building.trim() || undefined,
    };
    const onError = (error: unknown) =>
      notifyError({
        replace: true,
        title: 'Error',
        message: serverMessage(error) ?? (department ? 'Failed to update department' : 'Failed to create department'),
      });
    if (department) {
      // An emptied field is sent empty, so the server clears it (undefined would keep it).
      update.mutate(
        { id: department.id, ...input, description: values.description.trim(), building: values.building.trim() },
        {
          onSuccess: () => {
            notifySuccess({
              replace: true,
              title: 'Department updated successfully',
              message: `${input.name} was saved.`,
            });
            close();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        notifySuccess({
          replace: true,
          title: 'Department created successfully',
          message: `${input.name} was added.`,
        });
        close();
      },
      onError,
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={department ? 'Edit Department' : 'Add Department'}
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
            <Button type="submit" loading={save.isPending}>
              {department ? 'Save Changes' : 'Create Department'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
