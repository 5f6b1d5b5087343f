import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useJob, useJobLookups, useJobsAction } from './api';
import { JobAttachments } from './components/job-attachments';
import { JobCosts } from './components/job-costs';
import { JobDelivery } from './components/job-delivery';
import { JobHistory } from './components/job-history';
import { JobMaterials } from './components/job-materials';
import { JobMoves } from './components/job-moves';
import { type Action, isClosed } from './components/job-parts';
import { JobQuotes } from './components/job-quotes';
import { JobSteps } from './components/job-steps';
import { JobForm } from './job-form';
import { JobStateBadge } from './jobs-screen';

/** The page's title and a message, when there is no job to show. */
function NoJob({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Issue #18: one job: its moves, quote, materials, steps, delivery, costs and history. */
export function JobPage({ title }: { title: string }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const job = useJob(id);
  const lookups = useJobLookups();
  const action = useJobsAction();
  if (!id) {
    return (
      <NoJob title={title}>
        <Alert color="blue" title="No job chosen">
          Open a job from the{' '}
          <Anchor component={Link} to="/jobs">
            job board
          </Anchor>
          .
        </Alert>
      </NoJob>
    );
  }
  if (job.isPending) return <PanelLoading />;
  if (job.isError || !job.data) {
    return (
      <NoJob title={title}>
        <Alert color="red" title="The job could not be loaded">
          {serverMessage(job.error) ?? 'Please try again.'}
        </Alert>
      </NoJob>
    );
  }
  return <JobCards job={job.data} action={action} canWaive={lookups.data?.canWaive ?? false} />;
}

/** The job's header and its cards, each in its own file under components/. */
function JobCards({ job: j, action, canWaive }: { job: JobDetail; action: Action; canWaive: boolean }) {
  const [editing, setEditing] = useState(false);
  const closed = isClosed(j);
  return (
    <Stack data-testid="job-page">
      <Anchor component={Link} to="/jobs" size="sm">
        Back to the job board
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <JobHeader job={j} />
        {closed ? null : (
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit job
          </Button>
        )}
      </Group>
      {closed ? (
        <Alert color="gray" title="Read-only" data-testid="read-only-reason">
          This job is {JOB_STATE_LABELS[j.status]}: it can no longer be changed. Its attachments can still be
          downloaded.
        </Alert>
      ) : null}
      {editing ? <JobForm job={j} onClose={() => setEditing(false)} /> : null}
      <JobMoves job={j} action={action} canWaive={canWaive} />
      <JobQuotes job={j} action={action} />
      <JobMaterials job={j} action={action} />
      <JobSteps job={j} action={action} />
      <JobAttachments job={j} action={action} />
      <JobDelivery key={j.status} job={j} action={action} />
      <JobCosts job={j} />
      <JobHistory job={j} />
    </Stack>
  );
}

function JobHeader({ job: j }: { job: JobDetail }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Title order={1} size="h2">
          {j.jobNumber}: {j.title}
        </Title>
        <JobStateBadge status={j.status} />
      </Group>
      <Text size="sm" c="dimmed" data-testid="job-header-facts">
        {j.clientName ?? 'No client'} · {j.departmentName ?? 'No department'} · priority {j.priority}
        {j.requestedDate ? ` · requested ${j.requestedDate}` : ''}
        {j.neededByDate ? ` · needed by ${j.neededByDate}` : ''}
      </Text>
      {j.description ? <Text size="sm">{j.description}</Text> : null}
      {j.materialsWaived ? (
        <Text size="sm" c="orange.9">
          Materials rule waived: {j.materialsWaiverNote}
        </Text>
      ) : null}
    </Stack>
  );
}
