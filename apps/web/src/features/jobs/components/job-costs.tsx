import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { JobDetail } from '@retail-hub/shared';
import { money } from '@/lib/money';
import { Section } from './job-parts';

/** The accepted quote's estimate beside the actual cost so far (materials net of returns plus labour). */
export function JobCosts({ job }: { job: JobDetail }) {
  return (
    <Section title="Estimate and actual cost" testId="job-costs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={2}>
          <Text size="sm">Estimate (accepted quote)</Text>
          <Text fw={700} size="lg" data-testid="job-estimate">
            {job.priceTotalEstimate === null ? '—' : money(job.priceTotalEstimate, job.priceCurrency)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm">{job.status === 'delivered' ? 'Actual cost' : 'Actual cost so far'}</Text>
          <Text fw={700} size="lg" data-testid="job-actual">
            {money(job.priceTotalActual ?? job.actualCost.total, job.priceCurrency)}
          </Text>
          <Text size="xs" c="dimmed">
            Materials issued {money(job.actualCost.materialsIssued, job.priceCurrency)} − returned{' '}
            {money(job.actualCost.materialsReturned, job.priceCurrency)} + labour {job.actualCost.labourHours} h ×{' '}
            {money(job.labourRate, job.priceCurrency)} = {money(job.actualCost.labour, job.priceCurrency)}
          </Text>
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
