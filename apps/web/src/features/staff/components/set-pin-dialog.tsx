import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { displayName, sanitizePinInput, USER_MESSAGES, type UserSummary } from '@retail-hub/shared';
import { IconDice5 } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetStaffPin } from '../api/set-staff-pin';

type SetPinDialogProps = {
  member: UserSummary | null;
  onClose: () => void;
};

/**
 * spec §5 Staff: the Set PIN prompt 'New 4-digit PIN?' (4 digits, else 'PIN must be 4 digits');
 * §8: 'PIN updated' / 'Failed to update PIN'. Generate asks the server for a random PIN, which
 * this dialog shows once: it is not kept anywhere in the app after the dialog closes.
 */
export function SetPinDialog({ member, onClose }: SetPinDialogProps) {
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [generated, setGenerated] = useState<string | null>(null);
  const setStaffPin = useSetStaffPin();

  const close = () => {
    setPin('');
    setProblem(null);
    setGenerated(null);
    setStaffPin.reset();
    onClose();
  };

  const fail = (error: unknown) => {
    const message = serverMessage(error) ?? 'Failed to update PIN';
    setProblem(message);
    notifyError({ replace: true, title: 'Failed to update PIN', message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!member) return;
    if (!/^[0-9]{4}$/.test(pin)) {
      setProblem(USER_MESSAGES.pinPrompt);
      return;
    }
    setProblem(null);
    setStaffPin.mutate(
      { id: member.id, pin },
      {
        onSuccess: () => {
          notifySuccess({
            replace: true,
            title: 'PIN updated',
            message: `${displayName(member)} signs in with the new PIN.`,
          });
          close();
        },
        onError: fail,
      },
    );
  };

  const generate = () => {
    if (!member) return;
    setProblem(null);
    setStaffPin.mutate(
      { id: member.id, generate: true },
      {
        onSuccess: (result) => {
          setPin('');
          setGenerated(result.pin ?? null);
          notifySuccess({ replace: true, title: 'PIN updated', message: 'Note the new PIN now: it is shown once.' });
        },
        onError: fail,
      },
    );
  };

  return (
    <Modal opened={member !== null} onClose={close} title="New 4-digit PIN?" centered size="md">
      {generated ? (
        <Stack gap="md" align="center" ta="center">
          <Text>
            The new PIN for <strong>{member ? displayName(member) : ''}</strong> is
          </Text>
          <Code fz={40} fw={700} px="lg" py="xs" data-testid="generated-pin" style={{ letterSpacing: '0.3em' }}>
            {generated}
          </Code>
          <Alert color="orange" w="100%">
            Tell them now or write it down for them. It will not be shown again.
          </Alert>
          <Button onClick={close} fullWidth>
            Done
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {member && (
              <Text>
                For <strong>{displayName(member)}</strong>. Their open sessions end when the PIN changes.
              </Text>
            )}
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              label="New PIN"
              aria-label="New 4-digit PIN"
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
              maxLength={4}
              value={pin}
              onChange={(event) => setPin(sanitizePinInput(event.currentTarget.value))}
              styles={{ input: { fontSize: '1.5rem', letterSpacing: '0.4em', textAlign: 'center' } }}
            />
            <Text size="sm" c="dimmed">
              Avoid easy PINs such as 1234 or 1111; every active person needs a different PIN.
            </Text>
            <Group justify="space-between" mt="sm">
              <Button
                variant="light"
                leftSection={<IconDice5 size={18} aria-hidden />}
                onClick={generate}
                disabled={setStaffPin.isPending}
              >
                Generate
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={setStaffPin.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={setStaffPin.isPending}>
                  Set PIN
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
