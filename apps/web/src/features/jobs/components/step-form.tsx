import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail, type JobStep } from '@retail-hub/shared';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { JOBS, useJobLookups } from '../api';
import { type Action, DialogActions, HoursInput, hoursBody, isPlanning, textField } from './job-parts';

type StepFormState = {
  name: string;
  instructions: string;
  assignedTo: string | null;
  plannedHours: string | number;
  actualHours: string | number;
  hoursReason: string;
};

/** The PATCH body: the name and planned hours only while planning, the hours only when corrected. */
function stepPatchBody(form: StepFormState, planning: boolean, hoursChanged: boolean) {
  return {
    instructions: form.instructions || null,
    assignedTo: form.assignedTo,
    ...(planning ? { name: form.name, plannedHours: hoursBody(form.plannedHours) } : {}),
    ...(hoursChanged ? { actualHours: hoursBody(form.actualHours), hoursReason: form.hoursReason } : {}),
  };
}

/** The people a step may be assigned to, with the current assignee kept when no longer listed. */
function useAssignees(step: JobStep) {
  const lookups = useJobLookups();
  const users = (lookups.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (step.assignedTo && !users.some((u) => u.value === step.assignedTo)) {
    users.push({ value: step.assignedTo, label: step.assignedToName ?? 'Assignee' });
  }
  return users;
}

/** A completed step's actual hours, which a manager may correct with a reason. */
function HoursCorrection({
  form,
  setForm,
  canCorrect,
  hoursChanged,
}: {
  form: StepFormState;
  setForm: Dispatch<SetStateAction<StepFormState>>;
  canCorrect: boolean;
  hoursChanged: boolean;
}) {
  return (
    <>
      <HoursInput
        label="Actual hours"
        value={form.actualHours}
        onChange={(v) => setForm((f) => ({ ...f, actualHours: v }))}
        disabled={!canCorrect}
        description={
          canCorrect
            ? 'Correct the hours worked: the change is recorded with your name and reason'
            : 'A manager can correct the hours of a completed step until the job is delivered'
        }
      />
      {hoursChanged ? (
        <TextInput
          label="Reason for the correction"
          required
          value={form.hoursReason}
          onChange={textField(setForm, 'hoursReason')}
        />
      ) : null}
    </>
  );
}

type StepFormProps = { job: JobDetail; step: JobStep; action: Action; onClose: () => void };

/** Edits one step: name and planned hours while planning; instructions and assignee until closed. */
export function StepForm({ job, step, action, onClose }: StepFormProps) {
  const lookups = useJobLookups();
  const users = useAssignees(step);
  const planning = isPlanning(job);
  const [form, setForm] = useState<StepFormState>({
    name: step.name,
    instructions: step.instructions ?? '',
    assignedTo: step.assignedTo,
    plannedHours: Number(step.plannedHours),
    actualHours: Number(step.actualHours),
    hoursReason: '',
  });
  // Issue #30 item 19: a manager corrects a completed step's hours (with a reason) until delivery.
  const canCorrect = step.status === 'completed' && lookups.data?.canCorrectHours === true;
  const hoursChanged = canCorrect && Number(form.actualHours || 0) !== Number(step.actualHours);
  const frozen = planning ? undefined : `Fixed once the job is ${JOB_STATE_LABELS[job.status]}`;
  return (
    <Modal opened onClose={onClose} title={`Edit step ${step.stepNo}`}>
      <Stack>
        <TextInput
          label="Step name"
          required
          value={form.name}
          onChange={textField(setForm, 'name')}
          disabled={!planning}
          description={frozen}
        />
        <Textarea
          label="Instructions"
          autosize
          minRows={2}
          value={form.instructions}
          onChange={textField(setForm, 'instructions')}
        />
        <Select
          label="Assignee"
          searchable
          clearable
          data={users}
          value={form.assignedTo}
          onChange={(v) => setForm((f) => ({ ...f, assignedTo: v }))}
        />
        <HoursInput
          label="Planned hours"
          value={form.plannedHours}
          onChange={(v) => setForm((f) => ({ ...f, plannedHours: v }))}
          disabled={!planning}
          description={frozen}
        />
        {step.status === 'completed' ? (
          <HoursCorrection form={form} setForm={setForm} canCorrect={canCorrect} hoursChanged={hoursChanged} />
        ) : null}
        <DialogActions
          action={action}
          label="Save step"
          onClose={onClose}
          request={() => ({
            method: 'PATCH',
            url: `${JOBS}/${job.id}/steps/${step.id}`,
            body: stepPatchBody(form, planning, hoursChanged),
            done: `Step ${step.stepNo} saved`,
          })}
        />
      </Stack>
    </Modal>
  );
}
