import type { JobState } from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Workshop jobs' SQL (issue #18). Every state change is one conditional UPDATE (… where status =
 * the state the caller saw … returning), and the job row is locked (select … for update) by every
 * change of its quotes, BOM, steps and materials, so version numbers, step numbers and the
 * quantity out on a job cannot race.
 */

type Row = Record<string, unknown>;

async function rows<T = Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const NO_ID = '00000000-0000-0000-0000-000000000000';
const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const userName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`);

// ── Clients ──────────────────────────────────────────────────────────────────────────────

export type ClientRow = {
  id: string;
  name: string;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  is_internal: boolean;
  is_archived: boolean;
  open_jobs: number | string;
  total_jobs: number | string;
};

export type ClientValues = {
  name: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  isInternal: boolean;
};

export async function clientRows(
  db: DbOrTx,
  filter: { id?: string; status?: 'active' | 'archived' | 'all'; search?: string | undefined },
): Promise<ClientRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.id) conditions.push(sql`c.id = ${filter.id}`);
  if (filter.status === 'active') conditions.push(sql`not c.is_archived`);
  if (filter.status === 'archived') conditions.push(sql`c.is_archived`);
  if (filter.search) {
    const like = likeOf(filter.search);
    conditions.push(sql`(c.name ilike ${like} or c.contact_name ilike ${like} or c.email ilike ${like})`);
  }
  return rows<ClientRow>(
    db,
    sql`select c.*,
          (select count(*) from proc_trade_jobs j where j.client_id = c.id and j.status not in ('delivered', 'cancelled'))::int as open_jobs,
          (select count(*) from proc_trade_jobs j where j.client_id = c.id)::int as total_jobs
        from proc_clients c where ${sql.join(conditions, sql` and `)} order by lower(c.name), c.id`,
  );
}

export async function clientNameTaken(db: DbOrTx, name: string, exceptId: string | null): Promise<boolean> {
  const found = await rows(
    db,
    sql`select 1 from proc_clients where lower(name) = lower(${name}) and id <> ${exceptId ?? NO_ID}`,
  );
  return found.length > 0;
}

export async function insertClient(db: DbOrTx, v: ClientValues): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into proc_clients (name, contact_name, phone, email, address, notes, is_internal)
        values (${v.name}, ${v.contactName}, ${v.phone}, ${v.email}, ${v.address}, ${v.notes}, ${v.isInternal})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function updateClientRow(db: DbOrTx, id: string, v: ClientValues): Promise<boolean> {
  const updated = await rows(
    db,
    sql`update proc_clients set name = ${v.name}, contact_name = ${v.contactName}, phone = ${v.phone},
          email = ${v.email}, address = ${v.address}, notes = ${v.notes}, is_internal = ${v.isInternal}, updated_at = now()
        where id = ${id} returning id`,
  );
  return updated.length > 0;
}

export async function setClientArchivedRow(db: DbOrTx, id: string, archived: boolean): Promise<boolean> {
  const updated = await rows(
    db,
    sql`update proc_clients set is_archived = ${archived}, updated_at = now() where id = ${id} returning id`,
  );
  return updated.length > 0;
}

export async function clientArchived(db: DbOrTx, id: string): Promise<boolean | null> {
  const [row] = await rows<{ is_archived: boolean }>(db, sql`select is_archived from proc_clients where id = ${id}`);
  return row ? row.is_archived : null;
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────

export type JobRow = {
  id: string;
  job_number: string;
  title: string;
  description: string | null;
  status: JobState;
  priority: 'low' | 'normal' | 'high';
  client_id: string | null;
  client_name: string | null;
  client_contact: string | null;
  client_address: string | null;
  department_id: string | null;
  department_name: string | null;
  labour_rate: string | null;
  requested_date: string | null;
  needed_by_date: string | null;
  approved_date: string | null;
  delivered_date: string | null;
  price_currency: string;
  price_total_estimate: string | null;
  price_total_actual: string | null;
  materials_waived_by: string | null;
  materials_waiver_note: string | null;
  created_by_name: string | null;
  created_at: Date | string;
};

export type JobFilter = {
  id?: string;
  departmentId?: string | null;
  status?: JobState | undefined;
  clientId?: string | undefined;
  search?: string | undefined;
  /** Open jobs needed between these dates (inclusive), soonest first. */
  due?: { from: string; to: string };
};

export async function jobRows(db: DbOrTx, filter: JobFilter): Promise<JobRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.id) conditions.push(sql`j.id = ${filter.id}`);
  if (filter.departmentId) conditions.push(sql`j.department_id = ${filter.departmentId}`);
  if (filter.status) conditions.push(sql`j.status = ${filter.status}`);
  if (filter.clientId) conditions.push(sql`j.client_id = ${filter.clientId}`);
  if (filter.search) {
    const like = likeOf(filter.search);
    conditions.push(sql`(j.job_number ilike ${like} or j.title ilike ${like} or c.name ilike ${like})`);
  }
  let order = sql`j.created_at desc, j.id`;
  if (filter.due) {
    conditions.push(
      sql`j.status not in ('delivered', 'cancelled') and j.needed_by_date between ${filter.due.from}::date and ${filter.due.to}::date`,
    );
    order = sql`j.needed_by_date, j.job_number`;
  }
  return rows<JobRow>(
    db,
    sql`select j.*, c.name as client_name, c.contact_name as client_contact, c.address as client_address,
          d.name as department_name, d.labour_rate::text as labour_rate, ${userName('u')} as created_by_name
        from proc_trade_jobs j
        left join proc_clients c on c.id = j.client_id
        left join proc_departments d on d.id = j.department_id
        left join users u on u.id = j.created_by
        where ${sql.join(conditions, sql` and `)} order by ${order}`,
  );
}

/** The job row, locked for the rest of the transaction. */
export async function lockJob(tx: DbOrTx, id: string): Promise<JobRow | null> {
  const [job] = await rows<JobRow>(
    tx,
    sql`select j.*, d.labour_rate::text as labour_rate from proc_trade_jobs j
        left join proc_departments d on d.id = j.department_id
        where j.id = ${id} for update of j`,
  );
  return job ?? null;
}

export async function departmentExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from proc_departments where id = ${id}`)).length > 0;
}

