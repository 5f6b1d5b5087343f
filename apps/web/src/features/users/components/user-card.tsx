import { Avatar, Badge, Button, Card, Group, Select, Stack, Switch, Text } from '@mantine/core';
import {
  displayName,
  initials,
  mayChangeRoleOrStatus,
  mayRemove,
  outranksOrEquals,
  ROLE_LABELS,
  type Role,
  type SessionUser,
  type UserSummary,
} from '@retail-hub/shared';
import { IconTrash } from '@tabler/icons-react';
import { format } from 'date-fns';
import { UserStoresSelect } from '@/features/retail-stores';

export type UserCardProps = {
  user: UserSummary;
  actor: SessionUser;
  /** spec §6: cashier, manager, and department_manager only if departments exist. */
  roleChoices: readonly Role[];
  isRolePending: boolean;
  isStatusPending: boolean;
  onRoleChange: (role: Role) => void;
  onStatusChange: (isActive: boolean) => void;
  onRemove: () => void;
};

/** What a user card says about a control the actor may not use (docs/adr/0005). */
function lockReason(actor: SessionUser, user: UserSummary): string | null {
  if (actor.id === user.id) return 'You cannot change your own role or status.';
  if (!outranksOrEquals(actor.role, user.role)) return 'This user’s role is above yours.';
  return null;
}

/** spec §2 User Management: one card per user with role select, status switch, department, remove, ID and joined date. */
export function UserCard({
  user,
  actor,
  roleChoices,
  isRolePending,
  isStatusPending,
  onRoleChange,
  onStatusChange,
  onRemove,
}: UserCardProps) {
  const name = displayName(user);
  const isSelf = actor.id === user.id;
  const editable = mayChangeRoleOrStatus(actor, user);
  const reason = lockReason(actor, user);
  // The current role is always listed, so a role outside the choices (a super admin) still reads right.
  const roles = roleChoices.includes(user.role) ? roleChoices : [...roleChoices, user.role];
  const roleData = roles.map((role) => ({
    value: role,
    // The current role reads plainly; only a choice the actor may not grant says why it is disabled.
    label:
      role === user.role || outranksOrEquals(actor.role, role)
        ? ROLE_LABELS[role]
        : `${ROLE_LABELS[role]} (above your role)`,
    disabled: role !== user.role && !outranksOrEquals(actor.role, role),
  }));

  return (
    <Card data-testid="user-card" aria-label={name} component="article">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar color={user.isActive ? 'navy' : 'gray'} variant="filled" radius="xl" size={44} aria-hidden>
            {initials(user)}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={700} size="lg" truncate="end" maw="100%">
                {name}
              </Text>
              {isSelf && (
                <Badge size="sm" variant="light" color="navy">
                  You
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate="end">
              {user.email ?? 'No email'}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="light" color={user.role === 'super_admin' ? 'grape' : 'blue'}>
                {ROLE_LABELS[user.role]}
              </Badge>
              {user.department && (
                <Badge variant="outline" color="teal">
                  {user.department}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>

        <Select
          label="Role"
          data={roleData}
          value={user.role}
          allowDeselect={false}
          disabled={!editable || isRolePending}
          onChange={(value) => {
            if (value && value !== user.role) onRoleChange(value as Role);
          }}
          aria-label={`Role of ${name}`}
          comboboxProps={{ withinPortal: true }}
        />

        <UserStoresSelect userId={user.id} name={name} disabled={!editable} />

        <Group justify="space-between" wrap="nowrap">
          <Switch
            size="md"
            checked={user.isActive}
            disabled={!editable || isStatusPending}
            onChange={(event) => onStatusChange(event.currentTarget.checked)}
            label={user.isActive ? 'Active' : 'Inactive'}
            aria-label={`${name} is active`}
            color="green"
          />
          {mayRemove(actor, user) && (
            <Button
              variant="light"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onRemove}
            >
              Remove User
            </Button>
          )}
        </Group>
        {reason && (
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
        )}

        <Group justify="space-between" mt="auto" gap="xs">
          <Text size="xs" c="dimmed" title={user.id}>
            ID: {user.id.slice(-6).toUpperCase()}
          </Text>
          <Text size="xs" c="dimmed">
            Joined {format(new Date(user.createdAt), 'MMM d, yyyy')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
