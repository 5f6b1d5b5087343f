import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AccessDeniedCardProps = {
  /** Heading; null when the message already says it (spec §6 Expense Tracker). */
  title: string | null;
  message: string;
  /** A way out, e.g. a link back to the interface selection. */
  action?: ReactNode;
};

export function AccessDeniedCard({ title, message, action }: AccessDeniedCardProps) {
  return (
    <Card maw={520} mx="auto" mt="xl" p="xl" role="alert" data-testid="access-denied">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLock size={30} stroke={1.75} aria-hidden />
        </ThemeIcon>
        {title ? (
          <>
            <Title order={2} size="h3">
              {title}
            </Title>
            <Text c="dimmed">{message}</Text>
          </>
        ) : (
          <Title order={2} size="h4">
            {message}
          </Title>
        )}
        {action}
      </Stack>
    </Card>
  );
}