export type JobValues = {
  title: string;
  description: string | null;
  clientId: string;
  departmentId: string;
  priority: 'low' | 'normal' | 'high';
  requestedDate: string | null;
  neededByDate: string | null;
};

export async function insertJob(tx: DbOrTx, jobNumber: string, v: JobValues, createdBy: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_trade_jobs (job_number, client_id, department_id, title, description, priority,
          requested_date, needed_by_date, created_by)
        values (${jobNumber}, ${v.clientId}, ${v.departmentId}, ${v.title}, ${v.description}, ${v.priority},
          ${v.requestedDate}, ${v.neededByDate}, ${createdBy})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function updateJobRow(tx: DbOrTx, id: string, v: JobValues): Promise<void> {
  await tx.execute(
    sql`update proc_trade_jobs set title = ${v.title}, description = ${v.description}, client_id = ${v.clientId},
          department_id = ${v.departmentId}, priority = ${v.priority}, requested_date = ${v.requestedDate},
          needed_by_date = ${v.neededByDate}, updated_at = now()
        where id = ${id}`,
  );
}

export async function insertHistory(
  tx: DbOrTx,
  jobId: string,
  from: JobState | null,
  to: JobState,
  userId: string,
  note: string | null,
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_status_history (job_id, from_status, to_status, changed_by, note)
        values (${jobId}, ${from}, ${to}, ${userId}, ${note})`,
  );
}

/** What a move also writes on the job. */
export type MoveFields = {
  estimate?: string;
  approvedDate?: string;
  deliveredDate?: string;
  actual?: string;
  waiver?: { by: string; note: string };
};

/** One conditional UPDATE: only from the state the caller saw; false when someone moved it first. */
export async function moveJobRow(
  tx: DbOrTx,
  id: string,
  from: JobState,
  to: JobState,
  f: MoveFields,
): Promise<boolean> {
  const sets: SQL[] = [sql`status = ${to}`, sql`updated_at = now()`];
  if (f.estimate !== undefined) sets.push(sql`price_total_estimate = ${f.estimate}`);
  if (f.approvedDate !== undefined) sets.push(sql`approved_date = ${f.approvedDate}`);
  if (f.deliveredDate !== undefined) sets.push(sql`delivered_date = ${f.deliveredDate}`);
  if (f.actual !== undefined) sets.push(sql`price_total_actual = ${f.actual}`);
  if (f.waiver) {
    sets.push(
      sql`materials_waived_by = ${f.waiver.by}`,
      sql`materials_waived_at = now()`,
      sql`materials_waiver_note = ${f.waiver.note}`,
    );
  }
  const moved = await rows(
    tx,
    sql`update proc_trade_jobs set ${sql.join(sets, sql`, `)} where id = ${id} and status = ${from} returning id`,
  );
  return moved.length > 0;
}

export type HistoryRow = {
  from_status: JobState | null;
  to_status: JobState;
  changed_by_name: string | null;
  changed_at: Date | string;
  note: string | null;
};

export async function historyRows(db: DbOrTx, jobId: string): Promise<HistoryRow[]> {
  return rows<HistoryRow>(
    db,
    sql`select h.from_status, h.to_status, ${userName('u')} as changed_by_name, h.changed_at, h.note
        from proc_trade_job_status_history h left join users u on u.id = h.changed_by
        where h.job_id = ${jobId} order by h.changed_at, h.id`,
  );
}

// ── Items, locations, users ─────────────────────────────────────────────────────────────

export async function itemUom(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await rows<{ uom: string }>(db, sql`select uom from proc_items where id = ${id}`);
  return row ? row.uom : null;
}

export async function locationExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from proc_locations where id = ${id}`)).length > 0;
}

