import type { PaymentMethod } from '@retail-hub/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  offlineSales,
  products,
  productVariants,
  shifts,
  stockDiscrepancies,
  transactionItems,
  transactions,
} from '../../db/schema/index';

/** An offline sale, its amounts already checked to add up (ADR 0014). */
export type OfflineSaleWrite = {
  idempotencyKey: string;
  shiftId: number;
  /** The signed-in user sending it; the sale belongs to the shift's cashier. */
  senderId: string;
  /** May send another cashier's sale (a manager emptying a terminal's outbox). */
  senderActsForOthers: boolean;
  soldAt: Date;
  terminalId: string | null;
  paymentMethod: PaymentMethod;
  subtotal: string;
  tax: string;
  total: string;
  referenceCode: string | null;
  notes: string | null;
  amountReceived: string | null;
  currentSubtotal: string | null;
  lines: ReadonlyArray<{
    productId: string;
    variantId: string | null;
    variantName: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
  }>;
};

export type Shortfall = {
  productId: string;
  variantId: string | null;
  variantName: string | null;
  quantityShort: number;
  stockBefore: number;
};

export type OfflineWriteResult =
  | {
      outcome: 'recorded';
      id: string;
      cashierId: string;
      shiftId: number;
      createdAt: Date;
      late: boolean;
      shortfalls: Shortfall[];
      productIds: string[];
    }
  | { outcome: 'already_recorded'; existing: { id: string; userId: string } }
  | { outcome: 'unknown_shift' }
  | { outcome: 'other_cashier' }
  | { outcome: 'unknown_product' };

type Need = {
  table: 'product' | 'variant';
  id: string;
  productId: string;
  variantName: string | null;
  quantity: number;
};

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Records an offline sale in one database transaction (issue #19, ADR 0014):
 * - the Idempotency-Key is checked first (a concurrent duplicate fails on the unique index);
 * - its shift is locked FOR SHARE, so it either lands before the shift closes (and is in its
 *   figures) or after (and is late: the closed shift's figures stay as they were);
 * - stock rows are locked in id order (as the online sale does: no deadlock) and decremented
 *   with `greatest(stock - q, 0)`: what the customer took is never refused, stock never goes
 *   below zero, and each unit sold beyond the locked stock opens a stock discrepancy;
 * - the sale is written at the customer's prices, dated when it was made (kept inside its shift).
 */
export async function writeOfflineSale(db: DbOrTx, sale: OfflineSaleWrite): Promise<OfflineWriteResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: transactions.id, userId: transactions.userId })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, sale.idempotencyKey))
      .limit(1);
    if (existing) return { outcome: 'already_recorded', existing } as const;

    const [shift] = await tx
      .select({
        id: shifts.id,
        cashierId: shifts.cashierId,
        isOpen: shifts.isOpen,
        startedAt: shifts.startedAt,
        endedAt: shifts.endedAt,
      })
      .from(shifts)
      .where(eq(shifts.id, sale.shiftId))
      .for('share');
    if (!shift) return { outcome: 'unknown_shift' } as const;
    if (shift.cashierId !== sale.senderId && !sale.senderActsForOthers) return { outcome: 'other_cashier' } as const;

    const productIds = [...new Set(sale.lines.map((l) => l.productId))];
    const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
    if (known.length !== productIds.length) return { outcome: 'unknown_product' } as const;

    // Which stock each line moves: its stored size option (by id, else by name), else the product's.
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds));
    const lines = sale.lines.map((line) => {
      const wanted = line.variantName?.trim().toLowerCase() || null;
      const variant =
        (line.variantId && variants.find((v) => v.id === line.variantId && v.productId === line.productId)) ||
        (wanted && variants.find((v) => v.productId === line.productId && v.name.toLowerCase() === wanted)) ||
        null;
      return { ...line, variantId: variant ? variant.id : null, variantName: line.variantName?.trim() || null };
    });
    const needs = new Map<string, Need>();
    for (const line of lines) {
      const key = line.variantId ? `v:${line.variantId}` : `p:${line.productId}`;
      const need = needs.get(key);
      if (need) need.quantity += line.quantity;
      else
        needs.set(key, {
          table: line.variantId ? 'variant' : 'product',
          id: line.variantId ?? line.productId,
          productId: line.productId,
          variantName: line.variantId ? line.variantName : null,
          quantity: line.quantity,
        });
    }
    const productNeeds = [...needs.values()].filter((n) => n.table === 'product').sort(byId);
    const variantNeeds = [...needs.values()].filter((n) => n.table === 'variant').sort(byId);

    // Lock in id order (products, then size options) like every sale, then floor at zero.
    const lockedProducts =
      productNeeds.length === 0
        ? []
        : await tx
            .select({ id: products.id, stock: products.stock })
            .from(products)
            .where(
              inArray(
                products.id,
                productNeeds.map((n) => n.id),
              ),
            )
            .orderBy(asc(products.id))
            .for('no key update');
    const lockedVariants =
      variantNeeds.length === 0
        ? []
        : await tx
            .select({ id: productVariants.id, stock: productVariants.stock })
            .from(productVariants)
            .where(
              inArray(
                productVariants.id,
                variantNeeds.map((n) => n.id),
              ),
            )
            .orderBy(asc(productVariants.id))
            .for('no key update');
    const stockNow = new Map([...lockedProducts, ...lockedVariants].map((r) => [r.id, r.stock]));
    const shortfalls: Shortfall[] = [];
    for (const need of [...productNeeds, ...variantNeeds]) {
      const before = stockNow.get(need.id) ?? 0;
      if (before < need.quantity) {
        shortfalls.push({
          productId: need.productId,
          variantId: need.table === 'variant' ? need.id : null,
          variantName: need.variantName,
          quantityShort: need.quantity - before,
          stockBefore: before,
        });
      }
      if (need.table === 'product') {
        await tx
          .update(products)
          .set({ stock: sql`greatest(${products.stock} - ${need.quantity}, 0)` })
          .where(eq(products.id, need.id));
      } else {
        await tx
          .update(productVariants)
          .set({ stock: sql`greatest(${productVariants.stock} - ${need.quantity}, 0)` })
          .where(eq(productVariants.id, need.id));
      }
    }

    // Dated when it was made, but never outside its shift nor in the future (terminal clocks drift).
    const now = new Date();
    const latest = Math.min(now.getTime(), shift.endedAt ? shift.endedAt.getTime() : now.getTime());
    const createdAt = new Date(Math.max(shift.startedAt.getTime(), Math.min(sale.soldAt.getTime(), latest)));
    const late = !shift.isOpen;
    let reportedShiftId: number | null = null;
    if (late) {
      const [open] = await tx
        .select({ id: shifts.id })
        .from(shifts)
        .where(and(eq(shifts.cashierId, shift.cashierId), eq(shifts.isOpen, true)))
        .for('share');
      reportedShiftId = open?.id ?? null;
    }

    const [inserted] = await tx
      .insert(transactions)
      .values({
        userId: shift.cashierId,
        shiftId: shift.id,
        createdAt,
        subtotal: sale.subtotal,
        tax: sale.tax,
        total: sale.total,
        paymentMethod: sale.paymentMethod,
        referenceCode: sale.referenceCode,
        notes: sale.notes,
        amountReceived: sale.amountReceived,
        idempotencyKey: sale.idempotencyKey,
      })
      .returning({ id: transactions.id });
    const id = (inserted as { id: string }).id;
    await tx.insert(transactionItems).values(
      lines.map((l, lineNo) => ({
        transactionId: id,
        productId: l.productId,
        variantId: l.variantId,
        variantName: l.variantName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        totalPrice: l.totalPrice,
        lineNo,
      })),
    );
    await tx.insert(offlineSales).values({
      transactionId: id,
      terminalId: sale.terminalId,
      soldAt: sale.soldAt,
      late,
      reportedShiftId,
      currentSubtotal: sale.currentSubtotal,
    });
    if (shortfalls.length > 0) {
      await tx.insert(stockDiscrepancies).values(
        shortfalls.map((s) => ({
          productId: s.productId,
          variantId: s.variantId,
          variantName: s.variantName,
          transactionId: id,
          quantityShort: s.quantityShort,
          stockBefore: s.stockBefore,
        })),
      );
    }
    return {
      outcome: 'recorded',
      id,
      cashierId: shift.cashierId,
      shiftId: shift.id,
      createdAt,
      late,
      shortfalls,
      productIds,
    } as const;
  });
}

