import { Alert, Stack, Text } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@retail-hub/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';

/** A role picked for a user, waiting for the confirmation of spec §5 Users and roles. */
export type PendingRoleChange<User extends { role: Role }> = { user: User; role: Role };

/**
 * spec §5: "A role change requires a selected user, a chosen role and a confirmation". The
 * confirmation of spec §2 Role Management: a warning that access changes immediately, Cancel and
 * 'Update Role' ('Updating...' while pending). User Management (/users) and Role Management
 * (/role-management) both ask with it.
 */
export function RoleChangeDialog<User extends { role: Role }>({
  pending,
  nameOf,
  isPending,
  onConfirm,
  onCancel,
}: {
  pending: PendingRoleChange<User> | null;
  nameOf: (user: User) => string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened={pending !== null}
      title="Confirm Role Change"
      color="navy"
      confirmLabel="Update Role"
      pendingLabel="Updating..."
      isPending={isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        pending && (
          <Stack gap="md">
            <Text>
              Change the role of <strong>{nameOf(pending.user)}</strong> from{' '}
              <strong>{ROLE_LABELS[pending.user.role]}</strong> to <strong>{ROLE_LABELS[pending.role]}</strong>?
            </Text>
            <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden />} title="Access changes immediately">
              What this user can see and do changes as soon as you confirm. They are signed out everywhere and sign in
              again with their PIN.
            </Alert>
          </Stack>
        )
      }
    />
  );
}