export async function activeUserExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from users where id = ${id} and is_active`)).length > 0;
}

/**
 * An item's current unit cost: its latest batch with a cost (a goods receipt records it), else the
 * last price it was ordered at, else 0.
 */
function unitCostSql(itemId: SQL): SQL {
  return sql`coalesce(
    (select bt.unit_cost from proc_item_batches bt where bt.item_id = ${itemId} and bt.unit_cost is not null
      order by bt.created_at desc, bt.id desc limit 1),
    (select l.unit_price from proc_purchase_order_lines l join proc_purchase_orders o on o.id = l.po_id
      where l.item_id = ${itemId} and o.status <> 'cancelled' order by o.created_at desc limit 1),
    0)::text`;
}

export async function currentUnitCost(db: DbOrTx, itemId: string): Promise<string> {
  const [row] = await rows<{ unit_cost: string }>(db, sql`select ${unitCostSql(sql`${itemId}::uuid`)} as unit_cost`);
  return row?.unit_cost ?? '0';
}

// ── Bill of materials ────────────────────────────────────────────────────────────────────

export type BomRow = {
  id: string;
  item_id: string;
  sku: string;
  name: string;
  uom: string;
  bom_uom: string | null;
  qty_required: string;
  notes: string | null;
  issued: string;
  returned: string;
  unit_cost: string;
};

export async function bomRows(db: DbOrTx, jobId: string): Promise<BomRow[]> {
  return rows<BomRow>(
    db,
    sql`select b.id, b.item_id, i.sku, i.name, i.uom, b.uom as bom_uom, b.qty_required::text, b.notes,
          coalesce((select sum(w.qty_issued) from proc_wip_issues w where w.job_id = b.job_id and w.item_id = b.item_id), 0)::text as issued,
          coalesce((select sum(r.qty_returned) from proc_wip_returns r where r.job_id = b.job_id and r.item_id = b.item_id), 0)::text as returned,
          ${unitCostSql(sql`b.item_id`)} as unit_cost
        from proc_trade_job_bom b join proc_items i on i.id = b.item_id
        where b.job_id = ${jobId} order by i.sku, b.id`,
  );
}

export async function insertBomLine(
  tx: DbOrTx,
  v: { jobId: string; itemId: string; qty: string; uom: string; notes: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_bom (job_id, item_id, qty_required, uom, notes)
        values (${v.jobId}, ${v.itemId}, ${v.qty}, ${v.uom}, ${v.notes})`,
  );
}

