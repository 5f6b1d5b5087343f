import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { HELD_SALE_LABEL_MAX, HELD_SALE_MESSAGES } from '@retail-hub/shared';
import { type FormEvent, useEffect, useState } from 'react';

type HoldDialogProps = {
  opened: boolean;
  /** How many items the cart holds (said in the dialog). */
  itemCount: number;
  isHolding: boolean;
  onClose: () => void;
  /** Holds the cart under the name or table number (trimmed, 1–40 characters). */
  onHold: (label: string) => void;
};

/** The label as the server takes it, or the message saying what is wrong with it. */
export function checkHoldLabel(value: string): { label: string } | { error: string } {
  const label = value.trim();
  if (!label) return { error: HELD_SALE_MESSAGES.labelRequired };
  if (label.length > HELD_SALE_LABEL_MAX) return { error: HELD_SALE_MESSAGES.labelTooLong };
  return { label };
}

/**
 * Issue #35 item 3: 'Hold Sale' asks for a name or table number; holding clears the cart for the
 * next customer. Enter holds, Esc cancels.
 */
export function HoldDialog({ opened, itemCount, isHolding, onClose, onHold }: HoldDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setValue('');
      setError(null);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHoldLabel(value);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    onHold(checked.label);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Hold Sale" centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {itemCount} {itemCount === 1 ? 'item' : 'items'} will wait for any till of this store. No stock is held
            until the sale is paid.
          </Text>
          <TextInput
            label="Name or table number"
            placeholder="e.g. Table 4 or Sam"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={HELD_SALE_LABEL_MAX + 10}
            data-autofocus
            autoComplete="off"
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isHolding}>
              Hold Sale
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
