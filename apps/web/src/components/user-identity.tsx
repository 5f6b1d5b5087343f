import { Avatar, Box, Group, Text } from '@mantine/core';
import { displayName, initials, ROLE_LABELS, type SessionUser } from '@retail-hub/shared';

/** Initials, name (e-mail as fallback) and role label of the signed-in user (spec §2). */
export function UserIdentity({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} data-testid="user-identity">
      <Avatar color="navy" variant="filled" radius="xl" size={compact ? 36 : 42} aria-hidden>
        {initials(user)}
      </Avatar>
      <Box miw={0}>
        <Text fw={600} size={compact ? 'sm' : 'md'} truncate="end">
          {displayName(user)}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {ROLE_LABELS[user.role]}
        </Text>
      </Box>
    </Group>
  );
}
