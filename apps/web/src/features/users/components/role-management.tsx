import {
  Alert,
  Badge,
  Box,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_LEVELS,
  ROLES,
  type Role,
  type SessionUser,
  type UserSummary,
} from '@retail-hub/shared';
import { useState } from 'react';
import { DiscountCapsCard } from '@/features/pos';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUsers } from '@/lib/users';
import { useUpdateUserRole } from '../api/update-user-role';
import { type PendingRoleChange, RoleChangeDialog } from './role-change-dialog';

/** spec §2 Role Management: the name, or the e-mail prefix, or a default. */
export function roleTableName(user: Pick<UserSummary, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  if (name) return name;
  return user.email?.split('@')[0] || 'User';
}

const HIGHEST_FIRST = [...ROLES].sort((a, b) => ROLE_LEVELS[b] - ROLE_LEVELS[a]);
const ROLE_COLORS: Record<Role, string> = {
  cashier: 'gray',
  manager: 'blue',
  department_manager: 'teal',
  procurement_admin: 'orange',
  super_admin: 'grape',
};

/** A badge clips its label to fit; max-content keeps the table column as wide as the label. */
function RoleBadge({ role }: { role: Role }) {
  return (
    <Box miw="max-content">
      <Badge variant="light" color={ROLE_COLORS[role]} tt="none">
        {ROLE_LABELS[role]}
      </Badge>
    </Box>
  );
}

/** An address that may wrap only after the '@' on a narrow screen. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** spec §6 Role levels: the five-level hierarchy, highest first. */
function RoleHierarchy({ users }: { users: UserSummary[] }) {
  return (
    <Card padding="md" component="section" aria-labelledby="role-hierarchy-title">
      <Title order={2} size="h4" mb="sm" id="role-hierarchy-title">
        Role hierarchy
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        {HIGHEST_FIRST.map((role) => (
          <Card key={role} padding="sm" radius="md" withBorder data-testid="role-level">
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" color={ROLE_COLORS[role]} radius="xl" size="md" aria-hidden>
                  <Text fw={700} size="sm">
                    {ROLE_LEVELS[role]}
                  </Text>
                </ThemeIcon>
                <Text fw={700}>{ROLE_LABELS[role]}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                Level {ROLE_LEVELS[role]}: {ROLE_DESCRIPTIONS[role]}
              </Text>
              <Text size="xs" c="dimmed">
                {users.filter((user) => user.role === role).length} user(s)
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

type PendingChange = PendingRoleChange<UserSummary>;

function RoleTable({
  users,
  actor,
  onChoose,
}: {
  users: UserSummary[];
  actor: SessionUser;
  onChoose: (change: PendingChange) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover aria-label="Users and roles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Current Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={240}>Change Role</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = roleTableName(user);
            const isSelf = user.id === actor.id;
            return (
              <Table.Tr key={user.id}>
                <Table.Td fw={600}>
                  {name}
                  {isSelf && (
                    <Badge ml="xs" size="sm" variant="light">
                      You
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{user.email ? <EmailAddress email={user.email} /> : '—'}</Table.Td>
                <Table.Td>
                  <RoleBadge role={user.role} />
                </Table.Td>
                <Table.Td>
                  <Box miw="max-content">
                    <Badge variant="dot" color={user.isActive ? 'green' : 'gray'} tt="none">
                      {user.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Box>
                </Table.Td>
                <Table.Td>
                  <Select
                    w={230}
                    aria-label={`New role for ${name}`}
                    data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                    value={user.role}
                    allowDeselect={false}
                    disabled={isSelf}
                    title={isSelf ? 'You cannot change your own role.' : undefined}
                    onChange={(value) => {
                      if (value && value !== user.role) onChoose({ user, role: value as Role });
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** spec §2 Role Management (/role-management): super_admin only (spec §6; the route guard). */
export function RoleManagement() {
  const { user: actor } = useAuth();
  const users = useUsers();
  const updateRole = useUpdateUserRole({ method: 'PATCH' });
  const [pending, setPending] = useState<PendingChange | null>(null);

  if (!actor) return null;

  const confirm = () => {
    if (!pending) return;
    const { user, role } = pending;
    updateRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: 'User role updated successfully',
            message: `${roleTableName(user)} is now ${ROLE_LABELS[role]}.`,
          });
          setPending(null);
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

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Role Management
        </Title>
        <Text c="dimmed">Who can do what: five levels, from basic POS access to complete system access.</Text>
      </div>

      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" title="Users could not be loaded">
          {serverMessage(users.error) ?? 'Please try again.'}
        </Alert>
      ) : (
        <>
          <RoleHierarchy users={users.data} />
          <DiscountCapsCard />
          <Card padding="md" component="section" aria-labelledby="role-users-title">
            <Title order={2} size="h4" mb="sm" id="role-users-title">
              Users and roles
            </Title>
            {users.data.length === 0 ? (
              <Text ta="center" py="lg" fw={600}>
                No users found
              </Text>
            ) : (
              <RoleTable users={users.data} actor={actor} onChoose={setPending} />
            )}
          </Card>
        </>
      )}

      <RoleChangeDialog
        pending={pending}
        nameOf={roleTableName}
        isPending={updateRole.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
