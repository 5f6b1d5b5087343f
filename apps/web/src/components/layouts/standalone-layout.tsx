import { Anchor, Box, Container, Group, Stack, Title } from '@mantine/core';
import type { SessionUser } from '@retail-hub/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserIdentity } from '../user-identity';

type StandaloneLayoutProps = {
  title: string;
  user: SessionUser;
  /** Where the back link goes (spec §2: the interface selection at '/'). */
  backTo: string;
  backLabel: string;
  /** Shown next to the title, e.g. the 'Developer Access' badge. */
  badge?: ReactNode;
  children: ReactNode;
};

/** Screens without a navigation shell (spec §2): a header with a back link, the user and the title. */
export function StandaloneLayout({ title, user, backTo, backLabel, badge, children }: StandaloneLayoutProps) {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Anchor component={Link} to={backTo} fw={600} size="md">
              <Group gap={6} wrap="nowrap">
                <IconArrowLeft size={20} aria-hidden />
                {backLabel}
              </Group>
            </Anchor>
            <UserIdentity user={user} compact />
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="xl" component="main">
        <Stack gap="lg">
          <Group gap="md" align="center">
            <Title order={1} size="h2">
              {title}
            </Title>
            {badge}
          </Group>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
