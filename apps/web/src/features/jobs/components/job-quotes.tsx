import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { JobDetail, Quote } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { money } from '@/lib/money';
import { JOBS } from '../api';
import { type Action, Section, textField } from './job-parts';

type Props = { job: JobDetail; action: Action };

/** The job's quote versions: made from the materials and steps, sent, accepted or rejected, printed. */
export function JobQuotes({ job, action }: Props) {
  const quoting = job.status === 'draft' || job.status === 'quoted';
  return (
    <Section title="Quotes" testId="job-quotes">
      {quoting ? <NewQuote job={job} action={action} /> : null}
      {job.quotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No quotes yet: add materials and steps, then make a quote.
        </Text>
      ) : (
        <Stack gap="sm">
          {job.quotes.map((q) => (
            <QuoteCard key={q.id} job={job} quote={q} action={action} quoting={quoting} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function NewQuote({ job, action }: Props) {
  const inMonth = format(new Date(Date.now() + 30 * 86_400_000), 'yyyy-MM-dd');
  const [form, setForm] = useState({ validUntil: inMonth, taxRate: '0' });
  return (
    <Group align="flex-end" mb="sm">
      <TextInput label="Valid until" type="date" value={form.validUntil} onChange={textField(setForm, 'validUntil')} />
      <TextInput label="Tax rate %" value={form.taxRate} onChange={textField(setForm, 'taxRate')} w={110} />
      <Button
        variant="light"
        onClick={() =>
          action.mutate({
            url: `${JOBS}/${job.id}/quotes`,
            body: { validUntil: form.validUntil, taxRate: form.taxRate || '0' },
            done: 'Quote made from the materials and steps',
          })
        }
      >
        New quote version
      </Button>
    </Group>
  );
}

function QuoteCard({ job, quote: q, action, quoting }: Props & { quote: Quote; quoting: boolean }) {
  const quoteAction = (verb: 'send' | 'accept' | 'reject', done: string) =>
    action.mutate({ url: `${JOBS}/${job.id}/quotes/${q.id}/${verb}`, done });
  return (
    <Card withBorder padding="sm" data-testid={`quote-v${q.versionNo}`}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>Version {q.versionNo}</Text>
          <Badge variant="light" color={q.status === 'accepted' ? 'green' : q.status === 'rejected' ? 'red' : 'blue'}>
            {q.supersededAt ? 'Superseded' : q.status.charAt(0).toUpperCase() + q.status.slice(1)}
          </Badge>
          <Text size="sm" c="dimmed">
            valid until {q.validUntil ?? '—'}
          </Text>
        </Group>
        <Text fw={600}>{money(q.grandTotal, q.currency)}</Text>
      </Group>
      <Text size="sm">
        Subtotal {money(q.subtotal, q.currency)} · tax {q.taxRate}% {money(q.taxTotal, q.currency)} · {q.lines.length}{' '}
        lines
      </Text>
      <Group gap={4} mt="xs">
        {q.status === 'draft' && quoting ? (
          <Button size="compact-sm" onClick={() => quoteAction('send', `Quote version ${q.versionNo} sent`)}>
            Send quote
          </Button>
        ) : null}
        {q.status === 'sent' && job.status === 'quoted' ? (
          <>
            <Button
              size="compact-sm"
              color="green"
              onClick={() => quoteAction('accept', `Quote version ${q.versionNo} accepted`)}
            >
              Accept quote
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => quoteAction('reject', `Quote version ${q.versionNo} rejected`)}
            >
              Reject quote
            </Button>
          </>
        ) : null}
        <Button
          size="compact-sm"
          variant="default"
          component={Link}
          to={`/jobs/quote-print?id=${job.id}&quoteId=${q.id}`}
          target="_blank"
        >
          Print quote
        </Button>
      </Group>
    </Card>
  );
}
