import {
  attachmentFileName,
  type BomBody,
  type Client,
  type ClientBody,
  can,
  centsToDecimal,
  type DeliveryBody,
  decimalToCents,
  displayName,
  JOB_ATTACHMENT_MAX_BYTES,
  JOB_ATTACHMENT_MAX_COUNT,
  JOB_TRANSITIONS,
  type JobAttachmentBody,
  type JobAttachmentType,
  type JobBody,
  type JobDetail,
  type JobLookups,
  type JobState,
  type JobSummary,
  type JobTransitionBody,
  labourCents,
  lineNetCents,
  lineTaxCents,
  MANUAL_JOB_TRANSITIONS,
  MAX_CENTS,
  type MaterialsBody,
  milliToQty,
  type Quote,
  type QuoteBody,
  qtyToMilli,
  type StepBody,
  type StepPatch,
  sniffAttachmentType,
} from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { addDays, dayOfWeek, localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import type { EventBus } from '../events/index';
import { nextYearDocument, storeYear } from '../numbering/index';
import { postInventoryMovement, scopeOf as storesScopeOf } from '../stores/index';
import { jobsErrors as errors } from './jobs.errors';
import {
  activeUserExists,
  attachmentChunk,
  attachmentCount,
  attachmentMeta,
  attachmentRows,
  type BomRow,
  bomLineItem,
  bomRows,
  type ClientRow,
  clientArchived,
  clientNameTaken,
  clientRows,
  costRows,
  currentUnitCost,
  deleteAttachmentRow,
  deleteBomRow,
  deleteStepRow,
  deliveryRow,
  departmentExists,
  historyRows,
  insertAttachment,
  insertBomLine,
  insertClient,
  insertDelivery,
  insertHistory,
  insertJob,
  insertQuoteVersion,
  insertStep,
  insertStepHoursChange,
  insertWipIssue,
  insertWipReturn,
  itemUom,
  type JobRow,
  jobRows,
  lastIssueUnitCost,
  locationExists,
  lockJob,
  lockQuote,
  lookupRows,
  type MoveFields,
  materialRows,
  moveJobRow,
  outstandingQty,
  quoteLineRows,
  quoteRows,
  setClientArchivedRow,
  setLabourRateRow,
  setQuoteStatus,
  stepHoursChangeRows,
  stepRows,
  updateBomRow,
  updateClientRow,
  updateJobRow,
  updateStepRow,
} from './jobs.repository';

/**
 * Workshop jobs (issue #18, docs/workshop-jobs.md). Every state change is one conditional UPDATE
 * (… where status = the expected state), so two users moving the same job cannot both win; stock
 * moves only through postInventoryMovement ('wip_issue' / 'wip_return'); job and delivery numbers
 * come from the document-number service (modules/numbering) in the same transaction (gap-free per
 * year, ADR 0026).
 */

export type JobsDeps = { database: { db: Db }; events: EventBus; config: { storeTimeZone: string } };

const CLOSED: readonly JobState[] = ['delivered', 'cancelled'];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
const money = (value: string | null): string | null => (value === null ? null : centsToDecimal(decimalToCents(value)));
const hoursText = (hundredths: number) => centsToDecimal(hundredths);
const hundredthsOf = (value: string | null) => decimalToCents(value ?? '0');

const fmt = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function today(deps: JobsDeps): string {
  return fmt(localDateOf(new Date(), deps.config.storeTimeZone));
}

/** Monday to Sunday of the store's current week. */
export function currentWeek(timeZone: string, now = new Date()): { from: string; to: string } {
  const day = localDateOf(now, timeZone);
  const monday = addDays(day, -((dayOfWeek(day) + 6) % 7));
  return { from: fmt(monday), to: fmt(addDays(monday, 6)) };
}

/**
 * A department manager runs the jobs of their procurement department only (ADR 0004). Inside a
 * transaction it reads through that transaction (PGlite has one connection).
 */
async function scopeOf(deps: JobsDeps, user: AuthUser, db: DbOrTx = deps.database.db): Promise<string | null> {
  return (await storesScopeOf({ database: { db: db as Db }, events: deps.events }, user)).departmentId;
}

// ── Clients ──────────────────────────────────────────────────────────────────────────────

const toClient = (r: ClientRow): Client => ({
  id: r.id,
  name: r.name,
  contactName: r.contact_name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  isInternal: r.is_internal,
  isArchived: r.is_archived,
  openJobs: Number(r.open_jobs),
  totalJobs: Number(r.total_jobs),
});

export async function listClients(
  deps: JobsDeps,
  query: { search?: string | undefined; status: 'active' | 'archived' | 'all' },
): Promise<Client[]> {
  return (await clientRows(deps.database.db, query)).map(toClient);
}

export async function getClient(deps: JobsDeps, id: string): Promise<Client> {
  const [client] = await clientRows(deps.database.db, { id });
  if (!client) throw errors.clientNotFound();
  return toClient(client);
}

export async function createClient(deps: JobsDeps, body: ClientBody): Promise<Client> {
  const { db } = deps.database;
  if (await clientNameTaken(db, body.name, null)) throw errors.clientNameTaken();
  return getClient(deps, await insertClient(db, body));
}

export async function updateClient(deps: JobsDeps, id: string, body: ClientBody): Promise<Client> {
  const { db } = deps.database;
  if (await clientNameTaken(db, body.name, id)) throw errors.clientNameTaken();
  if (!(await updateClientRow(db, id, body))) throw errors.clientNotFound();
  return getClient(deps, id);
}

export async function setClientArchived(deps: JobsDeps, id: string, archived: boolean): Promise<Client> {
  if (!(await setClientArchivedRow(deps.database.db, id, archived))) throw errors.clientNotFound();
  return getClient(deps, id);
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────

const dateText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

const toSummary = (r: JobRow): JobSummary => ({
  id: r.id,
  jobNumber: r.job_number,
  title: r.title,
  status: r.status,
  priority: r.priority,
  clientId: r.client_id,
  clientName: r.client_name ?? null,
  departmentId: r.department_id,
  departmentName: r.department_name ?? null,
  requestedDate: dateText(r.requested_date),
  neededByDate: dateText(r.needed_by_date),
  priceTotalEstimate: money(r.price_total_estimate),
  priceTotalActual: money(r.price_total_actual),
  createdAt: iso(r.created_at) as string,
});

export async function listJobs(
  deps: JobsDeps,
  user: AuthUser,
  query: {
    status?: JobState | undefined;
    clientId?: string | undefined;
    due?: 'this_week' | undefined;
    search?: string | undefined;
  },
): Promise<JobSummary[]> {
  const found = await jobRows(deps.database.db, {
    departmentId: await scopeOf(deps, user),
    status: query.status,
    clientId: query.clientId,
    search: query.search,
    ...(query.due === 'this_week' ? { due: currentWeek(deps.config.storeTimeZone) } : {}),
  });
  return found.map(toSummary);
}

/** The job, if this user may see it (a department manager: their department's only); locked in a transaction. */
async function visibleJob(deps: JobsDeps, db: DbOrTx, user: AuthUser, id: string, lock = false): Promise<JobRow> {
  const job = lock ? await lockJob(db, id) : (await jobRows(db, { id }))[0];
  if (!job) throw errors.jobNotFound();
  const department = await scopeOf(deps, user, db);
  if (department && job.department_id !== department) throw errors.jobNotFound();
  return job;
}

/** Locks the job for a change and refuses a closed one. */
async function openJob(deps: JobsDeps, tx: DbOrTx, user: AuthUser, id: string): Promise<JobRow> {
  const job = await visibleJob(deps, tx, user, id, true);
  if (CLOSED.includes(job.status)) throw errors.jobClosed(job.status);
  return job;
}

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

// ── Reading one job ──────────────────────────────────────────────────────────────────────

const bomFullyIssued = (b: BomRow) => qtyToMilli(b.issued) - qtyToMilli(b.returned) >= qtyToMilli(b.qty_required);

type CostFacts = { issuedCents: number; returnedCents: number; hoursHundredths: number; labourCents: number };

/** Actual cost: issued − returned at the unit cost recorded on each row, plus actual hours × rate. */
async function costFacts(db: DbOrTx, jobId: string, labourRate: string | null): Promise<CostFacts> {
  const facts = await costRows(db, jobId);
  const sum = (list: Array<{ qty: string; unit_cost: string }>) =>
    list.reduce((total, r) => total + lineNetCents(qtyToMilli(r.qty), decimalToCents(r.unit_cost)), 0);
  const hoursHundredths = hundredthsOf(facts.actualHours);
  return {
    issuedCents: sum(facts.issues),
    returnedCents: sum(facts.returns),
    hoursHundredths,
    labourCents: labourCents(hoursHundredths, decimalToCents(labourRate ?? '0')),
  };
}

const costTotal = (c: CostFacts) => c.issuedCents - c.returnedCents + c.labourCents;

async function quotesOf(db: DbOrTx, jobId: string): Promise<Quote[]> {
  const quotes = await quoteRows(db, jobId);
  const lines = await quoteLineRows(db, jobId);
  return quotes.map((q) => ({
    id: q.id,
    jobId: q.job_id,
    versionNo: Number(q.version_no),
    status: q.status,
    subtotal: money(q.subtotal) as string,
    taxRate: money(q.tax_rate) as string,
    taxTotal: money(q.tax_total) as string,
    grandTotal: money(q.grand_total) as string,
    currency: q.currency,
    labourRate: money(q.labour_rate) as string,
    validUntil: dateText(q.valid_until),
    notes: q.notes,
    sentAt: iso(q.sent_at),
    decidedAt: iso(q.decided_at),
    supersededAt: iso(q.superseded_at),
    createdAt: iso(q.created_at) as string,
    lines: lines
      .filter((l) => l.quote_id === q.id)
      .map((l) => ({
        lineNo: Number(l.line_no),
        kind: l.kind,
        itemId: l.item_id,
        description: l.description,
        qty: milliToQty(qtyToMilli(l.qty)),
        unitPrice: money(l.unit_price) as string,
        lineTotal: money(l.line_total) as string,
      })),
  }));
}

export async function getJob(deps: JobsDeps, user: AuthUser, id: string): Promise<JobDetail> {
  const { db } = deps.database;
  const job = await visibleJob(deps, db, user, id);
  const bom = await bomRows(db, id);
  const steps = await stepRows(db, id);
  const hoursChanges = await stepHoursChangeRows(db, id);
  const quotes = await quotesOf(db, id);
  const materials = await materialRows(db, id);
  const history = await historyRows(db, id);
  const delivery = await deliveryRow(db, id);
  const attachments = await attachmentRows(db, id);
  const cost = await costFacts(db, id, job.labour_rate);
  const fully = bom.every(bomFullyIssued);
  const allowedMoves = MANUAL_JOB_TRANSITIONS[job.status].filter(
    (to) => !(to === 'qa' && !fully && !job.materials_waived_by && !can(user.role, 'jobs.waive')),
  );
  return {
    ...toSummary(job),
    description: job.description,
    approvedDate: dateText(job.approved_date),
    deliveredDate: dateText(job.delivered_date),
    priceCurrency: job.price_currency,
    labourRate: money(job.labour_rate ?? '0') as string,
    materialsWaived: job.materials_waived_by !== null,
    materialsWaiverNote: job.materials_waiver_note,
    createdByName: job.created_by_name,
    clientContact: job.client_contact,
    clientAddress: job.client_address,
    bom: bom.map((b) => ({
      id: b.id,
      itemId: b.item_id,
      sku: b.sku,
      itemName: b.name,
      uom: b.bom_uom ?? b.uom,
      qtyRequired: milliToQty(qtyToMilli(b.qty_required)),
      qtyIssued: milliToQty(qtyToMilli(b.issued)),
      qtyReturned: milliToQty(qtyToMilli(b.returned)),
      fullyIssued: bomFullyIssued(b),
      unitCost: money(b.unit_cost) as string,
      notes: b.notes,
    })),
    bomFullyIssued: fully,
    steps: steps.map((st) => ({
      id: st.id,
      stepNo: Number(st.step_no),
      name: st.name,
      instructions: st.instructions,
      assignedTo: st.assigned_to,
      assignedToName: st.assigned_name,
      plannedHours: hoursText(hundredthsOf(st.planned_hours)),
      actualHours: hoursText(hundredthsOf(st.actual_hours)),
      status: st.status,
      startedAt: iso(st.started_at),
      completedAt: iso(st.completed_at),
      notes: st.notes,
      hoursChanges: hoursChanges
        .filter((c) => c.step_id === st.id)
        .map((c) => ({
          fromHours: hoursText(hundredthsOf(c.from_hours)),
          toHours: hoursText(hundredthsOf(c.to_hours)),
          changedByName: c.changed_by_name,
          changedAt: iso(c.changed_at) as string,
          reason: c.reason,
        })),
    })),
    quotes,
    materials: materials.map((m) => ({
      id: m.id,
      kind: m.kind,
      itemId: m.item_id,
      sku: m.sku,
      itemName: m.item_name,
      locationId: m.location_id,
      locationCode: m.location_code,
      qty: milliToQty(qtyToMilli(m.qty)),
      unitCost: money(m.unit_cost) as string,
      byName: m.by_name,
      at: iso(m.at) as string,
      notes: m.notes,
    })),
    history: history.map((h) => ({
      fromStatus: h.from_status,
      toStatus: h.to_status,
      changedByName: h.changed_by_name,
      changedAt: iso(h.changed_at) as string,
      note: h.note,
    })),
    delivery: delivery
      ? {
          id: delivery.id,
          deliveryNo: delivery.delivery_no,
          deliveredByName: delivery.delivered_by_name,
          deliveredTo: delivery.delivered_to,
          deliveryDate: dateText(delivery.delivery_date) as string,
          acceptanceName: delivery.acceptance_name,
          signature: delivery.acceptance_signature_url,
          notes: delivery.notes,
        }
      : null,
    attachments: attachments.map((a) => ({
      id: a.id,
      // Issue #30 item 12: files stored before it was fixed are also named by their type.
      fileName: attachmentFileName(a.file_name, a.content_type as JobAttachmentType),
      contentType: a.content_type as JobAttachmentType,
      sizeBytes: Number(a.size_bytes),
      uploadedByName: a.uploaded_by_name,
      uploadedAt: iso(a.uploaded_at) as string,
    })),
    actualCost: {
      materialsIssued: centsToDecimal(cost.issuedCents),
      materialsReturned: centsToDecimal(cost.returnedCents),
      labourHours: hoursText(cost.hoursHundredths),
      labour: centsToDecimal(cost.labourCents),
      total: centsToDecimal(costTotal(cost)),
    },
    allowedMoves,
  };
}

// ── Moves ────────────────────────────────────────────────────────────────────────────────

async function move(
  tx: DbOrTx,
  jobId: string,
  from: JobState,
  to: JobState,
  userId: string,
  note: string | null,
  fields: MoveFields = {},
): Promise<void> {
  if (!(await moveJobRow(tx, jobId, from, to, fields))) throw errors.badMove(from, to);
  await insertHistory(tx, jobId, from, to, userId, note);
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

// ── Bill of materials ────────────────────────────────────────────────────────────────────

/** The BOM and steps change until the job goes to QA. */
const PLANNING: readonly JobState[] = ['draft', 'quoted', 'approved', 'in_progress'];

async function plannableJob(deps: JobsDeps, tx: DbOrTx, user: AuthUser, id: string, action: string): Promise<JobRow> {
  const job = await openJob(deps, tx, user, id);
  if (!PLANNING.includes(job.status)) throw errors.jobState(job.status, action);
  return job;
}

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

// ── Steps ────────────────────────────────────────────────────────────────────────────────

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

/** Steps are worked (started, completed) once the job is approved; skipping is open until QA. */
const WORKING: readonly JobState[] = ['approved', 'in_progress', 'qa'];

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

// ── Quotes ───────────────────────────────────────────────────────────────────────────────

/**
 * A new version: a line per BOM item at its current unit cost and one labour line (the steps'
 * planned hours × the department's rate); subtotal, tax and grand total in integer cents. It
 * supersedes an open older version.
 */
export async function createQuote(deps: JobsDeps, user: AuthUser, jobId: string, body: QuoteBody): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    if (job.status !== 'draft' && job.status !== 'quoted') throw errors.jobState(job.status, 'be quoted again');
    const bom = await bomRows(tx, jobId);
    const steps = await stepRows(tx, jobId);
    const rateCents = decimalToCents(job.labour_rate ?? '0');
    const lines = bom.map((b) => {
      const unit = decimalToCents(b.unit_cost);
      return {
        kind: 'material' as 'material' | 'labour',
        itemId: b.item_id as string | null,
        description: `${b.sku} ${b.name}`.slice(0, 255),
        qty: milliToQty(qtyToMilli(b.qty_required)),
        unit,
        total: lineNetCents(qtyToMilli(b.qty_required), unit),
      };
    });
    const planned = steps.reduce((total, st) => total + hundredthsOf(st.planned_hours), 0);
    if (planned > 0) {
      lines.push({
        kind: 'labour',
        itemId: null,
        description: `Labour: ${hoursText(planned)} h planned`,
        qty: milliToQty(planned * 10),
        unit: rateCents,
        total: labourCents(planned, rateCents),
      });
    }
    if (lines.length === 0) throw errors.quoteEmpty();
    const subtotal = lines.reduce((t, l) => t + l.total, 0);
    const tax = lineTaxCents(subtotal, body.taxRate);
    const grand = subtotal + tax;
    if (lines.some((l) => l.total > MAX_CENTS || l.unit > MAX_CENTS) || grand > MAX_CENTS)
      throw errors.amountTooLarge();
    await insertQuoteVersion(tx, {
      jobId,
      subtotal: centsToDecimal(subtotal),
      taxTotal: centsToDecimal(tax),
      grandTotal: centsToDecimal(grand),
      currency: job.price_currency,
      validUntil: body.validUntil,
      notes: body.notes,
      taxRate: centsToDecimal(body.taxRate),
      labourRate: centsToDecimal(rateCents),
      createdBy: user.id,
      lines: lines.map((l) => ({
        kind: l.kind,
        itemId: l.itemId,
        description: l.description,
        qty: l.qty,
        unitPrice: centsToDecimal(l.unit),
        lineTotal: centsToDecimal(l.total),
      })),
    });
  });
  return getJob(deps, user, jobId);
}

