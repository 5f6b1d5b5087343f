import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useSaveProcDepartment } from '../api/procurement-departments';
import type { ProcDepartment } from '../api/types';

/**
 * Create or edit a procurement department (spec §2, §5: code and name both required, submit
 * disabled otherwise). A refused save shows an alert in the dialog with the server's message
 * (spec §8: or 'Failed to create department').
 */
export function ProcDepartmentDialog({
  opened,
  department,
  onClose,
}: {
  opened: boolean;
  /** null: a new department. */
  department: ProcDepartment | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={department ? 'Edit Department' : 'Add Department'}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <DialogBody key={department?.id ?? 'new'} department={department} onClose={onClose} />}
    </Modal>
  );
}

function DialogBody({ department, onClose }: { department: ProcDepartment | null; onClose: () => void }) {
  const save = useSaveProcDepartment();
  const [code, setCode] = useState(department?.code ?? '');
  const [name, setName] = useState(department?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const complete = code.trim() !== '' && name.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setFailure(null);
    save.mutate(
      { ...(department ? { id: department.id } : {}), code: code.trim(), name: name.trim() },
      {
        onSuccess: (saved) => {
          notifySuccess({
            replace: true,
            title: department ? 'Department updated successfully' : 'Department created successfully',
            message: `${saved.name} (${saved.code})`,
          });
          onClose();
        },
        onError: (error) => setFailure(serverMessage(error) ?? 'Failed to create department'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="Error" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Code"
          placeholder="Code (e.g., ENG)"
          required
          maxLength={50}
          value={code}
          data-autofocus
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <TextInput
          label="Name"
          placeholder="Name (e.g., Engineering)"
          required
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete} loading={save.isPending}>
            {department ? 'Save Changes' : 'Create Department'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
