import type { Receipt } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { posErrors } from './pos.errors';
import { receiptOf } from './sale-response';
import { findSale } from './sales.repository';

/** spec §2 Receipts are data: a sale's receipt can be printed again later. */
export async function saleReceipt(
  deps: { db: Db },
  saleId: string,
  reader: { userId: string; canViewReports: boolean },
): Promise<Receipt> {
  const sale = await findSale(deps.db, saleId);
  // A cashier reprints only their own sales; anyone else's is "not found", not a hint.
  if (!sale || (!reader.canViewReports && sale.userId !== reader.userId)) {
    throw posErrors.transactionNotFound();
  }
  return receiptOf(sale);
}
