import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { likeOf, NO_ID } from './jobs-common.repository';

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
