import type { ChosenModifier, Role, TenderMethod } from '@retail-hub/shared';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  heldOfflineSales,
  offlineSales,
  priceHistory,
  products,
  productVariants,
  shifts,
  stockDiscrepancies,
  transactionItems,
  transactionPayments,
  transactions,
  users,
} from '../../db/schema/index';
import type { DiscountColumns, TenderRow } from './sale-write.repository';

/** An offline sale, its amounts already checked to add up (ADR 0014). */
export type OfflineSaleWrite = {
  idempotencyKey: string;
  shiftId: number;
  /** The signed-in user sending it: the shift's cashier (issue #30 item 2). */
  senderId: string;
  soldAt: Date;
  terminalId: string | null;
  paymentMethod: TenderMethod;
  /** Issue #34 item 1: its tenders in the order taken (transaction_payments rows). */
  tenders: ReadonlyArray<TenderRow>;
  subtotal: string;
  /** The card fee (transactions.tax, ADR 0030). */
  tax: string;
  /** Issue #34 item 2: Σ the lines' sales tax and whether the prices included it. */
  salesTax: string;
  pricesIncludeTax: boolean;
  total: string;
  referenceCode: string | null;
  notes: string | null;
  amountReceived: string | null;
  currentSubtotal: string | null;
  /** Issue #15 item 7 (ADR 0019), stored as an online sale stores them: every discount, the sale's own. */
  discountTotal: string;
  saleDiscount: DiscountColumns;
  /** The manager whose PIN approved a discount above the cashier's cap. */
  discountApprovedBy: string | null;
  /** Issue #34 item 3 (ADR 0034): the customer attached to the sale at the till. */
  customerId?: string | null;
  /**
   * The discount's activity row, written with the sale under its cashier ('discount_over_cap' when
   * approved, 'discount_over_cap_unapproved' when not); null when the discount is within the cap.
   */
  discountActivity: {
    activityType: string;
    ipAddress: string | null;
    userAgent: string | null;
    details: Record<string, unknown>;
  } | null;
  /** Issue #30 item 1: the 'offline_sale_price_differs' row, when charged at other prices than today's. */
  priceActivity: { ipAddress: string | null; userAgent: string | null; details: Record<string, unknown> } | null;
  /**
   * Issue #32 item 2: the 'offline_sale_unavailable_at_store' row, when a line sold a product its
   * shift's store does not sell (the customer has it: recorded, flagged for a manager); null when none.
   */
  unavailableActivity?: { ipAddress: string | null; userAgent: string | null; details: Record<string, unknown> } | null;
  /** A held sale a manager records: dated now, not when the terminal made it (issue #30 item 3). */
  recordedNow: boolean;
  lines: ReadonlyArray<{
    productId: string;
    variantId: string | null;
    variantName: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
    discount: DiscountColumns;
    saleDiscountShare: string;
    /** Issue #34 item 2: the rate the line was charged and its sales tax. */
    taxRate: string;
    tax: string;
    /** Issue #35 item 1: the modifiers as stored (snapshots); null for a line without any. */
    modifiers?: ChosenModifier[] | null;
  }>;
};

/** The cashier a shift belongs to (whose discount cap an offline sale of it is held to). */
export async function shiftCashier(db: DbOrTx, shiftId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.cashierId))
    .where(eq(shifts.id, shiftId))
    .limit(1);
  return row ? { ...row, role: row.role as Role } : null;
}

export type Shortfall = {
  productId: string;
  variantId: string | null;
  variantName: string | null;
  quantityShort: number;
  stockBefore: number;
};

export type LockedShift = {
  id: number;
  cashierId: string;
  isOpen: boolean;
  startedAt: Date;
  endedAt: Date | null;
  storeId: string;
};

/** The sale recorded under an Idempotency-Key, if any (inside the sale's transaction). */
export async function saleIdByKey(tx: DbOrTx, idempotencyKey: string) {
  const [existing] = await tx
    .select({ id: transactions.id, userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, idempotencyKey))
    .limit(1);
  return existing ?? null;
}

