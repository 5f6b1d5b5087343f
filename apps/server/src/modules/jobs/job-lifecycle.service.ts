import {
  can,
  centsToDecimal,
  type DeliveryBody,
  JOB_TRANSITIONS,
  type JobBody,
  type JobDetail,
  type JobState,
  type JobTransitionBody,
  MANUAL_JOB_TRANSITIONS,
  MAX_CENTS,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { AuthUser } from '../../types';
import { nextYearDocument, storeYear } from '../numbering/index';
import { clientArchived } from './clients.repository';
import { costFacts, costTotal, getJob } from './job-detail.service';
import { insertDelivery } from './job-materials.repository';
import { bomRows, stepRows } from './job-plan.repository';
import { jobsErrors as errors } from './jobs.errors';
import { departmentExists, insertHistory, insertJob, type MoveFields, updateJobRow } from './jobs.repository';
import { bomFullyIssued, type JobsDeps, move, openJob, scopeOf, today, visibleJob } from './jobs.shared';

/** The client and department exist, the department is the user's own (a department manager); an
 * archived client is refused unless the job already has it (`keptClientId`, editing). */
async function checkJobRefs(
  deps: JobsDeps,
  user: AuthUser,
  body: JobBody,
  db: DbOrTx = deps.database.db,
  keptClientId: string | null = null,
): Promise<void> {
  const archived = await clientArchived(db, body.clientId);
  if (archived === null) throw errors.clientRef();
  if (!(await departmentExists(db, body.departmentId))) throw errors.departmentRef();
  const scope = await scopeOf(deps, user, db);
  if (scope && scope !== body.departmentId) throw errors.notYourDepartment();
  if (archived && body.clientId !== keptClientId) throw errors.clientArchived();
}

/** The client and the department are those of the accepted quote from approval on. */
const HEADER_OPEN: readonly JobState[] = ['draft', 'quoted'];

export async function createJob(deps: JobsDeps, user: AuthUser, body: JobBody): Promise<JobDetail> {
  const { db } = deps.database;
  await checkJobRefs(deps, user, body);
  const year = storeYear(deps.config.storeTimeZone);
  const id = await db.transaction(async (tx) => {
    const jobId = await insertJob(
      tx,
      await nextYearDocument(tx, 'JOB', year),
      { ...body, requestedDate: body.requestedDate ?? today(deps) },
      user.id,
    );
    await insertHistory(tx, jobId, null, 'draft', user.id, null);
    return jobId;
  });
  return getJob(deps, user, id);
}

export async function updateJob(deps: JobsDeps, user: AuthUser, id: string, body: JobBody): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, id);
    await checkJobRefs(deps, user, body, tx, job.client_id);
    if (!HEADER_OPEN.includes(job.status)) {
      if (body.clientId !== job.client_id) throw errors.headerFixed('clientId', job.status);
      if (body.departmentId !== job.department_id) throw errors.headerFixed('departmentId', job.status);
    }
    await updateJobRow(tx, id, body);
  });
  return getJob(deps, user, id);
}

export async function transitionJob(
  deps: JobsDeps,
  user: AuthUser,
  id: string,
  body: JobTransitionBody,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await visibleJob(deps, tx, user, id, true);
    if (!JOB_TRANSITIONS[job.status].includes(body.to)) throw errors.badMove(job.status, body.to);
    if (!MANUAL_JOB_TRANSITIONS[job.status].includes(body.to)) throw errors.moveByAction(body.to);
    const fields: MoveFields = {};
    if (job.status === 'in_progress' && body.to === 'qa') {
      const steps = await stepRows(tx, id);
      if (steps.some((st) => st.status === 'pending' || st.status === 'in_progress')) throw errors.stepsOpen();
      const fully = (await bomRows(tx, id)).every(bomFullyIssued);
      if (!fully && !job.materials_waived_by) {
        if (!body.waiveMaterials) throw errors.bomNotIssued();
        if (!can(user.role, 'jobs.waive')) throw errors.waiveForbidden();
        if (!body.note) throw errors.waiverNote();
        fields.waiver = { by: user.id, note: body.note };
      }
    }
    await move(tx, id, job.status, body.to, user.id, body.note, fields);
  });
  return getJob(deps, user, id);
}

/** ready → delivered: DN-YYYY-NNNNN, the signature, and the actual cost beside the estimate. */
export async function deliverJob(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  body: DeliveryBody,
): Promise<JobDetail> {
  const year = storeYear(deps.config.storeTimeZone);
  try {
    await deps.database.db.transaction(async (tx) => {
      const job = await visibleJob(deps, tx, user, jobId, true);
      if (job.status !== 'ready') throw errors.badMove(job.status, 'delivered');
      const total = costTotal(await costFacts(tx, jobId, job.labour_rate));
      if (total > MAX_CENTS) throw errors.amountTooLarge();
      const date = body.deliveryDate ?? today(deps);
      await insertDelivery(tx, {
        jobId,
        deliveryNo: await nextYearDocument(tx, 'DN', year),
        by: user.id,
        deliveredTo: body.deliveredTo,
        date,
        acceptanceName: body.acceptanceName,
        signature: body.signature,
        notes: body.notes,
      });
      await move(tx, jobId, 'ready', 'delivered', user.id, `Delivered to ${body.deliveredTo}`, {
        deliveredDate: date,
        actual: centsToDecimal(Math.max(total, 0)),
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw errors.badMove('delivered', 'delivered');
    throw error;
  }
  return getJob(deps, user, jobId);
}