export async function updateBomRow(
  tx: DbOrTx,
  jobId: string,
  lineId: string,
  qty: string,
  notes: string | null,
): Promise<boolean> {
  const updated = await rows(
    tx,
    sql`update proc_trade_job_bom set qty_required = ${qty}, notes = ${notes}
        where id = ${lineId} and job_id = ${jobId} returning id`,
  );
  return updated.length > 0;
}

export async function bomLineItem(tx: DbOrTx, jobId: string, lineId: string): Promise<string | null> {
  const [row] = await rows<{ item_id: string }>(
    tx,
    sql`select item_id from proc_trade_job_bom where id = ${lineId} and job_id = ${jobId}`,
  );
  return row ? row.item_id : null;
}

export async function deleteBomRow(tx: DbOrTx, lineId: string): Promise<void> {
  await tx.execute(sql`delete from proc_trade_job_bom where id = ${lineId}`);
}

// ── Steps ────────────────────────────────────────────────────────────────────────────────

export type StepRow = {
  id: string;
  step_no: number;
  name: string;
  instructions: string | null;
  assigned_to: string | null;
  assigned_name: string | null;
  planned_hours: string | null;
  actual_hours: string | null;
  status: 'pending' | 'in_progress' | 'completed' | 'skipped';
  started_at: Date | string | null;
  completed_at: Date | string | null;
  notes: string | null;
};

export async function stepRows(db: DbOrTx, jobId: string, stepId?: string): Promise<StepRow[]> {
  return rows<StepRow>(
    db,
    sql`select s.id, s.step_no, s.name, s.instructions, s.assigned_to, s.planned_hours::text, s.actual_hours::text,
          s.status, s.started_at, s.completed_at, s.notes, ${userName('u')} as assigned_name
        from proc_trade_job_steps s left join users u on u.id = s.assigned_to
        where s.job_id = ${jobId} ${stepId ? sql`and s.id = ${stepId}` : sql``} order by s.step_no`,
  );
}

/** The next step number (the job row is locked by the caller, so it cannot race). */
export async function insertStep(
  tx: DbOrTx,
  v: {
    jobId: string;
    name: string;
    instructions: string | null;
    assignedTo: string | null;
    plannedHours: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_steps (job_id, step_no, name, instructions, assigned_to, planned_hours, actual_hours)
        select ${v.jobId}, coalesce(max(step_no), 0) + 1, ${v.name}, ${v.instructions}, ${v.assignedTo}, ${v.plannedHours}, 0
        from proc_trade_job_steps where job_id = ${v.jobId}`,
  );
}

export async function insertStepHoursChange(
  tx: DbOrTx,
  v: { jobId: string; stepId: string; fromHours: string; toHours: string; changedBy: string; reason: string },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_step_hours_changes (job_id, step_id, from_hours, to_hours, changed_by, reason)
        values (${v.jobId}, ${v.stepId}, ${v.fromHours}, ${v.toHours}, ${v.changedBy}, ${v.reason})`,
  );
}

export type StepHoursChangeRow = {
  step_id: string;
  from_hours: string;
  to_hours: string;
  changed_by_name: string | null;
  changed_at: Date | string;
  reason: string;
};

export async function stepHoursChangeRows(db: DbOrTx, jobId: string): Promise<StepHoursChangeRow[]> {
  return rows<StepHoursChangeRow>(
    db,
    sql`select c.step_id, c.from_hours::text, c.to_hours::text, ${userName('u')} as changed_by_name, c.changed_at, c.reason
        from proc_trade_job_step_hours_changes c left join users u on u.id = c.changed_by
        where c.job_id = ${jobId} order by c.changed_at, c.id`,
  );
}