async function quoteOf(tx: DbOrTx, jobId: string, quoteId: string) {
  const quote = await lockQuote(tx, jobId, quoteId);
  if (!quote) throw errors.quoteNotFound();
  return quote;
}

/** draft → sent; a draft job becomes quoted. */
export async function sendQuote(deps: JobsDeps, user: AuthUser, jobId: string, quoteId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'draft') throw errors.quoteState(quote.superseded_at ? 'superseded' : quote.status, 'sent');
    if (job.status !== 'draft' && job.status !== 'quoted') throw errors.jobState(job.status, 'be quoted again');
    await setQuoteStatus(tx, quoteId, 'sent', user.id);
    if (job.status === 'draft')
      await move(tx, jobId, 'draft', 'quoted', user.id, `Quote version ${quote.version_no} sent`);
  });
  return getJob(deps, user, jobId);
}

/** sent → accepted: the job's estimate is the quote's grand total and the job is approved. */
export async function acceptQuote(deps: JobsDeps, user: AuthUser, jobId: string, quoteId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'sent') throw errors.quoteState(quote.superseded_at ? 'superseded' : quote.status, 'accepted');
    const validUntil = dateText(quote.valid_until);
    if (validUntil && validUntil < today(deps)) throw errors.quoteExpired(validUntil);
    if (job.status !== 'quoted') throw errors.jobState(job.status, 'accept a quote');
    await setQuoteStatus(tx, quoteId, 'accepted', user.id);
    await move(tx, jobId, 'quoted', 'approved', user.id, `Quote version ${quote.version_no} accepted`, {
      estimate: quote.grand_total,
      approvedDate: today(deps),
    });
  });
  return getJob(deps, user, jobId);
}

