import { Button, Group, Modal, Text } from '@mantine/core';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A destructive action asks first (spec §2 Inventory: delete asks before it deletes). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
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
      <Text>{message}</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={isPending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
