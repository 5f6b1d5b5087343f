import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Last resort for a render error or a screen chunk that failed to load (a deploy replaced it,
 * the network dropped). Reloading fetches the current build.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Screen failed to render.', error);
  }, [error]);
  return (
    <Center mih="100dvh" bg="gray.1" p="md">
      <Paper w="100%" maw={480} p="xl" withBorder>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            Something went wrong
          </Title>
          <Text c="dimmed">This screen could not be shown. Reload to try again.</Text>
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
