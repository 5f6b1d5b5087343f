import { Alert, Box, Button, Stack } from '@mantine/core';
import { displayName, type SessionUser, sanitizePinInput } from '@retail-hub/shared';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { PIN_LENGTH, PinBoxes } from './pin-boxes';
import { PinKeypad } from './pin-keypad';
import classes from './pin-login.module.css';

/** One toast id for every login outcome: a new attempt replaces the last answer instead of queueing behind it. */
const LOGIN_TOAST_ID = 'pin-login-result';

/**
 * PIN entry (spec §2 PIN login, §5 PIN, §8 Login): a hidden password input that keeps digits
 * only, four boxes with dots, an on-screen keypad, and a Login button that is enabled with
 * exactly 4 digits and no request in flight.
 */
export function PinLoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const { loginWithPin } = useAuth();
  const [pin, setPin] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  // Issue #32: why a right PIN was refused here (a till of a store this person may not sell at),
  // kept on the keypad after the toast goes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const canSubmit = pin.length === PIN_LENGTH && !isPending;

  const submit = async () => {
    if (isPending) return;
    if (pin.length !== PIN_LENGTH) {
      notifyError({ id: LOGIN_TOAST_ID, title: 'Invalid PIN', message: 'PIN must be exactly 4 digits', replace: true });
      return;
    }
    setIsPending(true);
    setRefusal(null);
    const result = await loginWithPin(pin);
    setIsPending(false);
    if (result.success) {
      notifySuccess({
        id: LOGIN_TOAST_ID,
        title: 'Login Successful',
        message: `Welcome back, ${displayName(result.user)}!`,
        replace: true,
      });
      onSuccess(result.user);
      return;
    }
    // spec §4, §8: after a failed login the PIN is cleared.
    setPin('');
    inputRef.current?.focus();
    if (result.reason === 'invalid-pin') {
      notifyError({ id: LOGIN_TOAST_ID, title: 'Invalid PIN', message: result.message, replace: true });
    } else if (result.reason === 'network') {
      notifyError({
        id: LOGIN_TOAST_ID,
        title: 'Connection Error',
        message: 'Unable to connect to the server. Please try again.',
        replace: true,
      });
    } else {
      if (result.status === 403) setRefusal(result.message);
      notifyError({ id: LOGIN_TOAST_ID, title: 'Login Failed', message: result.message, replace: true });
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Enter submits even with fewer than 4 digits, so the person hears why nothing happened.
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onFormSubmit} noValidate>
      <Stack gap="lg">
        <Box className={classes.boxes}>
          <PinBoxes filled={pin.length} isFocused={isFocused} />
          <input
            ref={inputRef}
            className={classes.input}
            type="password"
            name="pin"
            aria-label="PIN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PIN_LENGTH}
            // biome-ignore lint/a11y/noAutofocus: the PIN is the only thing this screen asks for
            autoFocus
            value={pin}
            readOnly={isPending}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setPin(sanitizePinInput(event.target.value))}
            onKeyDown={onInputKeyDown}
            onFocus={() => setIsFocused(true)}
            onBlur={() => setIsFocused(false)}
          />
        </Box>
        <PinKeypad
          disabled={isPending}
          onDigit={(digit) => setPin((current) => sanitizePinInput(current + digit))}
          onClear={() => setPin('')}
          onBackspace={() => setPin((current) => current.slice(0, -1))}
        />
        {refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="pin-login-refusal">
            {refusal}
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="xl"
          fullWidth
          disabled={!canSubmit}
          loading={isPending}
          onMouseDown={(event) => event.preventDefault()}
        >
          Login
        </Button>
      </Stack>
    </form>
  );
}