/** The sale's offline facts (for a replay's answer). */
export async function findOfflineSale(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ late: offlineSales.late, transactionId: offlineSales.transactionId })
    .from(offlineSales)
    .where(eq(offlineSales.transactionId, transactionId))
    .limit(1);
  if (!row) return null;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockDiscrepancies)
    .where(eq(stockDiscrepancies.transactionId, transactionId));
  return { late: row.late, stockShortfalls: counted?.n ?? 0 };
}

/**
 * Late sales waiting for a shift of their cashier to be listed in (none was open when they
 * arrived) are attached to `shiftId`: called when the cashier starts a shift and when they end one.
 */
export async function claimPendingLateSales(db: DbOrTx, cashierId: string, shiftId: number): Promise<void> {
  await db
    .update(offlineSales)
    .set({ reportedShiftId: shiftId })
    .where(
      and(
        eq(offlineSales.late, true),
        isNull(offlineSales.reportedShiftId),
        sql`${offlineSales.transactionId} in (select ${transactions.id} from ${transactions}
              where ${transactions.userId} = ${cashierId} and ${transactions.shiftId} <> ${shiftId})`,
      ),
    );
}

/** Late sales a shift's report lists (issue #19), oldest first. */
export async function lateSalesOfShift(db: DbOrTx, shiftId: number) {
  return db
    .select({
      id: transactions.id,
      shiftId: transactions.shiftId,
      soldAt: offlineSales.soldAt,
      receivedAt: offlineSales.receivedAt,
      paymentMethod: transactions.paymentMethod,
      subtotal: transactions.subtotal,
      total: transactions.total,
      currentSubtotal: offlineSales.currentSubtotal,
    })
    .from(offlineSales)
    .innerJoin(transactions, eq(transactions.id, offlineSales.transactionId))
    .where(and(eq(offlineSales.late, true), eq(offlineSales.reportedShiftId, shiftId)))
    .orderBy(asc(offlineSales.soldAt), asc(transactions.id));
}
