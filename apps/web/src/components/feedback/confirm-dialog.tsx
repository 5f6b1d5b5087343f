import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while pending (e.g. 'Updating...'); otherwise it spins. */
  pendingLabel?: string;
  color?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a change that cannot be taken back lightly: deleting a product (spec §2 Inventory),
 * removing a user, changing a role (spec §2 Role Management).
 */
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
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button
          color={color}
          onClick={onConfirm}
          disabled={isPending && Boolean(pendingLabel)}
          loading={isPending && !pendingLabel}
        >
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
