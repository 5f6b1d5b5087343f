import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  heldOfflineSales,
  offlineSales,
  products,
  productVariants,
  stockDiscrepancies,
  transactions,
  users,
} from '../../db/schema/index';
import { productStockSql, variantStockSql } from '../stock/index';

const resolver = alias(users, 'resolver');

/** Stock discrepancies (issue #19), open ones oldest first, resolved ones newest first. */
/** The store whose shelf a discrepancy is about: its offline sale's shift's (ADR 0025). */
const saleStore = sql`(select sh.store_id from transactions t join shifts sh on sh.id = t.shift_id
  where t.id = ${stockDiscrepancies.transactionId})`;

export async function listDiscrepancies(
  db: DbOrTx,
  status: 'open' | 'resolved' | 'all',
  options: { id?: string; limit?: number } = {},
) {
  return db
    .select({
      id: stockDiscrepancies.id,
      productId: stockDiscrepancies.productId,
      productName: products.name,
      variantId: stockDiscrepancies.variantId,
      variantName: stockDiscrepancies.variantName,
      transactionId: stockDiscrepancies.transactionId,
      cashierFirstName: users.firstName,
      cashierLastName: users.lastName,
      soldAt: sql<Date>`coalesce(${offlineSales.soldAt}, ${transactions.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
      quantityShort: stockDiscrepancies.quantityShort,
      stockBefore: stockDiscrepancies.stockBefore,
      currentStock: sql<
        number | null
      >`case when ${stockDiscrepancies.variantId} is null then ${productStockSql(products.id, saleStore)}
        else ${variantStockSql(productVariants.id, saleStore)} end`,
      createdAt: stockDiscrepancies.createdAt,
      resolvedAt: stockDiscrepancies.resolvedAt,
      resolverFirstName: resolver.firstName,
      resolverLastName: resolver.lastName,
      resolutionNote: stockDiscrepancies.resolutionNote,
      countedStock: stockDiscrepancies.countedStock,
    })
    .from(stockDiscrepancies)
    .innerJoin(products, eq(products.id, stockDiscrepancies.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockDiscrepancies.variantId))
    .innerJoin(transactions, eq(transactions.id, stockDiscrepancies.transactionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(offlineSales, eq(offlineSales.transactionId, stockDiscrepancies.transactionId))
    .leftJoin(resolver, eq(resolver.id, stockDiscrepancies.resolvedBy))
    .where(
      and(
        options.id ? eq(stockDiscrepancies.id, options.id) : undefined,
        status === 'open'
          ? isNull(stockDiscrepancies.resolvedAt)
          : status === 'resolved'
            ? isNotNull(stockDiscrepancies.resolvedAt)
            : undefined,
      ),
    )
    .orderBy(
      status === 'open' ? stockDiscrepancies.createdAt : desc(stockDiscrepancies.createdAt),
      stockDiscrepancies.id,
    )
    .limit(options.limit ?? 500);
}

/**
 * Marks an open discrepancy resolved: the conditional update (`resolved_at is null`) lets exactly
 * one of two managers resolving at once through. Null when it is not open (unknown or resolved).
 */
export async function markResolved(
  tx: DbOrTx,
  input: { id: string; userId: string; note: string; countedStock: number | null },
): Promise<{ productId: string; variantId: string | null; storeId: string | null } | null> {
  const [row] = await tx
    .update(stockDiscrepancies)
    .set({
      resolvedAt: sql`now()`,
      resolvedBy: input.userId,
      resolutionNote: input.note,
      countedStock: input.countedStock,
    })
    .where(and(eq(stockDiscrepancies.id, input.id), isNull(stockDiscrepancies.resolvedAt)))
    .returning({
      productId: stockDiscrepancies.productId,
      variantId: stockDiscrepancies.variantId,
      // The count is of the shelf the offline sale took from: its shift's store's (ADR 0025).
      storeId: sql<string | null>`${saleStore}`,
    });
  return row ?? null;
}

export async function discrepancyExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: stockDiscrepancies.id })
    .from(stockDiscrepancies)
    .where(eq(stockDiscrepancies.id, id));
  return rows.length > 0;
}

const cashier = alias(users, 'held_cashier');

/** Held offline sales (issue #30 items 1, 3), open ones oldest first, resolved ones newest first. */
export async function listHeldSales(
  db: DbOrTx,
  status: 'open' | 'resolved' | 'all',
  options: { id?: string; limit?: number } = {},
) {
  return db
    .select({
      held: heldOfflineSales,
      cashierFirstName: cashier.firstName,
      cashierLastName: cashier.lastName,
      resolverFirstName: resolver.firstName,
      resolverLastName: resolver.lastName,
    })
    .from(heldOfflineSales)
    .innerJoin(cashier, eq(cashier.id, heldOfflineSales.cashierId))
    .leftJoin(resolver, eq(resolver.id, heldOfflineSales.resolvedBy))
    .where(
      and(
        options.id ? eq(heldOfflineSales.id, options.id) : undefined,
        status === 'open'
          ? isNull(heldOfflineSales.resolvedAt)
          : status === 'resolved'
            ? isNotNull(heldOfflineSales.resolvedAt)
            : undefined,
      ),
    )
    .orderBy(status === 'open' ? heldOfflineSales.receivedAt : desc(heldOfflineSales.receivedAt), heldOfflineSales.id)
    .limit(options.limit ?? 500);
}

/** Product names for a held sale's lines. */
export async function productNames(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Marks an open held sale resolved: the conditional update (`resolved_at is null`) lets exactly
 * one of two managers through. False when it is not open.
 */
export async function markHeldResolved(
  tx: DbOrTx,
  input: { id: string; userId: string; resolution: 'recorded' | 'voided'; note: string },
): Promise<boolean> {
  const rows = await tx
    .update(heldOfflineSales)
    .set({
      resolvedAt: sql`now()`,
      resolvedBy: input.userId,
      resolution: input.resolution,
      resolutionNote: input.note,
      transactionId: input.resolution === 'recorded' ? input.id : null,
    })
    .where(and(eq(heldOfflineSales.id, input.id), isNull(heldOfflineSales.resolvedAt)))
    .returning({ id: heldOfflineSales.id });
  return rows.length > 0;
}
