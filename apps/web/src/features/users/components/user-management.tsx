import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  can,
  displayName,
  ROLE_LABELS,
  type Role,
  USER_MANAGEMENT_ROLE_CHOICES,
  type UserSummary,
} from '@retail-hub/shared';
import { IconKey, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useDepartments } from '@/features/departments';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUsers } from '@/lib/users';
import { useRemoveUser } from '../api/remove-user';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUpdateUserStatus } from '../api/update-user-status';
import { type PendingRoleChange, RoleChangeDialog } from './role-change-dialog';
import { UserCard } from './user-card';

/** spec §6: cashier, manager, and department_manager only if departments exist. */
export function userManagementRoleChoices(hasDepartments: boolean): readonly Role[] {
  return USER_MANAGEMENT_ROLE_CHOICES.filter((role) => role !== 'department_manager' || hasDepartments);
}

/** spec §2 User Management (/users): manager or super_admin (spec §6; the route guard redirects others). */
export function UserManagement() {
  const { user: actor } = useAuth();
  const users = useUsers();
  const departments = useDepartments({ enabled: can(actor?.role, 'departments.manage') });
  const roleChoices = userManagementRoleChoices((departments.data?.length ?? 0) > 0);

  // spec §7: this screen sends the role with PUT.
  const updateRole = useUpdateUserRole({ method: 'PUT' });
  const updateStatus = useUpdateUserStatus();
  const removeUser = useRemoveUser();
  const [toRemove, setToRemove] = useState<UserSummary | null>(null);
  // spec §5: picking a role only selects it; the change is sent after the confirmation.
  const [roleChange, setRoleChange] = useState<PendingRoleChange<UserSummary> | null>(null);

  if (!actor) return null;

  const confirmRoleChange = () => {
    if (!roleChange) return;
    const { user, role } = roleChange;
    updateRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: 'User role updated successfully',
            message: `${displayName(user)} is now ${ROLE_LABELS[role]}.`,
          });
          setRoleChange(null);
        },
        onError: (error) =>
          notifyError({
            replace: true,
            title: 'Update Failed',
            message: serverMessage(error) ?? 'Failed to update user role.',
          }),
      },
    );
  };

  const changeStatus = (user: UserSummary, isActive: boolean) =>
    updateStatus.mutate(
      { userId: user.id, isActive },
      {
        onSuccess: () =>
          notifySuccess({
            replace: true,
            title: 'User status updated successfully',
            message: `${displayName(user)} is now ${isActive ? 'active' : 'inactive'}.`,
          }),
        onError: (error) =>
          notifyError({
            replace: true,
            title: 'Failed to update user status',
            message: serverMessage(error) ?? 'Failed to update user status',
          }),
      },
    );

  const confirmRemove = () => {
    if (!toRemove) return;
    removeUser.mutate(toRemove.id, {
      onSuccess: (result) => {
        notifySuccess({ replace: true, title: 'User removed successfully', message: result.message });
        setToRemove(null);
      },
      onError: (error) =>
        notifyError({
          replace: true,
          title: 'Failed to remove user',
          message: serverMessage(error) ?? 'Failed to remove user',
        }),
    });
  };

  const pendingRoleFor = updateRole.isPending ? updateRole.variables?.userId : undefined;
  const pendingStatusFor = updateStatus.isPending ? updateStatus.variables?.userId : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            User Management
          </Title>
          <Text c="dimmed">Roles, status and access for every member of staff.</Text>
        </div>
        <Group gap="sm">
          {can(actor.role, 'staff.manage') && (
            <Button
              component={Link}
              to="/admin/staff"
              variant="default"
              leftSection={<IconKey size={18} aria-hidden />}
            >
              Staff &amp; PINs
            </Button>
          )}
          {can(actor.role, 'roles.manage') && (
            <Button
              component={Link}
              to="/role-management"
              variant="default"
              leftSection={<IconShieldLock size={18} aria-hidden />}
            >
              Role Management
            </Button>
          )}
        </Group>
      </Group>

      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" title="Users could not be loaded">
          {serverMessage(users.error) ?? 'Please try again.'}
        </Alert>
      ) : users.data.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <IconUsersGroup size={40} aria-hidden />
            <Text fw={600}>No users found</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {users.data.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              actor={actor}
              roleChoices={roleChoices}
              isRolePending={pendingRoleFor === user.id}
              isStatusPending={pendingStatusFor === user.id}
              onRoleChange={(role) => setRoleChange({ user, role })}
              onStatusChange={(isActive) => changeStatus(user, isActive)}
              onRemove={() => setToRemove(user)}
            />
          ))}
        </SimpleGrid>
      )}

      <RoleChangeDialog
        pending={roleChange}
        nameOf={displayName}
        isPending={updateRole.isPending}
        onConfirm={confirmRoleChange}
        onCancel={() => setRoleChange(null)}
      />

      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove User"
        message={
          toRemove
            ? `Remove ${displayName(toRemove)}? If they have sales or other history they are deactivated instead, and every record is kept.`
            : ''
        }
        confirmLabel="Remove User"
        isPending={removeUser.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
    </Stack>
  );
}
