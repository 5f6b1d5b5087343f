import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { JOBS, useJobLookups, useJobsAction } from './api';

/** The client and department are those of the accepted quote: the server fixes them from approval on. */
export const headerOpen = (job: JobDetail) => job.status === 'draft' || job.status === 'quoted';

/**
 * A job's header: title, description, client, department, priority, requested and needed-by
 * dates. Without `job` it creates one and opens it; with `job` it edits it (PATCH, same body).
 */
export function JobForm({ job, onClose }: { job?: JobDetail; onClose: () => void }) {
  const lookups = useJobLookups();
  const action = useJobsAction();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    title: job?.title ?? '',
    description: job?.description ?? '',
    clientId: job?.clientId ?? null,
    departmentId: job?.departmentId ?? null,
    priority: job?.priority ?? 'normal',
    requestedDate: job?.requestedDate ?? '',
    neededByDate: job?.neededByDate ?? '',
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const fixed = job !== undefined && !headerOpen(job);
  const fixedNote = job && fixed ? `Fixed once the job is ${JOB_STATE_LABELS[job.status]}` : undefined;
  const clients = (lookups.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }));
  // The job's own client stays in the list if it was archived meanwhile.
  if (job?.clientId && !clients.some((c) => c.value === job.clientId)) {
    clients.push({ value: job.clientId, label: `${job.clientName ?? 'Client'} (archived)` });
  }
  const departments = (lookups.data?.departments ?? []).map((d) => ({ value: d.id, label: `${d.code} — ${d.name}` }));
  if (job?.departmentId && !departments.some((d) => d.value === job.departmentId)) {
    departments.push({ value: job.departmentId, label: job.departmentName ?? 'Department' });
  }
  const submit = () =>
    action.mutate(
      {
        method: job ? 'PATCH' : 'POST',
        url: job ? `${JOBS}/${job.id}` : JOBS,
        body: {
          title: form.title,
          description: form.description || null,
          clientId: form.clientId ?? '',
          departmentId: form.departmentId ?? '',
          priority: form.priority,
          requestedDate: form.requestedDate || null,
          neededByDate: form.neededByDate || null,
        },
        done: job ? 'Job saved' : 'Job created',
      },
      {
        onSuccess: ({ data }) => {
          onClose();
          if (!job) navigate(`/jobs/detail?id=${(data as JobDetail).id}`);
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={job ? `Edit job ${job.jobNumber}` : 'New job'}>
      <Stack>
        <TextInput label="Title" required value={form.title} onChange={(e) => set({ title: e.currentTarget.value })} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={form.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Select
          label="Client"
          required
          searchable
          data={clients}
          value={form.clientId}
          onChange={(v) => set({ clientId: v })}
          disabled={fixed}
          description={fixedNote}
        />
        <Select
          label="Department"
          required
          data={departments}
          value={form.departmentId}
          onChange={(v) => set({ departmentId: v })}
          disabled={fixed}
          description={fixedNote}
        />
        <Select
          label="Priority"
          data={[
            { value: 'low', label: 'Low' },
            { value: 'normal', label: 'Normal' },
            { value: 'high', label: 'High' },
          ]}
          value={form.priority}
          onChange={(v) => set({ priority: (v ?? 'normal') as typeof form.priority })}
          allowDeselect={false}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {job ? (
            <TextInput
              label="Requested"
              type="date"
              value={form.requestedDate}
              onChange={(e) => set({ requestedDate: e.currentTarget.value })}
            />
          ) : null}
          <TextInput
            label="Needed by"
            type="date"
            value={form.neededByDate}
            onChange={(e) => set({ neededByDate: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit} loading={action.isPending}>
            {job ? 'Save job' : 'Create job'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