export type StepChanges = {
  name?: string;
  instructions?: string | null;
  assignedTo?: string | null;
  plannedHours?: string;
  actualHours?: string;
  notes?: string | null;
  status?: 'pending' | 'in_progress' | 'completed' | 'skipped';
};

export async function updateStepRow(tx: DbOrTx, stepId: string, c: StepChanges): Promise<void> {
  const sets: SQL[] = [];
  if (c.name !== undefined) sets.push(sql`name = ${c.name}`);
  if (c.instructions !== undefined) sets.push(sql`instructions = ${c.instructions}`);
  if (c.assignedTo !== undefined) sets.push(sql`assigned_to = ${c.assignedTo}`);
  if (c.plannedHours !== undefined) sets.push(sql`planned_hours = ${c.plannedHours}`);
  if (c.actualHours !== undefined) sets.push(sql`actual_hours = ${c.actualHours}`);
  if (c.notes !== undefined) sets.push(sql`notes = ${c.notes}`);
  if (c.status !== undefined) {
    sets.push(sql`status = ${c.status}`);
    if (c.status === 'in_progress') sets.push(sql`started_at = coalesce(started_at, now())`, sql`completed_at = null`);
    if (c.status === 'completed') sets.push(sql`started_at = coalesce(started_at, now())`, sql`completed_at = now()`);
    if (c.status === 'pending') sets.push(sql`started_at = null`, sql`completed_at = null`);
    if (c.status === 'skipped') sets.push(sql`completed_at = null`);
  }
  if (sets.length === 0) return;
  await tx.execute(sql`update proc_trade_job_steps set ${sql.join(sets, sql`, `)} where id = ${stepId}`);
}

export async function deleteStepRow(tx: DbOrTx, stepId: string): Promise<void> {
  await tx.execute(sql`delete from proc_trade_job_steps where id = ${stepId}`);
}

// ── Quotes ───────────────────────────────────────────────────────────────────────────────

export type QuoteRow = {
  id: string;
  job_id: string;
  version_no: number;
  status: 'draft' | 'sent' | 'accepted' | 'rejected';
  subtotal: string;
  tax_rate: string;
  tax_total: string;
  grand_total: string;
  currency: string;
  labour_rate: string;
  valid_until: string | null;
  notes: string | null;
  sent_at: Date | string | null;
  decided_at: Date | string | null;
  superseded_at: Date | string | null;
  created_at: Date | string;
};

export type QuoteLineRow = {
  quote_id: string;
  line_no: number;
  kind: 'material' | 'labour';
  item_id: string | null;
  description: string;
  qty: string;
  unit_price: string;
  line_total: string;
};

export async function quoteRows(db: DbOrTx, jobId: string): Promise<QuoteRow[]> {
  return rows<QuoteRow>(
    db,
    sql`select id, job_id, version_no, status, subtotal::text, tax_rate::text, tax_total::text, grand_total::text,
          currency, labour_rate::text, valid_until, notes, sent_at, decided_at, superseded_at, created_at
        from proc_trade_quotes where job_id = ${jobId} order by version_no desc`,
  );
}

export async function quoteLineRows(db: DbOrTx, jobId: string): Promise<QuoteLineRow[]> {
  return rows<QuoteLineRow>(
    db,
    sql`select l.quote_id, l.line_no, l.kind, l.item_id, l.description, l.qty::text, l.unit_price::text, l.line_total::text
        from proc_trade_quote_lines l join proc_trade_quotes q on q.id = l.quote_id
        where q.job_id = ${jobId} order by l.line_no`,
  );
}

/**
 * Inserts the next version (the job row is locked by the caller) and rejects, as superseded, any
 * open (draft or sent) older one; returns the new quote's id.
 */
