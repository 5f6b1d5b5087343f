import { and, asc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { procDepartments, users } from '../../db/schema/index';
import { escapeLike } from '../../lib/like';

/**
 * The one department table (`proc_departments`, ADR 0027) and its only writer. Two faces read it:
 * the procurement list (code, name, parent, archived) and the Department Management cards
 * (description, manager, building, active = not archived).
 */

// ---- Department Management (/departments, spec §7 /api/departments) ----

export type DepartmentRow = {
  id: string;
  name: string;
  description: string | null;
  building: string | null;
  isActive: boolean;
  managerId: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
};

/** spec §7 GET /api/departments: every department with its manager's name, by name (or just the one `id`). */
export async function listDepartmentRows(db: DbOrTx, id?: string): Promise<DepartmentRow[]> {
  return db
    .select({
      id: procDepartments.id,
      name: procDepartments.name,
      description: procDepartments.description,
      building: procDepartments.building,
      isActive: sql<boolean>`not ${procDepartments.isArchived}`,
      managerId: users.id,
      managerFirstName: users.firstName,
      managerLastName: users.lastName,
    })
    .from(procDepartments)
    .leftJoin(users, eq(users.id, procDepartments.managerId))
    .where(id === undefined ? undefined : eq(procDepartments.id, id))
    .orderBy(sql`lower(${procDepartments.name}) collate "C"`, asc(procDepartments.id));
}

export async function findDepartmentId(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db
    .select({ id: procDepartments.id })
    .from(procDepartments)
    .where(eq(procDepartments.id, id))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findDepartmentByNameIgnoringCase(
  db: DbOrTx,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db
    .select({ id: procDepartments.id, name: procDepartments.name })
    .from(procDepartments)
    .where(sql`lower(${procDepartments.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** A user who may manage a department (spec §2: role manager, super_admin or department_manager), if active. */
export async function findManagerCandidate(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; role: string; isActive: boolean } | null> {
  const rows = await db
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export type DepartmentWrite = {
  name: string;
  description: string | null;
  managerId: string | null;
  building: string | null;
};

/**
 * A department made on /departments (whose form has no code): one statement gives it the first
 * free code made from its name (upper-cased, each run of other characters one "_", at most 20
 * characters, "DEPT" when nothing is left; then "-2", "-3", …). A base never holds "-", so two
 * names never compete for a suffixed code with a base. Two saves at the same moment that pick the
 * same code meet the unique index: the loser is retried with the next free code (`code_taken`).
 */
export async function insertDepartment(db: DbOrTx, values: DepartmentWrite): Promise<string> {
  const base = sql`coalesce(nullif(rtrim(left(btrim(regexp_replace(upper(${values.name}::text), '[^A-Z0-9]+', '_', 'g'), '_'), 20), '_'), ''), 'DEPT')`;
  const result = await db.execute<{ id: string }>(sql`
    insert into proc_departments (code, name, description, manager_id, building)
    select c.code, ${values.name}, ${values.description}, ${values.managerId}::uuid, ${values.building}
      from (select b.base || case when n = 1 then '' else '-' || n end as code, n
              from (select ${base} as base) b, generate_series(1, 1000) n) c
     where not exists (select 1 from proc_departments d where upper(d.code) = c.code)
     order by c.n
     limit 1
    returning id`);
  const rows = rowsOf<{ id: string }>(result);
  return (rows[0] as { id: string }).id;
}

export async function updateDepartmentRow(
  db: DbOrTx,
  id: string,
  values: Partial<DepartmentWrite & { isActive: boolean }>,
): Promise<boolean> {
  const { isActive, ...rest } = values;
  const rows = await db
    .update(procDepartments)
    .set({ ...rest, ...(isActive === undefined ? {} : { isArchived: !isActive }), updatedAt: new Date() })
    .where(eq(procDepartments.id, id))
    .returning({ id: procDepartments.id });
  return rows.length > 0;
}

// ---- Procurement departments (/procurement-departments, spec §7 /api/procurement/departments) ----

export type ProcDepartmentRow = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  parentId: string | null;
  isArchived: boolean;
  createdAt: Date;
};

export type ProcDepartmentFilter = {
  search?: string | undefined;
  status: 'all' | 'active' | 'archived';
  hierarchy: 'all' | 'root';
};

const columns = {
  id: procDepartments.id,
  code: procDepartments.code,
  name: procDepartments.name,
  description: procDepartments.description,
  parentId: procDepartments.parentId,
  isArchived: procDepartments.isArchived,
  createdAt: procDepartments.createdAt,
};

function whereOf(filter: ProcDepartmentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const term = filter.search?.trim();
  if (term) {
    // `%`, `_` and `\` match themselves (ILIKE's escape is the backslash).
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(procDepartments.code, pattern), ilike(procDepartments.name, pattern)) as SQL);
  }
  if (filter.status === 'active') conditions.push(eq(procDepartments.isArchived, false));
  if (filter.status === 'archived') conditions.push(eq(procDepartments.isArchived, true));
  if (filter.hierarchy === 'root') conditions.push(isNull(procDepartments.parentId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** GET /api/procurement/departments: by name (byte order of the lower-cased name, then id). */
export async function listProcDepartments(db: DbOrTx, filter: ProcDepartmentFilter): Promise<ProcDepartmentRow[]> {
  return db
    .select(columns)
    .from(procDepartments)
    .where(whereOf(filter))
    .orderBy(sql`lower(${procDepartments.name}) collate "C"`, asc(procDepartments.id));
}

/** Every department ordered by code then id, one page after `afterCode` (the CSV export). */
export async function procDepartmentsAfter(
  db: DbOrTx,
  after: { code: string; id: string } | null,
  limit: number,
): Promise<Array<ProcDepartmentRow & { parentCode: string | null }>> {
  const parent = sql`(select p.code from proc_departments p where p.id = "proc_departments"."parent_id")`;
  return db
    .select({ ...columns, parentCode: sql<string | null>`${parent}` })
    .from(procDepartments)
    .where(
      after
        ? or(
            gt(procDepartments.code, after.code),
            and(eq(procDepartments.code, after.code), gt(procDepartments.id, after.id)),
          )
        : undefined,
    )
    .orderBy(asc(procDepartments.code), asc(procDepartments.id))
    .limit(limit);
}

export async function findProcDepartment(db: DbOrTx, id: string): Promise<ProcDepartmentRow | null> {
  const rows = await db.select(columns).from(procDepartments).where(eq(procDepartments.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Departments whose code equals `code` or whose name equals `name` ignoring case (uniqueness checks). */
export async function findProcDepartmentClashes(db: DbOrTx, code: string, name: string): Promise<ProcDepartmentRow[]> {
  return db
    .select(columns)
    .from(procDepartments)
    .where(
      or(sql`upper(${procDepartments.code}) = upper(${code})`, sql`lower(${procDepartments.name}) = lower(${name})`),
    );
}

export async function findProcDepartmentsByCodes(db: DbOrTx, codes: string[]): Promise<ProcDepartmentRow[]> {
  if (codes.length === 0) return [];
  return db
    .select(columns)
    .from(procDepartments)
    .where(
      sql`upper(${procDepartments.code}) in (${sql.join(
        codes.map((c) => sql`${c.toUpperCase()}`),
        sql`, `,
      )})`,
    );
}

export type ProcDepartmentWrite = { code: string; name: string; description?: string | null; parentId?: string | null };

export async function insertProcDepartment(db: DbOrTx, values: ProcDepartmentWrite): Promise<string> {
  const [row] = await db.insert(procDepartments).values(values).returning({ id: procDepartments.id });
  return (row as { id: string }).id;
}

export async function updateProcDepartment(
  db: DbOrTx,
  id: string,
  values: Partial<ProcDepartmentWrite & { isArchived: boolean }>,
): Promise<void> {
  await db
    .update(procDepartments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procDepartments.id, id));
}

/** True when `id` is `ancestorId` or sits below it (following parentId upwards). */
export async function isSelfOrBelow(db: DbOrTx, id: string, ancestorId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from proc_departments where id = ${id}
      union all
      select d.id, d.parent_id, c.depth + 1 from proc_departments d join chain c on d.id = c.parent_id where c.depth < 100
    )
    select exists(select 1 from chain where id = ${ancestorId}) as found`);
  const rows = rowsOf<{ found: boolean }>(result);
  return Boolean(rows[0]?.found);
}
