import { and, asc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { procDepartments } from '../../db/schema/index';
import { escapeLike } from '../../lib/like';

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
  const rows =
    (result as unknown as { rows?: Array<{ found: boolean }> }).rows ??
    (result as unknown as Array<{ found: boolean }>);
  return Boolean(rows[0]?.found);
}
