import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { unitCostSql } from './job-materials.repository';
import { userName } from './jobs-common.repository';

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
