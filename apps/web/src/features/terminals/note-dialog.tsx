import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/**
 * The one dialog a manager resolves something held on a terminal with (a stock discrepancy, a
 * held offline sale): what will happen, a required note saying why, any extra fields, and the
 * action. `onSubmit` resolves when the server saved it; the dialog then clears and closes. A
 * refusal shows the server's field message (or its message) as a 'Not Resolved' toast and keeps
 * the dialog open with what was typed.
 */
export function NoteDialog({
  opened,
  title,
  intro,
  noteDescription,
  noteMessage,
  confirmLabel,
  confirmColor,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  intro: ReactNode;
  noteDescription?: string;
  /** Shown under the note when it is left empty. */
  noteMessage: string;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onSubmit: (note: string) => Promise<unknown>;
  /** Also called after a successful submit: the caller clears its own extra fields here. */
  onClose: () => void;
  children?: ReactNode;
}) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setNoteError(null);
    onClose();
  };
  const submit = () => {
    if (!note.trim()) {
      setNoteError(noteMessage);
      return;
    }
    onSubmit(note.trim()).then(close, (error: unknown) => {
      const field = error instanceof ApiError ? Object.values(error.body?.errors ?? {}).find(Boolean) : undefined;
      notifyError({ title: 'Not Resolved', message: field ?? serverMessage(error) ?? 'Please try again.' });
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {opened ? (
        <Stack gap="md">
          <Text>{intro}</Text>
          <Textarea
            label="Note"
            description={noteDescription}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError}
            data-autofocus
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={pending} color={confirmColor}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
