import { Group, Kbd } from '@mantine/core';

/**
 * Key caps inside a button ('Esc', 'F9'), hidden from its accessible name: the button's
 * `aria-keyshortcuts` tells assistive technology the same keys (issue #22).
 */
export function KeyHint({ keys, inverse = false }: { keys: readonly string[]; inverse?: boolean }) {
  return (
    <Group gap={2} wrap="nowrap" aria-hidden component="span">
      {keys.map((key) => (
        <Kbd
          key={key}
          size="xs"
          // On a filled button the cap takes the button's own text colour.
          style={inverse ? { background: 'transparent', color: 'inherit', borderColor: 'currentColor' } : undefined}
        >
          {key}
        </Kbd>
      ))}
    </Group>
  );
}
