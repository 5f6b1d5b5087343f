import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail } from '@retail-hub/shared';
import { useState } from 'react';
import { JOBS } from '../api';
import { moveLabel } from '../jobs-screen';
import type { Action } from './job-parts';

/** The job's next moves (the server lists them), a note for the history and the materials waiver. */
export function JobMoves({ job, action, canWaive }: { job: JobDetail; action: Action; canWaive: boolean }) {
  const [note, setNote] = useState('');
  const [waive, setWaive] = useState(false);
  const needsWaiver = job.status === 'in_progress' && !job.bomFullyIssued && !job.materialsWaived;
  if (job.allowedMoves.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {job.allowedMoves.map((to) => (
          <Button
            key={to}
            variant={to === 'cancelled' || (job.status === 'qa' && to === 'in_progress') ? 'light' : 'filled'}
            color={to === 'cancelled' ? 'red' : undefined}
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                {
                  url: `${JOBS}/${job.id}/transition`,
                  body: { to, note: note || null, waiveMaterials: to === 'qa' && waive },
                  done: `${job.jobNumber}: ${JOB_STATE_LABELS[to]}`,
                },
                { onSuccess: () => setNote('') },
              )
            }
          >
            {moveLabel(job.status, to)}
          </Button>
        ))}
      </Group>
      <TextInput
        label="Note for the history"
        description={needsWaiver && canWaive ? 'Required when you waive the materials rule.' : undefined}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maw={480}
      />
      {needsWaiver ? (
        canWaive ? (
          <Checkbox
            label="Waive the materials rule: send to QA although the bill of materials is not fully issued"
            checked={waive}
            onChange={(e) => setWaive(e.currentTarget.checked)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Send to QA needs the bill of materials fully issued (or a manager’s waiver).
          </Text>
        )
      ) : null}
    </Stack>
  );
}
