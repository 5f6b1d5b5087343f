import { Button, TextInput } from '@mantine/core';
import { CUSTOMER_DISPLAY_CODE_LENGTH } from '@retail-hub/shared';
import { type FormEvent, useState } from 'react';
import classes from './customer-display.module.css';

/**
 * Issue #36 item 4 (ADR 0033): a display on another device asks for the code the till shows
 * (Customer Display, then Pair a Customer Display). The server sets the display's credential.
 */
export function PairingForm({ onPair }: { onPair: (code: string) => Promise<string | null> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, '');
    if (digits.length !== CUSTOMER_DISPLAY_CODE_LENGTH) {
      setError('Enter the 6-digit code');
      return;
    }
    setBusy(true);
    const refused = await onPair(digits);
    setBusy(false);
    setError(refused);
    if (refused) setCode('');
  };

  return (
    <main className={classes.root}>
      <div className={classes.center}>
        <h1 className={classes.title}>Enter the pairing code</h1>
        <p className={classes.welcome}>On the till: Customer Display, then Pair a Customer Display.</p>
        <form className={classes.pairForm} onSubmit={submit} noValidate>
          <TextInput
            label="Pairing code"
            size="xl"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CUSTOMER_DISPLAY_CODE_LENGTH + 1}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            classNames={{ input: classes.pairInput }}
            data-autofocus
            autoFocus
          />
          <Button type="submit" size="xl" loading={busy}>
            Pair
          </Button>
        </form>
      </div>
    </main>
  );
}
