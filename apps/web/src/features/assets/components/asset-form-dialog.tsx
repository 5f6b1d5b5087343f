import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { ASSET_NOTES_MAX } from '@retail-hub/shared';
import type { ReactNode } from 'react';

type AssetFormDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The submit button's text. */
  submitLabel: string;
  /** While the request runs: the submit button spins and Cancel is disabled. */
  pending: boolean;
  submitDisabled?: boolean;
  /** The id of the text that says why submit is disabled (read with the button). */
  submitDescribedBy?: string | undefined;
  /** Shown beside the buttons: why submitting is not possible now. */
  submitNote?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
};

/** The frame of the checkout and return dialogs: a modal form whose fields end with Cancel and submit. */
export function AssetFormDialog({
  opened,
  onClose,
  title,
  submitLabel,
  pending,
  submitDisabled,
  submitDescribedBy,
  submitNote,
  onSubmit,
  children,
}: AssetFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end" mt="sm" wrap="wrap">
            {submitNote ? <div style={{ flex: '1 1 240px', minWidth: 0 }}>{submitNote}</div> : null}
            <Group gap="sm" justify="flex-end" wrap="nowrap">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending} disabled={submitDisabled} aria-describedby={submitDescribedBy}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The optional notes of a checkout or a return (at most ASSET_NOTES_MAX characters). */
export function AssetNotesField({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      size="md"
      label="Notes"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={ASSET_NOTES_MAX}
      rows={3}
    />
  );
}
