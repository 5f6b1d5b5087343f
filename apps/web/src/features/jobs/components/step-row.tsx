import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { JOB_STEP_STATE_LABELS, type JobDetail, type JobStep } from '@retail-hub/shared';
import { type RefObject, useRef, useState } from 'react';
import { JOBS } from '../api';
import { type Action, DialogActions, HoursInput, isClosed, isPlanning, isWorking, when } from './job-parts';
import { StepForm } from './step-form';

type Props = { job: JobDetail; step: JobStep; action: Action };

/** One step of the job: its hours (entered, or corrected after completion) and what can be done to it. */
export function StepRow({ job, step, action }: Props) {
  const [hours, setHours] = useState<string | number>(Number(step.actualHours) || '');
  const hoursBox = useRef<HTMLInputElement>(null);
  return (
    <Table.Tr data-testid={`step-${step.stepNo}`}>
      <Table.Td>{step.stepNo}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {step.name}
        </Text>
        {step.instructions ? (
          <Text size="xs" c="dimmed">
            {step.instructions}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{step.assignedToName ?? '—'}</Table.Td>
      <Table.Td ta="right">{step.plannedHours}</Table.Td>
      <Table.Td>
        {step.status === 'completed' ? (
          <ActualHours step={step} />
        ) : (
          <HoursInput
            ref={hoursBox}
            aria-label={`Actual hours of step ${step.stepNo}`}
            value={hours}
            onChange={setHours}
            w={100}
            size="xs"
            disabled={!isWorking(job)}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={step.status === 'completed' ? 'green' : step.status === 'skipped' ? 'gray' : 'blue'}
        >
          {JOB_STEP_STATE_LABELS[step.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <StepActions job={job} step={step} action={action} hours={hours} hoursBox={hoursBox} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A completed step's hours and every correction of them (who, when, why). */
function ActualHours({ step }: { step: JobStep }) {
  return (
    <>
      <Text size="sm" ta="right" aria-label={`Actual hours of step ${step.stepNo}`}>
        {step.actualHours}
      </Text>
      {step.hoursChanges.map((c) => (
        <Text key={c.changedAt} size="xs" c="dimmed" data-testid={`step-${step.stepNo}-hours-change`}>
          Corrected from {c.fromHours} to {c.toHours} by {c.changedByName ?? 'a manager'} on {when(c.changedAt)}:{' '}
          {c.reason}
        </Text>
      ))}
    </>
  );
}

function StepActions({
  job,
  step,
  action,
  hours,
  hoursBox,
}: Props & { hours: string | number; hoursBox: RefObject<HTMLInputElement | null> }) {
  const [editing, setEditing] = useState(false);
  const [confirmNoHours, setConfirmNoHours] = useState(false);
  const working = isWorking(job);
  const patch = (body: object, done: string) =>
    action.mutate({ method: 'PATCH', url: `${JOBS}/${job.id}/steps/${step.id}`, body, done });
  return (
    <>
      <Group gap={4}>
        {working && step.status === 'pending' ? (
          <Button size="compact-xs" variant="light" onClick={() => patch({ status: 'in_progress' }, 'Step started')}>
            Start
          </Button>
        ) : null}
        {working && step.status !== 'completed' ? (
          <Button
            size="compact-xs"
            onClick={() =>
              // Issue #30 item 19: blank or 0 hours are confirmed first, never recorded by accident.
              Number(hours || 0) === 0
                ? setConfirmNoHours(true)
                : patch({ status: 'completed', actualHours: String(hours) }, 'Step completed')
            }
          >
            Complete step {step.stepNo}
          </Button>
        ) : null}
        {confirmNoHours ? (
          <NoHoursConfirm
            job={job}
            step={step}
            action={action}
            onClose={() => setConfirmNoHours(false)}
            onEnterHours={() => {
              setConfirmNoHours(false);
              setTimeout(() => hoursBox.current?.focus(), 0);
            }}
          />
        ) : null}
        {working && (step.status === 'pending' || step.status === 'in_progress') ? (
          <Button size="compact-xs" variant="subtle" onClick={() => patch({ status: 'skipped' }, 'Step skipped')}>
            Skip
          </Button>
        ) : null}
        {!isClosed(job) ? (
          <Button size="compact-xs" variant="default" onClick={() => setEditing(true)}>
            Edit step {step.stepNo}
          </Button>
        ) : null}
        {isPlanning(job) && step.status === 'pending' && Number(step.actualHours) === 0 ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() =>
              action.mutate({ method: 'DELETE', url: `${JOBS}/${job.id}/steps/${step.id}`, done: 'Step removed' })
            }
          >
            Remove step {step.stepNo}
          </Button>
        ) : null}
      </Group>
      {editing ? <StepForm job={job} step={step} action={action} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** Completing a step with no hours asks first (issue #30 item 19). */
function NoHoursConfirm({
  job,
  step,
  action,
  onClose,
  onEnterHours,
}: Props & { onClose: () => void; onEnterHours: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`No hours entered for step ${step.stepNo}`}>
      <Stack>
        <Text size="sm">
          The hours worked on “{step.name}” go into the job’s actual cost. Enter them in the Actual hours box, or
          complete the step with 0 hours if it took none.
        </Text>
        <DialogActions
          action={action}
          label="Complete with 0 hours"
          onClose={onClose}
          cancelLabel="Enter the hours"
          onCancel={onEnterHours}
          request={() => ({
            method: 'PATCH',
            url: `${JOBS}/${job.id}/steps/${step.id}`,
            body: { status: 'completed', actualHours: '0', confirmNoHours: true },
            done: 'Step completed',
          })}
        />
      </Stack>
    </Modal>
  );
}
