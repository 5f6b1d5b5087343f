import type { ChosenModifier } from '@retail-hub/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, transactionItems } from '../../db/schema/index';

/**
 * The one reader of a sale's lines (issue #33 item 1): receipts and replays (findSale), the sale's
 * detail in the history, refunds and voids all read them here, in cart order, with the product's
 * name as it is now. Inside a transaction that locked the sale (refunds, voids) it sees the
 * refunded quantities as they stand.
 */
export type SaleLine = {
  id: string;
  productId: string;
  productName: string;
  variantId: string | null;
  variantName: string | null;
  quantity: number;
  /** How many of the line's units have been refunded so far. */
  refundedQuantity: number;
  unitPrice: string;
  totalPrice: string;
  discountType: string | null;
  discountValue: string | null;
  discount: string;
  saleDiscountShare: string;
  /** What the whole line was paid after its discounts (issue #15 item 7). */
  netTotal: string;
  /** Issue #34 item 2: the rate the line was charged ('10.00') and its sales tax (stored; never today's rate). */
  taxRate: string;
  tax: string;
  /** Issue #37 (ADR 0036): the cost of one unit that left with the sale (null: not known). */
  unitCost: string | null;
  /** Issue #35 item 1 (ADR 0035): the line's modifiers as charged; null without any. */
  modifiers: ChosenModifier[] | null;
};

export async function saleLines(db: DbOrTx, saleId: string): Promise<SaleLine[]> {
  return db
    .select({
      id: transactionItems.id,
      productId: transactionItems.productId,
      productName: products.name,
      variantId: transactionItems.variantId,
      variantName: transactionItems.variantName,
      quantity: transactionItems.quantity,
      refundedQuantity: transactionItems.refundedQuantity,
      unitPrice: transactionItems.unitPrice,
      totalPrice: transactionItems.totalPrice,
      discountType: transactionItems.discountType,
      discountValue: transactionItems.discountValue,
      discount: transactionItems.discount,
      saleDiscountShare: transactionItems.saleDiscountShare,
      netTotal: transactionItems.netTotal,
      taxRate: transactionItems.taxRate,
      tax: transactionItems.tax,
      unitCost: transactionItems.unitCost,
      modifiers: sql<ChosenModifier[] | null>`${transactionItems.modifiers}`,
    })
    .from(transactionItems)
    .innerJoin(products, eq(products.id, transactionItems.productId))
    .where(eq(transactionItems.transactionId, saleId))
    .orderBy(asc(transactionItems.lineNo), asc(transactionItems.id));
}
