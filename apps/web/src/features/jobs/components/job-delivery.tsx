import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type JobDetail, SIGNATURE_MAX_BYTES } from '@retail-hub/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '@/lib/notify';
import { JOBS } from '../api';
import { type Action, Section, textField } from './job-parts';
import { SignatureField } from './signature-field';

type Props = { job: JobDetail; action: Action };
type Delivery = NonNullable<JobDetail['delivery']>;

/** The signed delivery of a ready job, or the delivery note once it is delivered. */
export function JobDelivery({ job, action }: Props) {
  if (job.delivery) return <Delivered job={job} delivery={job.delivery} />;
  if (job.status !== 'ready') return null;
  return <DeliveryForm job={job} action={action} />;
}

function Delivered({ job, delivery: d }: { job: JobDetail; delivery: Delivery }) {
  return (
    <Section title="Delivery" testId="job-delivery">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={2}>
          <Text>Delivery note {d.deliveryNo}</Text>
          <Text size="sm">
            Delivered to {d.deliveredTo} on {d.deliveryDate} by {d.deliveredByName ?? '—'}
          </Text>
          <Text size="sm">Accepted by {d.acceptanceName}</Text>
          <Button
            mt="xs"
            variant="default"
            component={Link}
            to={`/jobs/delivery-print?id=${job.id}`}
            target="_blank"
            w="fit-content"
          >
            Print delivery note
          </Button>
        </Stack>
        <img
          src={d.signature}
          alt={`Signature of ${d.acceptanceName}`}
          style={{ maxWidth: 320, border: '1px solid #dee2e6' }}
        />
      </SimpleGrid>
    </Section>
  );
}

function DeliveryForm({ job, action }: Props) {
  const [form, setForm] = useState({
    deliveredTo: job.clientName ?? '',
    acceptanceName: '',
    deliveryDate: format(new Date(), 'yyyy-MM-dd'),
  });
  const [signature, setSignature] = useState<string | null>(null);
  const submit = () => {
    if (!signature) {
      notifyError({ title: 'Not done', message: 'A signature is required' });
      return;
    }
    if (signature.length > (SIGNATURE_MAX_BYTES * 4) / 3) {
      notifyError({ title: 'Not done', message: 'The signature image is too large (at most 200 KB)' });
      return;
    }
    action.mutate({
      url: `${JOBS}/${job.id}/delivery`,
      body: { ...form, signature },
      done: 'Delivered: the job is closed',
    });
  };
  return (
    <Section title="Delivery" testId="job-delivery">
      <Stack maw={520}>
        <TextInput
          label="Delivered to"
          required
          value={form.deliveredTo}
          onChange={textField(setForm, 'deliveredTo')}
        />
        <TextInput
          label="Accepted by (name)"
          required
          value={form.acceptanceName}
          onChange={textField(setForm, 'acceptanceName')}
        />
        <TextInput
          label="Delivery date"
          type="date"
          value={form.deliveryDate}
          onChange={textField(setForm, 'deliveryDate')}
        />
        <SignatureField onChange={setSignature} />
        <Button onClick={submit} loading={action.isPending} w="fit-content">
          Record delivery
        </Button>
      </Stack>
    </Section>
  );
}
