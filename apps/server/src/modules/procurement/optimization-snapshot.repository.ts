import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { assetCheckouts, expenses, procDepartments, products, users } from '../../db/schema/index';
import { ALL_STORES, productStockSql } from '../stock/index';
import type { OptimizationSnapshot } from './optimization-rules';

const DAY = 86_400_000;
/** The snapshot lists at most this many assets (it is also what an external provider is sent). */
export const MAX_SNAPSHOT_ASSETS = 500;

const count = () => sql<number>`count(*)`.mapWith(Number);

/**
 * Gathers the figures the optimization rules read, with a handful of aggregate queries: active
 * departments without an active manager, procurement departments and their locations, active
 * institutional assets with their checkout counts, overdue checkouts per department and expenses
 * per category for the last 30 days and the 30 before.
 */
export async function gatherOptimizationSnapshot(db: DbOrTx, now: Date): Promise<OptimizationSnapshot> {
  const since30 = new Date(now.getTime() - 30 * DAY);
  const since60 = new Date(now.getTime() - 60 * DAY);
  const since90 = new Date(now.getTime() - 90 * DAY);

  const managers = alias(users, 'manager');
  const productCount =
    sql<number>`(select count(*) from products p where p.department_id = "proc_departments"."id" and p.is_active)`.mapWith(
      Number,
    );
  const posDepartments = await db
    .select({
      name: procDepartments.name,
      productCount,
      hasManager: sql<boolean>`${managers.id} is not null and ${managers.isActive}`,
    })
    .from(procDepartments)
    .leftJoin(managers, eq(managers.id, procDepartments.managerId))
    .where(eq(procDepartments.isArchived, false))
    .orderBy(sql`lower(${procDepartments.name}) collate "C"`);

  const locationCount =
    sql<number>`(select count(*) from proc_locations l where l.department_id = "proc_departments"."id")`.mapWith(
      Number,
    );
  const procRows = await db
    .select({
      code: procDepartments.code,
      name: procDepartments.name,
      parentId: procDepartments.parentId,
      locationCount,
    })
    .from(procDepartments)
    .where(eq(procDepartments.isArchived, false))
    .orderBy(asc(procDepartments.code));

  const checkoutFigures = db
    .select({
      productId: assetCheckouts.productId,
      recent: sql<number>`count(*) filter (where ${assetCheckouts.checkedOutAt} >= ${since90})`.as('recent'),
      active: sql<number>`count(*) filter (where ${assetCheckouts.returnedAt} is null)`.as('active'),
    })
    .from(assetCheckouts)
    .groupBy(assetCheckouts.productId)
    .as('checkout_figures');
  const assets = await db
    .select({
      name: products.name,
      assetType: products.assetType,
      // Installation-wide, as Institutional Analytics counts an asset (docs/stores.md).
      stock: productStockSql(products.id, ALL_STORES),
      lowStockThreshold: products.lowStockThreshold,
      isCheckoutRequired: products.isCheckoutRequired,
      checkoutsLast90Days: sql<number>`coalesce(${checkoutFigures.recent}, 0)`.mapWith(Number),
      activeCheckouts: sql<number>`coalesce(${checkoutFigures.active}, 0)`.mapWith(Number),
      department: procDepartments.name,
      serviceFlag: products.serviceFlag,
      serviceFlaggedAt: products.serviceFlaggedAt,
    })
    .from(products)
    .leftJoin(checkoutFigures, eq(checkoutFigures.productId, products.id))
    .leftJoin(procDepartments, eq(procDepartments.id, products.departmentId))
    .where(and(eq(products.isActive, true), ne(products.assetType, 'regular')))
    .orderBy(sql`lower(${products.name}) collate "C"`, asc(products.id))
    .limit(MAX_SNAPSHOT_ASSETS);

  const oldestDueAt = sql<Date>`min(${assetCheckouts.expectedReturnAt})`.mapWith((v) => new Date(v));
  const overdue = await db
    .select({ department: procDepartments.name, count: count(), oldestDueAt })
    .from(assetCheckouts)
    .innerJoin(products, eq(products.id, assetCheckouts.productId))
    .leftJoin(procDepartments, eq(procDepartments.id, products.departmentId))
    .where(
      and(
        isNull(assetCheckouts.returnedAt),
        isNotNull(assetCheckouts.expectedReturnAt),
        lt(assetCheckouts.expectedReturnAt, now),
      ),
    )
    .groupBy(procDepartments.name)
    .orderBy(desc(count()), asc(sql`min(${assetCheckouts.expectedReturnAt})`));

  const cents = (where: ReturnType<typeof sql>) =>
    sql<number>`coalesce(round(sum(${expenses.amount}) filter (where ${where}) * 100), 0)::text`.mapWith(Number);
  const spending = await db
    .select({
      category: expenses.category,
      last30Cents: cents(sql`${expenses.createdAt} >= ${since30}`),
      previous30Cents: cents(sql`${expenses.createdAt} < ${since30}`),
    })
    .from(expenses)
    .where(
      and(
        sql`${expenses.createdAt} >= ${since60}`,
        sql`${expenses.createdAt} < ${now}`,
        or(ne(expenses.status, 'rejected'), isNull(expenses.status)),
      ),
    )
    .groupBy(expenses.category)
    .orderBy(asc(expenses.category));

  const [history] = await db
    .select({ start: sql<Date | null>`min(${expenses.createdAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(expenses);

  return {
    takenAt: now.toISOString(),
    departmentsWithoutManager: posDepartments
      .filter((d) => !d.hasManager)
      .map((d) => ({ name: d.name, productCount: d.productCount })),
    posDepartmentCount: posDepartments.length,
    procurement: {
      activeCount: procRows.length,
      childCount: procRows.filter((d) => d.parentId !== null).length,
      withoutLocations: procRows.filter((d) => d.locationCount === 0).map((d) => ({ code: d.code, name: d.name })),
    },
    assets: assets.map((a) => ({
      ...a,
      serviceFlaggedAt: a.serviceFlaggedAt ? new Date(a.serviceFlaggedAt).toISOString() : null,
    })),
    overdue: {
      total: overdue.reduce((sum, row) => sum + row.count, 0),
      byDepartment: overdue.map((row) => ({
        department: row.department,
        count: row.count,
        oldestDueAt: row.oldestDueAt.toISOString(),
      })),
    },
    expenses: spending,
    expenseHistoryStart: history?.start ? history.start.toISOString() : null,
  };
}
