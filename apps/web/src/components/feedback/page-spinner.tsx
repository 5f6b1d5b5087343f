import { Center, Loader } from '@mantine/core';

/**
 * Centered spinner for auth loading and lazy screens (spec §2: while authentication is
 * loading). `inline` fills the content area of a shell instead of the whole window.
 */
export function PageSpinner({ inline = false }: { inline?: boolean }) {
  return (
    <Center mih={inline ? 240 : '100dvh'} role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
