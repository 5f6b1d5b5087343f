import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { displayName, type UserSummary } from '@retail-hub/shared';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useStaff } from '../api/get-staff';
import { useUpdateStaff } from '../api/update-staff';
import { SendEmailDialog } from './send-email-dialog';
import { SetPinDialog } from './set-pin-dialog';
import { StaffFormDialog } from './staff-form-dialog';
import { type StaffAction, StaffTable } from './staff-table';

/** Which form is open; `key` remounts it so each opening starts from the member's current values. */
type Editor = { key: number; member: UserSummary | null };

/**
 * spec §2 Staff & PIN Management (/admin/staff) for managers and super admins (ADR 0004): the
 * Staff Directory, Add New Staff, Edit Staff Member, Set PIN, Disable/Enable, Delete (which
 * deactivates, spec §4) and Send Email to Staff.
 */
export function StaffManagement() {
  const { user: actor } = useAuth();
  const staff = useStaff();
  const updateStaff = useUpdateStaff();
  const deactivate = useDeactivateStaff();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [openings, setOpenings] = useState(0);
  const [pinFor, setPinFor] = useState<UserSummary | null>(null);
  const [toDelete, setToDelete] = useState<UserSummary | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  if (!actor) return null;

  const openEditor = (member: UserSummary | null) => {
    setOpenings((n) => n + 1);
    setEditor({ key: openings + 1, member });
  };

  const toggleStatus = (member: UserSummary) =>
    updateStaff.mutate(
      { id: member.id, isActive: !member.isActive },
      {
        onSuccess: () =>
          notifySuccess({
            replace: true,
            title: 'User status updated successfully',
            message: `${displayName(member)} is now ${member.isActive ? 'disabled' : 'enabled'}.`,
          }),
        onError: (error) =>
          notifyError({
            replace: true,
            title: 'Failed to update user status',
            message: serverMessage(error) ?? 'Failed to update user status',
          }),
      },
    );

  const onAction = (action: StaffAction, member: UserSummary) => {
    if (action === 'edit') openEditor(member);
    else if (action === 'pin') setPinFor(member);
    else if (action === 'toggle') toggleStatus(member);
    else setToDelete(member);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deactivate.mutate(toDelete.id, {
      onSuccess: (result) => {
        // spec §8: the server's 'User deactivated successfully - transaction history preserved'.
        notifySuccess({
          replace: true,
          title: result.message,
          message: `${displayName(toDelete)} can no longer sign in.`,
        });
        setToDelete(null);
      },
      onError: (error) =>
        notifyError({
          replace: true,
          title: 'Failed to deactivate user',
          message: serverMessage(error) ?? 'Failed to deactivate user',
        }),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            Staff &amp; PIN Management
          </Title>
          <Text c="dimmed">Add staff, set their PINs, and enable or disable their access.</Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={() => setEmailOpen(true)}
            disabled={!staff.data}
          >
            Send Email
          </Button>
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
            Add Staff
          </Button>
        </Group>
      </Group>

      <Card padding="md">
        <Title order={2} size="h4" mb="sm">
          Staff Directory
        </Title>
        {staff.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading staff" />
          </Center>
        ) : staff.isError ? (
          <Alert color="red" title="Staff could not be loaded">
            {serverMessage(staff.error) ?? 'Please try again.'}
          </Alert>
        ) : staff.data.length === 0 ? (
          <Text ta="center" py="lg" fw={600}>
            No users found
          </Text>
        ) : (
          <StaffTable
            staff={staff.data}
            actor={actor}
            pendingStatusFor={updateStaff.isPending ? (updateStaff.variables?.id ?? null) : null}
            onAction={onAction}
          />
        )}
      </Card>

      {editor && (
        <StaffFormDialog key={editor.key} opened actor={actor} member={editor.member} onClose={() => setEditor(null)} />
      )}
      <SetPinDialog member={pinFor} onClose={() => setPinFor(null)} />
      <SendEmailDialog opened={emailOpen} staff={staff.data ?? []} onClose={() => setEmailOpen(false)} />

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete Staff Member" centered>
        <Stack gap="md">
          <Text>
            Deactivate <strong>{toDelete ? displayName(toDelete) : ''}</strong>? They can no longer sign in. Their sales
            and history are kept, and Enable gives them their access back.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)} disabled={deactivate.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete} loading={deactivate.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
