import { can, centsToDecimal, displayName, type JobLookups } from '@retail-hub/shared';
import type { AuthUser } from '../../types';
import { jobsErrors as errors } from './jobs.errors';
import { lookupRows, setLabourRateRow } from './jobs.repository';
import { type JobsDeps, money, scopeOf } from './jobs.shared';

/**
 * Workshop jobs (issue #18, docs/workshop-jobs.md): the module's one entry for its routes and the
 * demo seed, in a file per part of a job (issue #33 item 4):
 * - jobs.shared.ts: the state rules, the department scope, the locked job and the one move;
 * - clients.service.ts: clients; job-detail.service.ts: the job board and one job as the API shows it;
 * - job-lifecycle.service.ts: create, edit, move and deliver; job-plan.service.ts: BOM and steps;
 * - job-quotes.service.ts, job-materials.service.ts (issue and return), job-attachments.service.ts.
 *
 * Every state change is one conditional UPDATE (… where status = the expected state), so two users
 * moving the same job cannot both win; stock moves only through postInventoryMovement ('wip_issue'
 * / 'wip_return'); job and delivery numbers come from the document-number service
 * (modules/numbering) in the same transaction (gap-free per year, ADR 0026).
 */

export { createClient, getClient, listClients, setClientArchived, updateClient } from './clients.service';
export { addAttachment, attachmentDownload, contentDisposition, removeAttachment } from './job-attachments.service';
export { getJob, listJobs } from './job-detail.service';
export { createJob, deliverJob, transitionJob, updateJob } from './job-lifecycle.service';
export { issueMaterials, returnMaterials } from './job-materials.service';
export { addBomLine, addStep, deleteBomLine, deleteStep, updateBomLine, updateStep } from './job-plan.service';
export { acceptQuote, createQuote, rejectQuote, sendQuote } from './job-quotes.service';
export { currentWeek, type JobsDeps } from './jobs.shared';

// ── Look-ups and labour rates ────────────────────────────────────────────────────────────

export async function jobLookups(deps: JobsDeps, user: AuthUser): Promise<JobLookups> {
  const found = await lookupRows(deps.database.db, await scopeOf(deps, user));
  return {
    clients: found.clients.map((c) => ({ id: c.id, name: c.name, isInternal: c.is_internal })),
    departments: found.departments.map((d) => ({
      id: d.id,
      code: d.code,
      name: d.name,
      labourRate: money(d.labour_rate) as string,
    })),
    locations: found.locations,
    items: found.items,
    users: found.people.map((p) => ({
      id: p.id,
      name: displayName({ firstName: p.first_name, lastName: p.last_name, email: p.email }),
    })),
    canWaive: can(user.role, 'jobs.waive'),
    canCorrectHours: can(user.role, 'jobs.correct_hours'),
  };
}

export async function setLabourRate(
  deps: JobsDeps,
  departmentId: string,
  rateCents: number,
): Promise<{ labourRate: string }> {
  if (!(await setLabourRateRow(deps.database.db, departmentId, centsToDecimal(rateCents))))
    throw errors.departmentRef();
  return { labourRate: centsToDecimal(rateCents) };
}
