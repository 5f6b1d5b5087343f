import { Box, Group, Text } from '@mantine/core';
import { useLiveUpdates } from '@/lib/live-updates';

/** spec §2 (POS dashboard, Sales Reports): a green dot while the event stream is open, grey otherwise. */
export function LiveUpdatesIndicator() {
  const { connected } = useLiveUpdates();
  return (
    <Group
      gap={8}
      wrap="nowrap"
      data-testid="live-updates"
      data-connected={connected}
      title={connected ? 'Receiving live updates' : 'Not connected: figures refresh on their own schedule'}
    >
      <Box
        w={10}
        h={10}
        bg={connected ? 'green.6' : 'gray.5'}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      />
      <Text size="sm" fw={500} c={connected ? 'green.8' : 'dimmed'}>
        Live Updates
      </Text>
    </Group>
  );
}
