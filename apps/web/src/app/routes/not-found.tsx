import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../paths';

/** spec §2, §8: any unknown path when signed in. */
export default function NotFoundPage() {
  return (
    <Center mih="100dvh" bg="gray.1" p="md" component="main">
      <Paper w="100%" maw={480} p="xl" shadow="sm" withBorder>
        <Stack align="center" gap="md" ta="center">
          <Text fz={56} fw={800} c="navy.7" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h2">
            Page Not Found
          </Title>
          <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
          <Button component={Link} to={paths.home} size="lg" leftSection={<IconHome size={20} aria-hidden />}>
            Back to Home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
