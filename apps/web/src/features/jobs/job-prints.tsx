import { Alert, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatQty, type JobDetail, qtyToMilli } from '@retail-hub/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { useJob } from './api';

/** A page the browser prints (or saves as PDF); the buttons are hidden on paper. */
function PrintPage({ title, children }: { title: string; children: (job: JobDetail) => ReactNode }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const job = useJob(id);
  if (!id || job.isError || (!job.isPending && !job.data)) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        {id ? (
          <Alert color="red" title="The job could not be loaded">
            {serverMessage(job.error) ?? 'Please try again.'}
          </Alert>
        ) : (
          <Alert color="blue" title="No job chosen">
            Open a job on the job board and choose Print.
          </Alert>
        )}
      </Container>
    );
  }
  if (job.isPending) return <PanelLoading />;
  return (
    <Container size="md" py="lg">
      <style>{'@media print { .no-print { display: none !important; } body { background: #fff; } }'}</style>
      <Group justify="space-between" className="no-print" mb="md">
        <Text c="dimmed" size="sm">
          Use Print and choose “Save as PDF” for a PDF.
        </Text>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      {children(job.data as JobDetail)}
    </Container>
  );
}

function Heading({ title, number, job }: { title: string; number: string; job: JobDetail }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text fw={700} size="lg">
          {number}
        </Text>
        <Text size="sm">
          Job {job.jobNumber}: {job.title}
        </Text>
      </div>
      <Stack gap={0} align="flex-end">
        <Text fw={600}>{job.clientName ?? ''}</Text>
        {job.clientContact ? <Text size="sm">{job.clientContact}</Text> : null}
        {job.clientAddress ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} ta="right">
            {job.clientAddress}
          </Text>
        ) : null}
        {job.departmentName ? <Text size="sm">Workshop: {job.departmentName}</Text> : null}
      </Stack>
    </Group>
  );
}

/** /jobs/quote-print?id=&quoteId= (issue #18): the quote for the client. */
export function QuotePrint() {
  const [params] = useSearchParams();
  return (
    <PrintPage title="Quote">
      {(job) => {
        const quote = job.quotes.find((q) => q.id === params.get('quoteId')) ?? job.quotes[0];
        if (!quote) {
          return (
            <Alert color="blue" title="No quote yet">
              This job has no quote.
            </Alert>
          );
        }
        return (
          <Stack gap="sm" data-testid="quote-print">
            <Heading title="Quote" number={`${job.jobNumber} version ${quote.versionNo}`} job={job} />
            <Text size="sm">
              Valid until {quote.validUntil ?? '—'}
              {quote.status === 'draft' ? ' · DRAFT' : ''}
              {quote.supersededAt ? ' · SUPERSEDED' : ''}
            </Text>
            <Table withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quote.lines.map((l) => (
                  <Table.Tr key={l.lineNo}>
                    <Table.Td>{l.lineNo}</Table.Td>
                    <Table.Td>{l.description}</Table.Td>
                    <Table.Td ta="right">
                      {formatQty(l.qty)}
                      {l.kind === 'labour' ? ' h' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{money(l.unitPrice, quote.currency)}</Table.Td>
                    <Table.Td ta="right">{money(l.lineTotal, quote.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Stack gap={0} align="flex-end">
              <Text>Subtotal: {money(quote.subtotal, quote.currency)}</Text>
              <Text>
                Tax ({quote.taxRate}%): {money(quote.taxTotal, quote.currency)}
              </Text>
              <Text fw={700}>Total: {money(quote.grandTotal, quote.currency)}</Text>
            </Stack>
            {quote.notes ? <Text size="sm">{quote.notes}</Text> : null}
          </Stack>
        );
      }}
    </PrintPage>
  );
}

/** /jobs/delivery-print?id= (issue #18): the delivery note with the signature. */
export function DeliveryPrint() {
  return (
    <PrintPage title="Delivery Note">
      {(job) => {
        const d = job.delivery;
        if (!d) {
          return (
            <Alert color="blue" title="Not delivered yet">
              This job has no delivery yet.
            </Alert>
          );
        }
        return (
          <Stack gap="sm" data-testid="delivery-print">
            <Heading title="Delivery Note" number={d.deliveryNo} job={job} />
            <Text>Delivery date: {d.deliveryDate}</Text>
            <Text>Delivered to: {d.deliveredTo}</Text>
            <Text>Delivered by: {d.deliveredByName ?? '—'}</Text>
            <Table withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Quantity used</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {job.bom.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      {b.sku} — {b.itemName}
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatQty(qtyToMilli(b.qtyIssued) - qtyToMilli(b.qtyReturned))} {b.uom}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text mt="md">Received in good order by: {d.acceptanceName}</Text>
            <img
              src={d.signature}
              alt={`Signature of ${d.acceptanceName}`}
              data-testid="delivery-signature"
              style={{ maxWidth: 360, border: '1px solid #dee2e6' }}
            />
            {d.notes ? <Text size="sm">{d.notes}</Text> : null}
          </Stack>
        );
      }}
    </PrintPage>
  );
}
