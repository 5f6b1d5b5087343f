import {
  type BomBody,
  can,
  type JobDetail,
  milliToQty,
  qtyToMilli,
  type StepBody,
  type StepPatch,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { getJob } from './job-detail.service';
import { outstandingQty } from './job-materials.repository';
import {
  bomLineItem,
  deleteBomRow,
  deleteStepRow,
  insertBomLine,
  insertStep,
  insertStepHoursChange,
  stepRows,
  updateBomRow,
  updateStepRow,
} from './job-plan.repository';
import { jobsErrors as errors } from './jobs.errors';
import { activeUserExists, itemUom } from './jobs.repository';
import { hoursText, hundredthsOf, type JobsDeps, openJob, PLANNING, plannableJob, WORKING } from './jobs.shared';

export async function addBomLine(deps: JobsDeps, user: AuthUser, jobId: string, body: BomBody): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await plannableJob(deps, tx, user, jobId, 'change its bill of materials');
    const uom = await itemUom(tx, body.itemId);
    if (uom === null) throw errors.itemRef();
    await insertBomLine(tx, { jobId, itemId: body.itemId, qty: milliToQty(body.qtyRequired), uom, notes: body.notes });
  });
  return getJob(deps, user, jobId);
}

export async function updateBomLine(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  lineId: string,
  body: { qtyRequired: number; notes: string | null },
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await plannableJob(deps, tx, user, jobId, 'change its bill of materials');
    const itemId = await bomLineItem(tx, jobId, lineId);
    if (!itemId) throw errors.bomLineNotFound();
    // The job row is locked (plannableJob): no issue or return of this job runs meanwhile.
    const out = qtyToMilli(await outstandingQty(tx, jobId, itemId));
    if (body.qtyRequired < out) throw errors.bomBelowIssued(milliToQty(out));
    if (!(await updateBomRow(tx, jobId, lineId, milliToQty(body.qtyRequired), body.notes))) {
      throw errors.bomLineNotFound();
    }
  });
  return getJob(deps, user, jobId);
}

export async function deleteBomLine(deps: JobsDeps, user: AuthUser, jobId: string, lineId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await plannableJob(deps, tx, user, jobId, 'change its bill of materials');
    const itemId = await bomLineItem(tx, jobId, lineId);
    if (!itemId) throw errors.bomLineNotFound();
    if (qtyToMilli(await outstandingQty(tx, jobId, itemId)) > 0) throw errors.bomIssued();
    await deleteBomRow(tx, lineId);
  });
  return getJob(deps, user, jobId);
}

async function checkAssignee(db: DbOrTx, userId: string | null | undefined): Promise<void> {
  if (userId && !(await activeUserExists(db, userId))) throw errors.userRef();
}

export async function addStep(deps: JobsDeps, user: AuthUser, jobId: string, body: StepBody): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await plannableJob(deps, tx, user, jobId, 'change its steps');
    await checkAssignee(tx, body.assignedTo);
    await insertStep(tx, {
      jobId,
      name: body.name,
      instructions: body.instructions,
      assignedTo: body.assignedTo ?? null,
      plannedHours: hoursText(body.plannedHours),
    });
  });
  return getJob(deps, user, jobId);
}

export async function updateStep(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  stepId: string,
  body: StepPatch,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    const [step] = await stepRows(tx, jobId, stepId);
    if (!step) throw errors.stepNotFound();
    if (body.status && body.status !== step.status && body.status !== 'skipped' && !WORKING.includes(job.status)) {
      throw errors.jobState(job.status, 'have its steps worked');
    }
    if ((body.plannedHours !== undefined || body.name !== undefined) && !PLANNING.includes(job.status)) {
      throw errors.jobState(job.status, 'change its steps');
    }
    const keptHours = hundredthsOf(step.actual_hours);
    const staysCompleted = step.status === 'completed' && (body.status ?? 'completed') === 'completed';
    // Issue #30 item 19: completing needs the hours worked; 0 only when the user confirms it.
    const completes = step.status !== 'completed' && body.status === 'completed';
    if (completes && (body.actualHours ?? keptHours) === 0 && body.confirmNoHours !== true) {
      throw errors.stepHoursRequired();
    }
    // A completed step keeps its hours, except a manager's correction (with a reason, recorded)
    // until the job is delivered (openJob refuses a delivered or cancelled job).
    const corrected = staysCompleted && body.actualHours !== undefined && body.actualHours !== keptHours;
    if (corrected) {
      if (!can(user.role, 'jobs.correct_hours')) throw errors.stepHoursFixed();
      if (!body.hoursReason) throw errors.hoursReasonRequired();
      await insertStepHoursChange(tx, {
        jobId,
        stepId,
        fromHours: hoursText(keptHours),
        toHours: hoursText(body.actualHours as number),
        changedBy: user.id,
        reason: body.hoursReason,
      });
    }
    if (body.assignedTo !== undefined) await checkAssignee(tx, body.assignedTo);
    await updateStepRow(tx, stepId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
      ...(body.assignedTo !== undefined ? { assignedTo: body.assignedTo } : {}),
      ...(body.plannedHours !== undefined ? { plannedHours: hoursText(body.plannedHours) } : {}),
      ...(body.actualHours !== undefined ? { actualHours: hoursText(body.actualHours) } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
  });
  return getJob(deps, user, jobId);
}

export async function deleteStep(deps: JobsDeps, user: AuthUser, jobId: string, stepId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await plannableJob(deps, tx, user, jobId, 'change its steps');
    const [step] = await stepRows(tx, jobId, stepId);
    if (!step) throw errors.stepNotFound();
    if (step.status !== 'pending' || hundredthsOf(step.actual_hours) > 0) throw errors.stepInUse();
    await deleteStepRow(tx, stepId);
  });
  return getJob(deps, user, jobId);
}
