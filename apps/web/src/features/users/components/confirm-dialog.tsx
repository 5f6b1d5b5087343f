import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  color?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a change that cannot be taken back lightly (removing a user, changing a role). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  pendingLabel,
  color = 'red',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="md">
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button color={color} onClick={onConfirm} disabled={isPending}>
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