export async function insertQuoteVersion(
  tx: DbOrTx,
  v: {
    jobId: string;
    subtotal: string;
    taxTotal: string;
    grandTotal: string;
    currency: string;
    validUntil: string;
    notes: string | null;
    taxRate: string;
    labourRate: string;
    createdBy: string;
    lines: Array<{
      kind: 'material' | 'labour';
      itemId: string | null;
      description: string;
      qty: string;
      unitPrice: string;
      lineTotal: string;
    }>;
  },
): Promise<string> {
  const [quote] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_trade_quotes (job_id, version_no, subtotal, tax_total, grand_total, currency, status, valid_until,
          notes, tax_rate, labour_rate, created_by)
        select ${v.jobId}, coalesce(max(version_no), 0) + 1, ${v.subtotal}, ${v.taxTotal}, ${v.grandTotal}, ${v.currency},
          'draft', ${v.validUntil}, ${v.notes}, ${v.taxRate}, ${v.labourRate}, ${v.createdBy}
        from proc_trade_quotes where job_id = ${v.jobId}
        returning id`,
  );
  const quoteId = (quote as { id: string }).id;
  await tx.execute(
    sql`update proc_trade_quotes set status = 'rejected', superseded_at = now(), updated_at = now()
        where job_id = ${v.jobId} and id <> ${quoteId} and status in ('draft', 'sent')`,
  );
  await tx.execute(
    sql`insert into proc_trade_quote_lines (quote_id, line_no, kind, item_id, description, qty, unit_price, line_total)
        values ${sql.join(
          v.lines.map(
            (l, i) =>
              sql`(${quoteId}, ${i + 1}, ${l.kind}, ${l.itemId}, ${l.description}, ${l.qty}, ${l.unitPrice}, ${l.lineTotal})`,
          ),
          sql`, `,
        )}`,
  );
  return quoteId;
}

export async function lockQuote(tx: DbOrTx, jobId: string, quoteId: string): Promise<QuoteRow | null> {
  const [quote] = await rows<QuoteRow>(
    tx,
    sql`select id, job_id, version_no, status, grand_total::text, valid_until, superseded_at
        from proc_trade_quotes where id = ${quoteId} and job_id = ${jobId} for update`,
  );
  return quote ?? null;
}

export async function setQuoteStatus(
  tx: DbOrTx,
  quoteId: string,
  status: 'sent' | 'accepted' | 'rejected',
  by: string,
  note: string | null = null,
): Promise<void> {
  if (status === 'sent') {
    await tx.execute(
      sql`update proc_trade_quotes set status = 'sent', sent_at = now(), updated_at = now() where id = ${quoteId}`,
    );
    return;
  }
  await tx.execute(
    sql`update proc_trade_quotes set status = ${status}, decided_at = now(), decided_by = ${by},
          notes = coalesce(${note}, notes), updated_at = now()
        where id = ${quoteId}`,
  );
}

// ── Materials and cost ───────────────────────────────────────────────────────────────────

/** Issued − returned of an item on a job. */
export async function outstandingQty(tx: DbOrTx, jobId: string, itemId: string): Promise<string> {
  const [row] = await rows<{ qty: string }>(
    tx,
    sql`select (coalesce((select sum(qty_issued) from proc_wip_issues where job_id = ${jobId} and item_id = ${itemId}), 0)
          - coalesce((select sum(qty_returned) from proc_wip_returns where job_id = ${jobId} and item_id = ${itemId}), 0))::text as qty`,
  );
  return row?.qty ?? '0';
}

export async function lastIssueUnitCost(tx: DbOrTx, jobId: string, itemId: string): Promise<string> {
  const [row] = await rows<{ unit_cost: string }>(
    tx,
    sql`select unit_cost::text from proc_wip_issues where job_id = ${jobId} and item_id = ${itemId}
        order by issued_at desc, id desc limit 1`,
  );
  return row?.unit_cost ?? '0';
}

export type MaterialValues = {
  jobId: string;
  itemId: string;
  locationId: string;
  qty: string;
  unitCost: string;
  by: string;
  notes: string | null;
};

export async function insertWipIssue(tx: DbOrTx, v: MaterialValues): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_wip_issues (job_id, item_id, location_id, qty_issued, unit_cost, issued_by, notes)
        values (${v.jobId}, ${v.itemId}, ${v.locationId}, ${v.qty}, ${v.unitCost}, ${v.by}, ${v.notes})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function insertWipReturn(tx: DbOrTx, v: MaterialValues): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_wip_returns (job_id, item_id, location_id, qty_returned, unit_cost, returned_by, notes)
        values (${v.jobId}, ${v.itemId}, ${v.locationId}, ${v.qty}, ${v.unitCost}, ${v.by}, ${v.notes})
        returning id`,
  );
  return (row as { id: string }).id;
}

