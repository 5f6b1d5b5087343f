import { Stack, Title } from '@mantine/core';
import type { Screen } from '@retail-hub/shared';
import { UnavailableNotice } from '@/components/feedback/unavailable-notice';

/** A screen inside a shell that is not built yet: its title (from SCREENS) and an honest line. */
export default function UnavailableScreen({ screen }: { screen: Screen }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {screen.title}
      </Title>
      <UnavailableNotice />
    </Stack>
  );
}
