import { Alert, Badge, Card, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { format } from 'date-fns';
import { serverMessage } from '@/lib/api-client';
import { useOutbox } from '../api/get-outbox';

/** Staff e-mail that was not sent (no mail server configured, or refused by it): kept so nothing typed is lost. */
export function OutboxTab() {
  const outbox = useOutbox({ enabled: true });
  if (outbox.isPending) return <Skeleton h={160} />;
  if (outbox.isError) {
    return (
      <Alert color="red" title="Outbox unavailable">
        {serverMessage(outbox.error) ?? 'Please try again.'}
      </Alert>
    );
  }
  const { configured, messages } = outbox.data;
  return (
    <Stack gap="md">
      <Alert color={configured ? 'blue' : 'orange'} title={configured ? 'Mail server configured' : 'No mail server'}>
        {configured
          ? 'Staff e-mail goes out through SMTP. Messages the server refused are kept below.'
          : 'Staff e-mail is not sent: set SMTP_URL (or SMTP_HOST) and MAIL_FROM to send it. Messages are kept below.'}
      </Alert>
      <Card padding="md">
        {messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            The outbox is empty
          </Text>
        ) : (
          <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars>
            <Stack gap="md">
              {messages.map((mail) => (
                <Stack
                  key={mail.id}
                  gap={4}
                  pb="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="outbox-message"
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{mail.subject}</Text>
                    <Badge variant="light" color={mail.reason === 'smtp_failed' ? 'red' : 'orange'}>
                      {mail.reason === 'smtp_failed' ? 'Refused' : 'Not sent'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {format(new Date(mail.createdAt), 'MMM d, HH:mm')} · from {mail.sentBy.name} · to{' '}
                    {mail.to.join(', ')}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                    {mail.text}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Card>
    </Stack>
  );
}
