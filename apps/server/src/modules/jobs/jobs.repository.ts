import type { JobState } from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { likeOf, userName } from './jobs-common.repository';

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
