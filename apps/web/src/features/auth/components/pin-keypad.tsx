import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import classes from './pin-login.module.css';

type PinKeypadProps = {
  onDigit: (digit: string) => void;
  onClear: () => void;
  onBackspace: () => void;
  disabled?: boolean;
};

const DIGIT_ROWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Keeps the focus in the PIN input while a key is pressed with mouse or touch, so a physical
 * keyboard keeps working after someone taps the keypad.
 */
const keepInputFocus = (event: MouseEvent) => event.preventDefault();

/** On-screen keypad 0-9 with Clear and backspace (spec §2 PIN login), sized for touch. */
export function PinKeypad({ onDigit, onClear, onBackspace, disabled = false }: PinKeypadProps) {
  const key = (label: string, ariaLabel: string, onClick: () => void, variant: 'digit' | 'action' = 'digit') => (
    <UnstyledButton
      key={ariaLabel}
      type="button"
      className={classes.key}
      data-variant={variant}
      aria-label={ariaLabel}
      disabled={disabled}
      onMouseDown={keepInputFocus}
      onClick={onClick}
    >
      {label === '⌫' ? <IconBackspace size={28} stroke={1.75} aria-hidden /> : label}
    </UnstyledButton>
  );

  return (
    <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm" role="group" aria-label="PIN keypad">
      {DIGIT_ROWS.map((digit) => key(digit, `Digit ${digit}`, () => onDigit(digit)))}
      {key('Clear', 'Clear', onClear, 'action')}
      {key('0', 'Digit 0', () => onDigit('0'))}
      {key('⌫', 'Backspace', onBackspace, 'action')}
    </SimpleGrid>
  );
}
