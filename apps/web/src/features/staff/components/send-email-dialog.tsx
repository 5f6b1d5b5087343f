import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { displayName, type SendEmailResult, USER_MESSAGES, type UserSummary } from '@retail-hub/shared';
import { IconMailOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSendStaffEmail } from '../api/send-staff-email';

type SendEmailDialogProps = {
  opened: boolean;
  staff: UserSummary[];
  onClose: () => void;
};

type Errors = { recipients?: string; subject?: string; message?: string };

/** spec §5 Staff: only staff with an e-mail can be chosen (and only active staff receive mail). */
export function emailableStaff(staff: UserSummary[]): UserSummary[] {
  return staff.filter((member) => member.isActive && member.email);
}

/**
 * spec §2 'Send Email to Staff'; §5 messages 'Subject is required.', 'Message is required.',
 * 'Please select at least one recipient.', 'No valid email addresses found for selected users.';
 * §8 'Failed to send email.'. When the server has no mail server it keeps the message in the
 * outbox and says it was not sent; the dialog shows that instead of a success.
 */
export function SendEmailDialog({ opened, staff, onClose }: SendEmailDialogProps) {
  const candidates = emailableStaff(staff);
  const [selected, setSelected] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notSent, setNotSent] = useState<SendEmailResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendStaffEmail();

  const close = () => {
    setSelected([]);
    setSubject('');
    setMessage('');
    setErrors({});
    setNotSent(null);
    setFailure(null);
    send.reset();
    onClose();
  };

  const allSelected = candidates.length > 0 && selected.length === candidates.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Errors = {};
    if (selected.length === 0) next.recipients = USER_MESSAGES.recipientsRequired;
    if (!subject.trim()) next.subject = USER_MESSAGES.subjectRequired;
    if (!message.trim()) next.message = USER_MESSAGES.messageRequired;
    const recipients = candidates
      .filter((member) => selected.includes(member.id))
      .map((member) => member.email)
      .filter((email): email is string => Boolean(email));
    if (!next.recipients && recipients.length === 0) next.recipients = USER_MESSAGES.noValidRecipients;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate(
      { recipients, subject, message },
      {
        onSuccess: (result) => {
          if (result.sent) {
            notifySuccess({ replace: true, title: 'Email sent', message: result.message });
            close();
          } else {
            setNotSent(result);
          }
        },
        onError: (error) => {
          const text = serverMessage(error) ?? 'Failed to send email.';
          setFailure(text);
          notifyError({ replace: true, title: 'Failed to send email.', message: text });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Send Email to Staff" centered size="lg">
      {notSent ? (
        <Stack gap="md">
          <Alert color="orange" icon={<IconMailOff size={20} aria-hidden />} title="Email not sent" role="alert">
            {notSent.message}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <div>
              <Group justify="space-between" mb={6}>
                <Text fw={500} size="sm">
                  Recipients ({selected.length} of {candidates.length})
                </Text>
                <Checkbox
                  label="Select all"
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  disabled={candidates.length === 0}
                  onChange={() => setSelected(allSelected ? [] : candidates.map((member) => member.id))}
                />
              </Group>
              {candidates.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No active staff member has an email address yet. Add one with Edit.
                </Text>
              ) : (
                <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
                  <Checkbox.Group
                    value={selected}
                    onChange={(value) => {
                      setSelected(value);
                      setErrors((current) => ({ ...current, recipients: undefined }));
                    }}
                    aria-label="Recipients"
                  >
                    <Stack gap="xs" py={4}>
                      {candidates.map((member) => (
                        <Checkbox
                          key={member.id}
                          value={member.id}
                          label={`${displayName(member)} (${member.email})`}
                        />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </ScrollArea.Autosize>
              )}
              {errors.recipients && (
                <Text c="red" size="sm" mt={4} role="alert">
                  {errors.recipients}
                </Text>
              )}
            </div>
            <TextInput
              label="Subject"
              value={subject}
              maxLength={200}
              onChange={(event) => {
                setSubject(event.currentTarget.value);
                setErrors((current) => ({ ...current, subject: undefined }));
              }}
              error={errors.subject}
            />
            <Textarea
              label="Message"
              rows={6}
              resize="vertical"
              maxLength={10_000}
              value={message}
              onChange={(event) => {
                setMessage(event.currentTarget.value);
                setErrors((current) => ({ ...current, message: undefined }));
              }}
              error={errors.message}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={send.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Email'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