/**
 * The shift a sale was made in, locked FOR SHARE (as online sales lock it): ending the shift
 * waits for this sale, so it lands either before the close (in the shift's figures) or after.
 */
export async function lockShift(tx: DbOrTx, shiftId: number): Promise<LockedShift | null> {
  const [shift] = await tx
    .select({
      id: shifts.id,
      cashierId: shifts.cashierId,
      isOpen: shifts.isOpen,
      startedAt: shifts.startedAt,
      endedAt: shifts.endedAt,
      storeId: shifts.storeId,
    })
    .from(shifts)
    .where(eq(shifts.id, shiftId))
    .for('share');
  return shift ?? null;
}

/** The cashier's open shift, locked FOR SHARE (a late sale is listed in it). */
export async function lockOpenShiftOf(tx: DbOrTx, cashierId: string): Promise<number | null> {
  const [open] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.cashierId, cashierId), eq(shifts.isOpen, true)))
    .for('share');
  return open?.id ?? null;
}

export type ResolvedLine = OfflineSaleWrite['lines'][number];

/**
 * Which stock each line moves: its stored size option (by id, else by name), else the product's
 * own. Null when a product no longer exists.
 */
export async function resolveLines(tx: DbOrTx, lines: OfflineSaleWrite['lines']): Promise<ResolvedLine[] | null> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  if (known.length !== productIds.length) return null;
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
  return lines.map((line) => {
    const wanted = line.variantName?.trim().toLowerCase() || null;
    const variant =
      (line.variantId && variants.find((v) => v.id === line.variantId && v.productId === line.productId)) ||
      (wanted && variants.find((v) => v.productId === line.productId && v.name.toLowerCase() === wanted)) ||
      null;
    return { ...line, variantId: variant ? variant.id : null, variantName: line.variantName?.trim() || null };
  });
}

/** Inserts the sale, its lines and its offline facts; returns the sale's id. */
export async function insertOfflineSale(
  tx: DbOrTx,
  sale: Omit<
    OfflineSaleWrite,
    'shiftId' | 'senderId' | 'lines' | 'discountActivity' | 'priceActivity' | 'recordedNow'
  > & {
    cashierId: string;
    shiftId: number;
    createdAt: Date;
    late: boolean;
    reportedShiftId: number | null;
    lines: readonly ResolvedLine[];
  },
): Promise<string> {
  const [inserted] = await tx
    .insert(transactions)
    .values({
      // The terminal printed the receipt with the key's number (its last 6 characters) before the
      // sale got here: the sale takes the key as its id, so the server's number is the same.
      id: sale.idempotencyKey,
      userId: sale.cashierId,
      shiftId: sale.shiftId,
      createdAt: sale.createdAt,
      subtotal: sale.subtotal,
      tax: sale.tax,
      salesTax: sale.salesTax,
      pricesIncludeTax: sale.pricesIncludeTax,
      total: sale.total,
      paymentMethod: sale.paymentMethod,
      referenceCode: sale.referenceCode,
      notes: sale.notes,
      amountReceived: sale.amountReceived,
      idempotencyKey: sale.idempotencyKey,
      discountTotal: sale.discountTotal,
      saleDiscountType: sale.saleDiscount.type,
      saleDiscountValue: sale.saleDiscount.value,
      saleDiscount: sale.saleDiscount.amount,
      discountApprovedBy: sale.discountApprovedBy,
      customerId: sale.customerId ?? null,
    })
    .returning({ id: transactions.id });
  const id = (inserted as { id: string }).id;
  await tx.insert(transactionItems).values(
    sale.lines.map((l, lineNo) => ({
      transactionId: id,
      productId: l.productId,
      variantId: l.variantId,
      variantName: l.variantName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      totalPrice: l.totalPrice,
      lineNo,
      discountType: l.discount.type,
      discountValue: l.discount.value,
      discount: l.discount.amount,
      saleDiscountShare: l.saleDiscountShare,
      taxRate: l.taxRate,
      tax: l.tax,
      modifiers: l.modifiers?.length ? l.modifiers : null,
    })),
  );
  await tx.insert(transactionPayments).values(sale.tenders.map((t, i) => ({ ...t, transactionId: id, seq: i + 1 })));
  await tx.insert(offlineSales).values({
    transactionId: id,
    terminalId: sale.terminalId,
    soldAt: sale.soldAt,
    late: sale.late,
    reportedShiftId: sale.reportedShiftId,
    currentSubtotal: sale.currentSubtotal,
  });
  return id;
}

