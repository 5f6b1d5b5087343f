import { Box, Group } from '@mantine/core';
import classes from './pin-login.module.css';

export const PIN_LENGTH = 4;

/** The four box positions; they are places, not list items, so they carry fixed keys. */
const POSITIONS = ['first', 'second', 'third', 'fourth'] as const;

/** Four boxes with a dot for each digit entered (spec §2 PIN login). Purely visual: the input speaks for them. */
export function PinBoxes({ filled, isFocused }: { filled: number; isFocused: boolean }) {
  return (
    <Group gap="md" justify="center" wrap="nowrap" aria-hidden>
      {POSITIONS.map((position, index) => {
        const isFilled = index < filled;
        const isNext = isFocused && index === filled;
        return (
          <Box
            key={position}
            className={classes.box}
            data-testid="pin-box"
            data-filled={isFilled}
            data-next={isNext || undefined}
          >
            {isFilled ? <span className={classes.dot} /> : null}
          </Box>
        );
      })}
    </Group>
  );
}
