import {
  attachmentFileName,
  can,
  centsToDecimal,
  decimalToCents,
  type JobAttachmentType,
  type JobDetail,
  type JobState,
  type JobSummary,
  labourCents,
  lineNetCents,
  MANUAL_JOB_TRANSITIONS,
  milliToQty,
  type Quote,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { type AttachmentRow, attachmentRows } from './job-attachments.repository';
import { costRows, type DeliveryRow, deliveryRow, type MaterialRow, materialRows } from './job-materials.repository';
import {
  type BomRow,
  bomRows,
  type StepHoursChangeRow,
  type StepRow,
  stepHoursChangeRows,
  stepRows,
} from './job-plan.repository';
import { quoteLineRows, quoteRows } from './job-quotes.repository';
import { type HistoryRow, historyRows, type JobRow, jobRows } from './jobs.repository';
import {
  bomFullyIssued,
  currentWeek,
  dateText,
  hoursText,
  hundredthsOf,
  iso,
  type JobsDeps,
  money,
  scopeOf,
  visibleJob,
} from './jobs.shared';

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

type CostFacts = { issuedCents: number; returnedCents: number; hoursHundredths: number; labourCents: number };

/** Actual cost: issued − returned at the unit cost recorded on each row, plus actual hours × rate. */
export async function costFacts(db: DbOrTx, jobId: string, labourRate: string | null): Promise<CostFacts> {
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

export const costTotal = (c: CostFacts) => c.issuedCents - c.returnedCents + c.labourCents;

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

const toBomLine = (b: BomRow): JobDetail['bom'][number] => ({
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
});

const toStep = (st: StepRow, hoursChanges: StepHoursChangeRow[]): JobDetail['steps'][number] => ({
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
});

const toMaterial = (m: MaterialRow): JobDetail['materials'][number] => ({
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
});

const toHistory = (h: HistoryRow): JobDetail['history'][number] => ({
  fromStatus: h.from_status,
  toStatus: h.to_status,
  changedByName: h.changed_by_name,
  changedAt: iso(h.changed_at) as string,
  note: h.note,
});

const toAttachment = (a: AttachmentRow): JobDetail['attachments'][number] => ({
  id: a.id,
  // Issue #30 item 12: files stored before it was fixed are also named by their type.
  fileName: attachmentFileName(a.file_name, a.content_type as JobAttachmentType),
  contentType: a.content_type as JobAttachmentType,
  sizeBytes: Number(a.size_bytes),
  uploadedByName: a.uploaded_by_name,
  uploadedAt: iso(a.uploaded_at) as string,
});

const toDelivery = (delivery: DeliveryRow): NonNullable<JobDetail['delivery']> => ({
  id: delivery.id,
  deliveryNo: delivery.delivery_no,
  deliveredByName: delivery.delivered_by_name,
  deliveredTo: delivery.delivered_to,
  deliveryDate: dateText(delivery.delivery_date) as string,
  acceptanceName: delivery.acceptance_name,
  signature: delivery.acceptance_signature_url,
  notes: delivery.notes,
});

const toActualCost = (cost: CostFacts): JobDetail['actualCost'] => ({
  materialsIssued: centsToDecimal(cost.issuedCents),
  materialsReturned: centsToDecimal(cost.returnedCents),
  labourHours: hoursText(cost.hoursHundredths),
  labour: centsToDecimal(cost.labourCents),
  total: centsToDecimal(costTotal(cost)),
});

/** One job as the API shows it, for a user who may see it. */
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
    bom: bom.map(toBomLine),
    bomFullyIssued: fully,
    steps: steps.map((st) => toStep(st, hoursChanges)),
    quotes,
    materials: materials.map(toMaterial),
    history: history.map(toHistory),
    delivery: delivery ? toDelivery(delivery) : null,
    attachments: attachments.map(toAttachment),
    actualCost: toActualCost(cost),
    allowedMoves,
  };
}
