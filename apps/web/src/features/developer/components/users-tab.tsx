import { Alert, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { displayName, ROLE_LABELS } from '@retail-hub/shared';
import { serverMessage } from '@/lib/api-client';
import { useDeveloperUsers } from '../api/get-developer-users';

/** spec §2 Developer dashboard, User Management: read-only list with e-mail, department, role, Inactive badge. */
export function UsersTab() {
  const users = useDeveloperUsers();
  return (
    <Card padding="md">
      {users.isPending ? (
        <Skeleton h={200} />
      ) : users.isError ? (
        <Alert color="red" title="Users unavailable">
          {serverMessage(users.error) ?? 'Please try again.'}
        </Alert>
      ) : users.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No users found
        </Text>
      ) : (
        <Stack gap={0}>
          {users.data.map((user) => (
            <Group
              key={user.id}
              justify="space-between"
              wrap="nowrap"
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="developer-user-row"
            >
              <Stack gap={2} miw={0}>
                <Text fw={600}>{displayName(user, 'Unnamed user')}</Text>
                <Text size="sm" c="dimmed">
                  {user.email ?? 'No email'}
                  {user.department ? ` · ${user.department}` : ''}
                </Text>
              </Stack>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                {!user.isActive && (
                  <Badge color="red" variant="light">
                    Inactive
                  </Badge>
                )}
                <Badge variant="light" color={user.role === 'super_admin' ? 'grape' : 'blue'}>
                  {ROLE_LABELS[user.role]}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
