import { type JobDetail, type MaterialsBody, milliToQty, qtyToMilli } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { postInventoryMovement } from '../stores/index';
import { getJob } from './job-detail.service';
import {
  currentUnitCost,
  insertWipIssue,
  insertWipReturn,
  lastIssueUnitCost,
  outstandingQty,
} from './job-materials.repository';
import { jobsErrors as errors } from './jobs.errors';
import { itemUom, locationExists } from './jobs.repository';
import { type JobsDeps, openJob, WORKING } from './jobs.shared';

async function checkMaterialRefs(tx: DbOrTx, body: MaterialsBody): Promise<void> {
  if ((await itemUom(tx, body.itemId)) === null) throw errors.itemRef();
  if (!(await locationExists(tx, body.locationId))) throw errors.locationRef();
}

/** Takes the material out of the location's stock now ('wip_issue'); refused beyond stock (409). */
export async function issueMaterials(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  body: MaterialsBody,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    if (!WORKING.includes(job.status)) throw errors.jobState(job.status, 'have material issued');
    await checkMaterialRefs(tx, body);
    const refId = await insertWipIssue(tx, {
      jobId,
      itemId: body.itemId,
      locationId: body.locationId,
      qty: milliToQty(body.qty),
      unitCost: await currentUnitCost(tx, body.itemId),
      by: user.id,
      notes: body.notes,
    });
    await postInventoryMovement(tx, {
      itemId: body.itemId,
      fromLocationId: body.locationId,
      toLocationId: null,
      qtyMilli: body.qty,
      reason: 'wip_issue',
      refTable: 'proc_wip_issues',
      refId,
      createdBy: user.id,
      note: `Issued to job ${job.job_number}`,
    });
  });
  return getJob(deps, user, jobId);
}

/** Puts unused material back ('wip_return'), at most what is out on the job, at the unit cost charged. */
export async function returnMaterials(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  body: MaterialsBody,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    if (![...WORKING, 'ready'].includes(job.status)) throw errors.jobState(job.status, 'have material returned');
    await checkMaterialRefs(tx, body);
    // The job row is locked (openJob): no other issue or return of this job runs meanwhile.
    const out = qtyToMilli(await outstandingQty(tx, jobId, body.itemId));
    if (body.qty > out) throw errors.overReturn(milliToQty(Math.max(out, 0)));
    const refId = await insertWipReturn(tx, {
      jobId,
      itemId: body.itemId,
      locationId: body.locationId,
      qty: milliToQty(body.qty),
      unitCost: await lastIssueUnitCost(tx, jobId, body.itemId),
      by: user.id,
      notes: body.notes,
    });
    await postInventoryMovement(tx, {
      itemId: body.itemId,
      fromLocationId: null,
      toLocationId: body.locationId,
      qtyMilli: body.qty,
      reason: 'wip_return',
      refTable: 'proc_wip_returns',
      refId,
      createdBy: user.id,
      note: `Returned from job ${job.job_number}`,
    });
  });
  return getJob(deps, user, jobId);
}