export async function insertDiscrepancies(tx: DbOrTx, transactionId: string, shortfalls: readonly Shortfall[]) {
  if (shortfalls.length === 0) return;
  await tx.insert(stockDiscrepancies).values(
    shortfalls.map((s) => ({
      productId: s.productId,
      variantId: s.variantId,
      variantName: s.variantName,
      transactionId,
      quantityShort: s.quantityShort,
      stockBefore: s.stockBefore,
    })),
  );
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

/** A shift's facts an offline sale is checked against before anything is written (issue #30 items 2, 3). */
export async function shiftFacts(db: DbOrTx, shiftId: number) {
  const [row] = await db
    .select({
      id: shifts.id,
      cashierId: shifts.cashierId,
      isOpen: shifts.isOpen,
      startedAt: shifts.startedAt,
      endedAt: shifts.endedAt,
      terminalId: shifts.terminalId,
      storeId: shifts.storeId,
    })
    .from(shifts)
    .where(eq(shifts.id, shiftId))
    .limit(1);
  return row ?? null;
}

/**
 * Issue #30 item 1: every price the products (and their stored size options) had at some moment
 * from `since` until now (price_history, written by the database's triggers). Issue #32 item 2:
 * with the store's own prices in that time (rows of other stores are left out).
 */
export async function pricesSince(db: DbOrTx, productIds: readonly string[], since: Date, storeId: string) {
  if (productIds.length === 0) return [];
  return db
    .selectDistinct({ productId: priceHistory.productId, variantId: priceHistory.variantId, price: priceHistory.price })
    .from(priceHistory)
    .where(
      and(
        inArray(priceHistory.productId, [...productIds]),
        or(isNull(priceHistory.storeId), eq(priceHistory.storeId, storeId)),
        or(isNull(priceHistory.effectiveTo), gte(priceHistory.effectiveTo, since)),
      ),
    );
}

export type HeldSaleWrite = typeof heldOfflineSales.$inferInsert;

/** Holds a refused offline sale for a manager; a resend of the same key keeps the first row. */
export async function insertHeldSale(db: DbOrTx, row: HeldSaleWrite): Promise<boolean> {
  const inserted = await db
    .insert(heldOfflineSales)
    .values(row)
    .onConflictDoNothing({ target: heldOfflineSales.id })
    .returning({ id: heldOfflineSales.id });
  return inserted.length > 0;
}

/** The held sale under an Idempotency-Key, if any. */
export async function findHeldSale(db: DbOrTx, id: string) {
  const [row] = await db.select().from(heldOfflineSales).where(eq(heldOfflineSales.id, id)).limit(1);
  return row ?? null;
}

/**
 * Issue #37 (ADR 0036): an offline sale's lines of a product (or size option) record the cost of
 * one unit that left, once its stock movement is written (the online sale does it in its statement).
 */
export async function setLineUnitCost(
  tx: DbOrTx,
  transactionId: string,
  productId: string,
  variantId: string | null,
  unitCost: string,
): Promise<void> {
  await tx
    .update(transactionItems)
    .set({ unitCost })
    .where(
      and(
        eq(transactionItems.transactionId, transactionId),
        eq(transactionItems.productId, productId),
        variantId === null ? isNull(transactionItems.variantId) : eq(transactionItems.variantId, variantId),
      ),
    );
}