export type MaterialRow = {
  id: string;
  kind: 'issue' | 'return';
  item_id: string;
  sku: string;
  item_name: string;
  location_id: string;
  location_code: string;
  qty: string;
  unit_cost: string;
  by_name: string | null;
  at: Date | string;
  notes: string | null;
};

export async function materialRows(db: DbOrTx, jobId: string): Promise<MaterialRow[]> {
  return rows<MaterialRow>(
    db,
    sql`select m.*, i.sku, i.name as item_name, l.code as location_code, ${userName('u')} as by_name from (
          select id, 'issue' as kind, item_id, location_id, qty_issued::text as qty, unit_cost::text as unit_cost,
            issued_by as by_user, issued_at as at, notes
          from proc_wip_issues where job_id = ${jobId}
          union all
          select id, 'return', item_id, location_id, qty_returned::text, unit_cost::text, returned_by, returned_at, notes
          from proc_wip_returns where job_id = ${jobId}
        ) m join proc_items i on i.id = m.item_id join proc_locations l on l.id = m.location_id
        left join users u on u.id = m.by_user
        order by m.at, m.kind`,
  );
}

/** The rows the actual cost is computed from (in cents, in the service). */
export async function costRows(
  db: DbOrTx,
  jobId: string,
): Promise<{
  issues: Array<{ qty: string; unit_cost: string }>;
  returns: Array<{ qty: string; unit_cost: string }>;
  actualHours: string;
}> {
  const issues = await rows<{ qty: string; unit_cost: string }>(
    db,
    sql`select qty_issued::text as qty, unit_cost::text from proc_wip_issues where job_id = ${jobId}`,
  );
  const returns = await rows<{ qty: string; unit_cost: string }>(
    db,
    sql`select qty_returned::text as qty, unit_cost::text from proc_wip_returns where job_id = ${jobId}`,
  );
  const [hours] = await rows<{ hours: string }>(
    db,
    sql`select coalesce(sum(actual_hours), 0)::text as hours from proc_trade_job_steps where job_id = ${jobId}`,
  );
  return { issues, returns, actualHours: hours?.hours ?? '0' };
}

// ── Delivery ─────────────────────────────────────────────────────────────────────────────

export type DeliveryRow = {
  id: string;
  delivery_no: string;
  delivered_by_name: string | null;
  delivered_to: string;
  delivery_date: Date | string;
  acceptance_name: string;
  acceptance_signature_url: string;
  notes: string | null;
};

export async function deliveryRow(db: DbOrTx, jobId: string): Promise<DeliveryRow | null> {
  const [row] = await rows<DeliveryRow>(
    db,
    sql`select t.id, t.delivery_no, t.delivered_to, t.delivery_date, t.acceptance_name, t.acceptance_signature_url, t.notes,
          ${userName('u')} as delivered_by_name
        from proc_trade_deliveries t left join users u on u.id = t.delivered_by
        where t.job_id = ${jobId}`,
  );
  return row ?? null;
}

