import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import type { JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { JOBS, useJobLookups } from '../api';
import {
  type Action,
  HoursInput,
  hoursBody,
  isPlanning,
  planFrozenReason,
  ReadOnlyNote,
  Section,
  textField,
} from './job-parts';
import { StepRow } from './step-row';

type Props = { job: JobDetail; action: Action };

/** The job's steps (the labour): planned while planning, worked while the job is approved to QA. */
export function JobSteps({ job, action }: Props) {
  const frozen = planFrozenReason(job, 'steps (names, planned hours, adding and removing)');
  return (
    <Section title="Steps" testId="job-steps">
      <Table.ScrollContainer minWidth={700}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Step</Table.Th>
              <Table.Th>Assignee</Table.Th>
              <Table.Th ta="right">Planned h</Table.Th>
              <Table.Th>Actual h</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.steps.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    No steps yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              job.steps.map((step) => <StepRow key={step.id} job={job} step={step} action={action} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {isPlanning(job) ? <AddStep job={job} action={action} /> : null}
      {frozen ? <ReadOnlyNote>{frozen}</ReadOnlyNote> : null}
    </Section>
  );
}

function AddStep({ job, action }: Props) {
  const lookups = useJobLookups();
  const [form, setForm] = useState({
    name: '',
    plannedHours: '' as string | number,
    assignedTo: null as string | null,
  });
  return (
    <Group align="flex-end" mt="sm">
      <TextInput label="Step name" value={form.name} onChange={textField(setForm, 'name')} w={240} />
      <HoursInput
        label="Planned hours"
        value={form.plannedHours}
        onChange={(v) => setForm((f) => ({ ...f, plannedHours: v }))}
        w={130}
      />
      <Select
        label="Assignee"
        searchable
        clearable
        data={(lookups.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
        value={form.assignedTo}
        onChange={(v) => setForm((f) => ({ ...f, assignedTo: v }))}
        w={220}
      />
      <Button
        variant="light"
        onClick={() =>
          action.mutate(
            {
              url: `${JOBS}/${job.id}/steps`,
              body: { name: form.name, plannedHours: hoursBody(form.plannedHours), assignedTo: form.assignedTo },
              done: 'Step added',
            },
            { onSuccess: () => setForm({ name: '', plannedHours: '', assignedTo: null }) },
          )
        }
      >
        Add step
      </Button>
    </Group>
  );
}
