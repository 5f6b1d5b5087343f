import { Table } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail } from '@retail-hub/shared';
import { Section, when } from './job-parts';

/** Every move of the job, with who made it and the note. */
export function JobHistory({ job }: { job: JobDetail }) {
  return (
    <Section title="History" testId="job-history">
      <Table.ScrollContainer minWidth={500}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Move</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.history.map((h) => (
              <Table.Tr key={`${h.changedAt}-${h.toStatus}`}>
                <Table.Td>{when(h.changedAt)}</Table.Td>
                <Table.Td>
                  {h.fromStatus ? `${JOB_STATE_LABELS[h.fromStatus]} → ` : 'Created as '}
                  {JOB_STATE_LABELS[h.toStatus]}
                </Table.Td>
                <Table.Td>{h.changedByName ?? '—'}</Table.Td>
                <Table.Td>{h.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