/** The delivery date is stored at noon of that day, so no time zone moves it to another day. */
export async function insertDelivery(
  tx: DbOrTx,
  v: {
    jobId: string;
    deliveryNo: string;
    by: string;
    deliveredTo: string;
    date: string;
    acceptanceName: string;
    signature: string;
    notes: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_deliveries (job_id, delivery_no, delivered_by, delivered_to, delivery_date, acceptance_name,
          acceptance_signature_url, notes)
        values (${v.jobId}, ${v.deliveryNo}, ${v.by}, ${v.deliveredTo}, ${v.date}::date + time '12:00',
          ${v.acceptanceName}, ${v.signature}, ${v.notes})`,
  );
}

// ── Look-ups and labour rates ────────────────────────────────────────────────────────────

export async function lookupRows(db: DbOrTx, departmentId: string | null) {
  const clients = await rows<{ id: string; name: string; is_internal: boolean }>(
    db,
    sql`select id, name, is_internal from proc_clients where not is_archived order by lower(name)`,
  );
  const departments = await rows<{ id: string; code: string; name: string; labour_rate: string }>(
    db,
    sql`select id, code, name, labour_rate::text from proc_departments
        where not is_archived ${departmentId ? sql`and id = ${departmentId}` : sql``} order by name`,
  );
  const locations = await rows<{ id: string; code: string; name: string }>(
    db,
    sql`select id, code, name from proc_locations where not is_archived order by code`,
  );
  const items = await rows<{ id: string; sku: string; name: string; uom: string }>(
    db,
    sql`select id, sku, name, uom from proc_items where not is_archived order by sku limit 1000`,
  );
  const people = await rows<{ id: string; first_name: string | null; last_name: string | null; email: string | null }>(
    db,
    sql`select id, first_name, last_name, email from users where is_active order by first_name, last_name, id`,
  );
  return { clients, departments, locations, items, people };
}

export async function setLabourRateRow(db: DbOrTx, departmentId: string, rate: string): Promise<boolean> {
  const updated = await rows(
    db,
    sql`update proc_departments set labour_rate = ${rate}, updated_at = now() where id = ${departmentId} returning id`,
  );
  return updated.length > 0;
}

// ── Attachments ──────────────────────────────────────────────────────────────────────────

export type AttachmentRow = {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number | string;
  uploaded_by_name: string | null;
  uploaded_at: Date | string;
};

/** A job's attachments without their bytes, oldest first. */
export async function attachmentRows(db: DbOrTx, jobId: string): Promise<AttachmentRow[]> {
  return rows<AttachmentRow>(
    db,
    sql`select a.id, a.file_name, a.content_type, a.size_bytes, ${userName('u')} as uploaded_by_name, a.uploaded_at
        from proc_trade_job_attachments a left join users u on u.id = a.uploaded_by
        where a.job_id = ${jobId} order by a.uploaded_at, a.id`,
  );
}

export async function attachmentCount(tx: DbOrTx, jobId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    tx,
    sql`select count(*)::int as n from proc_trade_job_attachments where job_id = ${jobId}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertAttachment(
  tx: DbOrTx,
  v: { jobId: string; fileName: string; contentType: string; data: Uint8Array; by: string },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_job_attachments (job_id, file_name, content_type, size_bytes, data, uploaded_by)
        values (${v.jobId}, ${v.fileName}, ${v.contentType}, ${v.data.byteLength}, ${v.data}, ${v.by})`,
  );
}

/** One attachment's name, type and size, without its bytes. */
export async function attachmentMeta(
  db: DbOrTx,
  jobId: string,
  attachmentId: string,
): Promise<{ file_name: string; content_type: string; size_bytes: number | string } | null> {
  const [row] = await rows<{ file_name: string; content_type: string; size_bytes: number | string }>(
    db,
    sql`select file_name, content_type, size_bytes from proc_trade_job_attachments
        where id = ${attachmentId} and job_id = ${jobId}`,
  );
  return row ?? null;
}

/** `length` bytes of an attachment from byte `offset` (0-based); empty when it is gone. */
export async function attachmentChunk(
  db: DbOrTx,
  attachmentId: string,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const [row] = await rows<{ part: Uint8Array }>(
    db,
    sql`select substring(data from ${offset + 1}::int for ${length}::int) as part
        from proc_trade_job_attachments where id = ${attachmentId}`,
  );
  return row?.part ?? new Uint8Array(0);
}

export async function deleteAttachmentRow(tx: DbOrTx, jobId: string, attachmentId: string): Promise<boolean> {
  return (
    (
      await rows(
        tx,
        sql`delete from proc_trade_job_attachments where id = ${attachmentId} and job_id = ${jobId} returning id`,
      )
    ).length > 0
  );
}
