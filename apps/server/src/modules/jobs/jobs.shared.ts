import { centsToDecimal, decimalToCents, type JobState, qtyToMilli } from '@retail-hub/shared';
import type { Db, DbOrTx } from '../../db/client';
import { addDays, dayOfWeek, localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import type { EventBus } from '../events/index';
import { scopeOf as storesScopeOf } from '../stores/index';
import type { BomRow } from './job-plan.repository';
import { jobsErrors as errors } from './jobs.errors';
import { insertHistory, type JobRow, jobRows, lockJob, type MoveFields, moveJobRow } from './jobs.repository';

export type JobsDeps = { database: { db: Db }; events: EventBus; config: { storeTimeZone: string } };

const CLOSED: readonly JobState[] = ['delivered', 'cancelled'];

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export const money = (value: string | null): string | null =>
  value === null ? null : centsToDecimal(decimalToCents(value));

export const hoursText = (hundredths: number) => centsToDecimal(hundredths);

export const hundredthsOf = (value: string | null) => decimalToCents(value ?? '0');

const fmt = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export function today(deps: JobsDeps): string {
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
export async function scopeOf(deps: JobsDeps, user: AuthUser, db: DbOrTx = deps.database.db): Promise<string | null> {
  return (await storesScopeOf({ database: { db: db as Db }, events: deps.events }, user)).departmentId;
}

export const dateText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

/** The job, if this user may see it (a department manager: their department's only); locked in a transaction. */
export async function visibleJob(
  deps: JobsDeps,
  db: DbOrTx,
  user: AuthUser,
  id: string,
  lock = false,
): Promise<JobRow> {
  const job = lock ? await lockJob(db, id) : (await jobRows(db, { id }))[0];
  if (!job) throw errors.jobNotFound();
  const department = await scopeOf(deps, user, db);
  if (department && job.department_id !== department) throw errors.jobNotFound();
  return job;
}

/** Locks the job for a change and refuses a closed one. */
export async function openJob(deps: JobsDeps, tx: DbOrTx, user: AuthUser, id: string): Promise<JobRow> {
  const job = await visibleJob(deps, tx, user, id, true);
  if (CLOSED.includes(job.status)) throw errors.jobClosed(job.status);
  return job;
}

/** The BOM and steps change until the job goes to QA. */
export const PLANNING: readonly JobState[] = ['draft', 'quoted', 'approved', 'in_progress'];

export async function plannableJob(
  deps: JobsDeps,
  tx: DbOrTx,
  user: AuthUser,
  id: string,
  action: string,
): Promise<JobRow> {
  const job = await openJob(deps, tx, user, id);
  if (!PLANNING.includes(job.status)) throw errors.jobState(job.status, action);
  return job;
}

/** Steps are worked (started, completed) once the job is approved; skipping is open until QA. */
export const WORKING: readonly JobState[] = ['approved', 'in_progress', 'qa'];

export async function move(
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

export const bomFullyIssued = (b: BomRow) =>
  qtyToMilli(b.issued) - qtyToMilli(b.returned) >= qtyToMilli(b.qty_required);
