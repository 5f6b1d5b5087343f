import type { ChosenModifier, TenderMethod } from '@retail-hub/shared';
import { and, asc, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, transactionItems, transactionPayments, transactions, users } from '../../db/schema/index';
import { shiftOfStores } from '../../db/store-scope';
import { saleLines } from './sale-lines.repository';
import { saleNumberIs } from './sale-number.repository';

/** One tender of a sale (transaction_payments), issue #34 item 1. */
export type StoredPayment = {
  seq: number;
  method: TenderMethod;
  amount: string;
  cardFee: string;
  referenceCode: string | null;
  amountReceived: string | null;
  refunded: string;
};

/** A recorded sale with its lines (product names as they are now) and cashier, for receipts and replays. */
export type StoredSale = {
  id: string;
  userId: string;
  shiftId: number;
  createdAt: Date;
  subtotal: string;
  tax: string;
  total: string;
  paymentMethod: TenderMethod;
  referenceCode: string | null;
  notes: string | null;
  amountReceived: string | null;
  status: string;
  idempotencyKey: string | null;
  cashier: { firstName: string | null; lastName: string | null };
  /** Issue #15 item 7 (ADR 0019): every discount, the whole-sale one as given, and its approver. */
  discountTotal: string;
  saleDiscountType: string | null;
  saleDiscountValue: string | null;
  saleDiscount: string;
  discountApprovedBy: { id: string; name: string } | null;
  /** Its tenders in the order taken (one for a one-method sale); absent only for a sale read without them. */
  payments?: StoredPayment[];
  /**
   * Issue #34 item 2 (ADR 0030): Σ the lines' sales tax (`tax` keeps the card fee) and whether
   * the prices included it; absent (0, exclusive) for a sale read without them.
   */
  salesTax?: string;
  pricesIncludeTax?: boolean;
  items: Array<{
    productId: string;
    productName: string;
    variantId: string | null;
    variantName: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
    discountType: string | null;
    discountValue: string | null;
    discount: string;
    saleDiscountShare: string;
    netTotal: string;
    /** Issue #34 item 2: the rate the line was charged ('10.00') and its sales tax. */
    taxRate?: string;
    tax?: string;
    /** Issue #35 item 1: the modifiers as charged; null (or absent) for a line without any. */
    modifiers?: ChosenModifier[] | null;
  }>;
};

export async function findSale(db: DbOrTx, id: string): Promise<StoredSale | null> {
  const [row] = await db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      shiftId: transactions.shiftId,
      createdAt: transactions.createdAt,
      subtotal: transactions.subtotal,
      tax: transactions.tax,
      salesTax: transactions.salesTax,
      pricesIncludeTax: transactions.pricesIncludeTax,
      total: transactions.total,
      paymentMethod: transactions.paymentMethod,
      referenceCode: transactions.referenceCode,
      notes: transactions.notes,
      amountReceived: transactions.amountReceived,
      status: transactions.status,
      idempotencyKey: transactions.idempotencyKey,
      cashier: { firstName: users.firstName, lastName: users.lastName },
      discountTotal: transactions.discountTotal,
      saleDiscountType: transactions.saleDiscountType,
      saleDiscountValue: transactions.saleDiscountValue,
      saleDiscount: transactions.saleDiscount,
      approverId: transactions.discountApprovedBy,
      approverName: sql<string | null>`(select nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '')
        from users a where a.id = ${transactions.discountApprovedBy})`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id))
    .limit(1);
  if (!row) return null;
  const { approverId, approverName, ...sale } = row;
  const items = await saleLines(db, id);
  const discountApprovedBy = approverId ? { id: approverId, name: approverName ?? 'Unknown manager' } : null;
  return { ...sale, discountApprovedBy, items, payments: await salePayments(db, id) };
}

/** The tenders of a sale, in the order taken (issue #34 item 1). */
export async function salePayments(db: DbOrTx, id: string): Promise<StoredPayment[]> {
  return db
    .select({
      seq: transactionPayments.seq,
      method: transactionPayments.method,
      amount: transactionPayments.amount,
      cardFee: transactionPayments.cardFee,
      referenceCode: transactionPayments.referenceCode,
      amountReceived: transactionPayments.amountReceived,
      refunded: transactionPayments.refunded,
    })
    .from(transactionPayments)
    .where(eq(transactionPayments.transactionId, id))
    .orderBy(asc(transactionPayments.seq));
}

/**
 * Issue #34 item 2 (ADR 0030): a line of the sale was charged a rate above 0: isTaxed
 * (sale-response.ts) in SQL, for the lists, which do not read every line's rate.
 */
export const saleIsTaxed = sql<boolean>`exists (select 1 from ${transactionItems}
  where ${transactionItems.transactionId} = ${transactions.id} and ${transactionItems.taxRate} > 0)`;

/** Sales of [start, end) (or with a receipt number), newest first: one query for the sales, one for all their lines. */
export async function listSales(
  db: DbOrTx,
  range: {
    start?: Date;
    end?: Date;
    limit: number;
    vtpdOnly?: boolean;
    numberSuffix?: string;
    storeIds?: readonly string[];
  },
) {
  const sales = await db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      shiftId: transactions.shiftId,
      createdAt: transactions.createdAt,
      subtotal: transactions.subtotal,
      tax: transactions.tax,
      salesTax: transactions.salesTax,
      pricesIncludeTax: transactions.pricesIncludeTax,
      taxed: saleIsTaxed,
      total: transactions.total,
      paymentMethod: transactions.paymentMethod,
      referenceCode: transactions.referenceCode,
      notes: transactions.notes,
      status: transactions.status,
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      and(
        range.start ? gte(transactions.createdAt, range.start) : undefined,
        range.end ? lt(transactions.createdAt, range.end) : undefined,
        range.numberSuffix ? saleNumberIs(range.numberSuffix) : undefined,
        range.vtpdOnly ? like(transactions.referenceCode, 'VTPD%') : undefined,
        // Issue #32 item 5: the sales of one store (its shifts').
        shiftOfStores(transactions.shiftId, range.storeIds),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(range.limit);
  if (sales.length === 0) return [];
  const lines = await db
    .select({
      transactionId: transactionItems.transactionId,
      quantity: transactionItems.quantity,
      variantName: transactionItems.variantName,
      product: { id: products.id, name: products.name },
    })
    .from(transactionItems)
    .innerJoin(products, eq(products.id, transactionItems.productId))
    .where(sql`${transactionItems.transactionId} = any(${sql.param(sales.map((s) => s.id))}::uuid[])`)
    .orderBy(asc(transactionItems.lineNo), asc(transactionItems.id));
  const linesBySale = new Map<string, Array<Omit<(typeof lines)[number], 'transactionId'>>>();
  for (const { transactionId, ...line } of lines) {
    const list = linesBySale.get(transactionId);
    if (list) list.push(line);
    else linesBySale.set(transactionId, [line]);
  }
  return sales.map((s) => ({ ...s, items: linesBySale.get(s.id) ?? [] }));
}

/** The sale recorded under an Idempotency-Key, if any. */
export async function findSaleIdByKey(db: DbOrTx, idempotencyKey: string) {
  const rows = await db
    .select({ id: transactions.id, userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, idempotencyKey))
    .limit(1);
  return rows[0] ?? null;
}