export async function rejectQuote(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  quoteId: string,
  note: string | null,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'sent' && quote.status !== 'draft') throw errors.quoteState(quote.status, 'rejected');
    await setQuoteStatus(tx, quoteId, 'rejected', user.id, note);
  });
  return getJob(deps, user, jobId);
}

// ── Materials ────────────────────────────────────────────────────────────────────────────

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

// ── Delivery ─────────────────────────────────────────────────────────────────────────────

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

// ── Attachments ──────────────────────────────────────────────────────────────────────────

/**
 * The bytes of base64 text, or null when it is not base64: Buffer.from skips characters that are
 * not base64, so a text that decodes to fewer bytes than its length promises was not clean.
 */
function decodeBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === (text.length / 4) * 3 - padding ? bytes : null;
}

/** The last segment of a path a browser may send (C:\fakepath\x.png), without control characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return base.replace(/[\u0000-\u001f\u007f]/g, '_').slice(0, 255) || 'attachment';
}

/**
 * A drawing, photo or PDF on the job (ADR 0020): at most 5 MB, its type decided by its first bytes
 * (the name and the declared type are not trusted), kept in proc_trade_job_attachments. Open jobs
 * only, like every other change; at most JOB_ATTACHMENT_MAX_COUNT per job (counted under the job's lock).
 */
