import { Avatar, Badge, Box, Group, Paper, Text } from '@mantine/core';
import type { SessionUser } from '@retail-hub/shared';
import { IconBuildingStore, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** spec §2 POS terminal: full name, or 'Current User' when the account has none. */
export function cashierName(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || 'Current User';
}

/** spec §2: the role label is Manager or Cashier (anyone above cashier supervises the till). */
export function terminalRoleLabel(role: SessionUser['role']): 'Manager' | 'Cashier' {
  return role === 'cashier' ? 'Cashier' : 'Manager';
}

/** spec §2: the last 6 characters of the user id, upper case. */
export function shortUserId(id: string): string {
  return id.slice(-6).toUpperCase();
}

/**
 * spec §2 POS terminal: who is selling (initial, full name, role label, short id) and the banner
 * that every sale is tracked to this user. `actions` holds the shift status bar.
 */
export function CashierHeader({
  user,
  actions,
  corner,
  storeName,
}: {
  user: SessionUser;
  /** Issue #32 item 2: the store this till sells at, shown only when the installation has several. */
  storeName?: string | null;
  actions?: ReactNode;
  /** Beside the name, at the right of its row (the terminal's keyboard shortcuts button). */
  corner?: ReactNode;
}) {
  const name = cashierName(user);
  return (
    <Paper withBorder p="sm" data-testid="cashier-header">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group
          gap="sm"
          wrap="nowrap"
          miw={0}
          justify="space-between"
          style={{ flex: corner ? '1 1 300px' : undefined }}
        >
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar color="navy" variant="filled" radius="xl" size={44} aria-hidden>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Box miw={0}>
              <Group gap={8} wrap="nowrap">
                <Text fw={700} truncate="end" data-testid="cashier-name">
                  {name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {terminalRoleLabel(user.role)} · ID {shortUserId(user.id)}
                </Text>
                {storeName ? (
                  <Badge
                    variant="light"
                    color="navy"
                    leftSection={<IconBuildingStore size={14} aria-hidden />}
                    data-testid="till-store"
                    style={{ flexShrink: 0 }}
                  >
                    {storeName}
                  </Badge>
                ) : null}
              </Group>
              <Group gap={4} wrap="nowrap" c="green.9">
                <IconShieldCheck size={16} aria-hidden />
                <Text size="sm" c="green.9" role="note">
                  All sales are tracked to {name}
                </Text>
              </Group>
            </Box>
          </Group>
          {corner}
        </Group>
        {actions}
      </Group>
    </Paper>
  );
}
