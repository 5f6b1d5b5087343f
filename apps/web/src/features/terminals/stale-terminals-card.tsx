import { Alert, Anchor, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTerminals } from './api';
import { ago, terminalLabel } from './format';

/**
 * Issue #19: on the manager's dashboard, the terminals holding sales whose last sync is old.
 * Nothing shows while every terminal is up to date.
 */
export function StaleTerminalsCard() {
  const terminals = useTerminals();
  const stale = (terminals.data?.terminals ?? []).filter((t) => t.stale);
  if (stale.length === 0) return null;
  const sales = stale.reduce((sum, t) => sum + t.unsyncedCount, 0);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCloudOff aria-hidden />}
      title="Terminals not synced"
      data-testid="stale-terminals"
    >
      <Text size="sm">
        {stale.length === 1 ? '1 terminal holds' : `${stale.length} terminals hold`} {sales}{' '}
        {sales === 1 ? 'sale' : 'sales'} the server does not have yet:{' '}
        {stale.map((t) => `${terminalLabel(t.id)} (last sync ${ago(t.lastSyncAt)})`).join(', ')}.
      </Text>
      <Anchor component={Link} to="/terminals" size="sm" fw={600}>
        View terminals
      </Anchor>
    </Alert>
  );
}