export async function addAttachment(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  body: JobAttachmentBody,
): Promise<JobDetail> {
  const data = decodeBase64(body.data);
  if (!data || data.length === 0) throw errors.attachmentInvalid();
  if (data.length > JOB_ATTACHMENT_MAX_BYTES) throw errors.attachmentTooLarge();
  const contentType = sniffAttachmentType(data);
  if (!contentType) throw errors.attachmentType();
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    if ((await attachmentCount(tx, jobId)) >= JOB_ATTACHMENT_MAX_COUNT) throw errors.attachmentsFull();
    // Issue #30 item 12: the name carries the extension of the type found in the bytes.
    const fileName = attachmentFileName(cleanFileName(body.fileName), contentType);
    await insertAttachment(tx, { jobId, fileName, contentType, data, by: user.id });
  });
  return getJob(deps, user, jobId);
}

export async function removeAttachment(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  attachmentId: string,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    if (!(await deleteAttachmentRow(tx, jobId, attachmentId))) throw errors.attachmentNotFound();
  });
  return getJob(deps, user, jobId);
}

/**
 * Read in 512 KB parts: the driver turns a bytea into a Buffer in one synchronous call, about 50 ms
 * for 5 MB here; a part costs a few ms and other requests run between the parts.
 */
const DOWNLOAD_PART_BYTES = 512 * 1024;

/** One attachment's bytes, for a user who may see the job (closed jobs too). */
export async function attachmentDownload(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: string; data: Buffer }> {
  const { db } = deps.database;
  await visibleJob(deps, db, user, jobId);
  const meta = await attachmentMeta(db, jobId, attachmentId);
  if (!meta) throw errors.attachmentNotFound();
  const size = Number(meta.size_bytes);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < size; offset += DOWNLOAD_PART_BYTES) {
    parts.push(await attachmentChunk(db, attachmentId, offset, DOWNLOAD_PART_BYTES));
  }
  const data = Buffer.concat(parts);
  // Attachments are never changed, only removed: a short read means it was removed meanwhile.
  if (data.length !== size) throw errors.attachmentNotFound();
  const contentType = meta.content_type as JobAttachmentType;
  return { fileName: attachmentFileName(meta.file_name, contentType), contentType, data };
}

/** `attachment` with an ASCII name and the exact name in UTF-8 (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

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
