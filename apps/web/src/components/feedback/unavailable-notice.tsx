import { Paper, Text } from '@mantine/core';

/** The honest stand-in for a screen that is not built yet: no fake figures, no dead controls. */
export function UnavailableNotice() {
  return (
    <Paper withBorder p="xl" data-testid="screen-unavailable">
      <Text size="lg">This screen is not available yet.</Text>
    </Paper>
  );
}
