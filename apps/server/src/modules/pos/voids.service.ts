import { displayName, type TransactionDetail, transactionNumber } from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import { conflict } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { returnToAccount } from '../accounts/index';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { salesChanged } from '../analytics/index';
import { approvalFor } from '../auth/index';
import { applyStockDeltas, type StockDelta } from '../stock/index';
import { readableSale, transactionDetail } from './history.service';
import { posErrors } from './pos.errors';
import { lockSale, lockShiftIfOpen, refundCount, setSaleVoided, shiftIsOpen } from './refunds.repository';
import { saleLines } from './sale-lines.repository';
import { salePayments } from './sales.repository';

export const voidErrors = {
  shiftEnded: () =>
    conflict('pos.void_shift_ended', 'This sale can no longer be voided: its shift has ended. Give a refund instead.'),
  refunded: () =>
    conflict('pos.void_after_refund', 'This sale has a refund and can no longer be voided. Give a refund instead.'),
};

/**
 * POST /api/transactions/:id/void (issue #15 item 6). A sale is voided only while the shift that
 * made it is still open and before any refund of it. The seller (or a manager) may void it; a
 * cashier needs a manager's PIN on the spot (approvalFor, the PIN throttle counts it), a manager
 * does not. In one transaction: the sale is locked (voids and refunds of one sale run one at a
 * time), its shift is held open, the status becomes 'voided' (the row stays: spec §3 status),
 * every line's stock comes back through the ledger ('void' movements) and an activity row says
 * who, who approved and why. The money is reversed by the status: every figure counts completed
 * sales only. Voiding a voided sale again answers the sale as it is and writes nothing.
 */
export async function voidSale(
  request: FastifyRequest,
  actor: AuthUser,
  saleId: string,
  body: { reason: string; approverPin?: string | null | undefined },
): Promise<{ replayed: boolean; sale: TransactionDetail }> {
  const db = request.server.database.db;
  const deps = { db };
  // A cashier may void only their own sales; anyone else's does not exist for them (404).
  const sale = await readableSale(db, saleId, actor);
  if (sale.status === 'voided') return { replayed: true, sale: await transactionDetail(deps, saleId, actor) };
  // Refused early, before a manager is asked for a PIN for something that cannot happen.
  if ((await refundCount(db, saleId)) > 0) throw voidErrors.refunded();
  if (!(await shiftIsOpen(db, sale.shiftId))) throw voidErrors.shiftEnded();

  const number = transactionNumber(saleId);
  const { approver } = await approvalFor(request, actor, body.approverPin, {
    action: 'void',
    details: { transactionId: saleId, transactionNumber: number },
  });

  const outcome = await db.transaction(async (tx) => {
    const locked = await lockSale(tx, saleId);
    if (!locked) throw posErrors.transactionNotFound();
    // A concurrent void got there first: the same answer as a retry.
    if (locked.status === 'voided') return { replayed: true, products: [] as string[] };
    if ((await refundCount(tx, saleId)) > 0) throw voidErrors.refunded();
    if (!(await lockShiftIfOpen(tx, locked.shiftId))) throw voidErrors.shiftEnded();
    await setSaleVoided(tx, saleId);
    // Issue #34 item 3 (ADR 0034): a void gives every account tender back to its account.
    for (const tender of await salePayments(tx, saleId)) {
      if (tender.method !== 'account') continue;
      await returnToAccount(tx, {
        transactionId: saleId,
        tenderSeq: tender.seq,
        amount: tender.amount,
        kind: 'void',
        refundId: null,
        userId: actor.id,
      });
    }
    // The day figures every instance keeps (ADR 0007) see the void even without the event.
    await salesChanged(tx);
    const lines = await saleLines(tx, saleId);
    const back: StockDelta[] = lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      quantity: l.quantity,
      reason: 'void',
      // Issue #37 (ADR 0036): the goods come back at the cost they left at.
      unitCost: l.unitCost,
      userId: actor.id,
      approverId: approver?.id ?? null,
      documentType: 'transaction',
      documentId: saleId,
      note: body.reason,
      storeId: locked.storeId,
    }));
    const restocked = await applyStockDeltas(tx, back);
    if (restocked.outcome !== 'applied') throw new Error('a void could not put its goods back');
    await recordActivity(tx, {
      userId: actor.id,
      activityType: ACTIVITY.saleVoided,
      ...requestFacts(request),
      details: {
        transactionId: saleId,
        transactionNumber: number,
        total: locked.total,
        cardFee: locked.tax,
        salesTax: locked.salesTax,
        method: locked.paymentMethod,
        reason: body.reason,
        approverId: approver?.id ?? null,
        approverName: approver ? displayName(approver) : null,
      },
    });
    return { replayed: false, products: [...new Set(lines.map((l) => l.productId))] };
  });
  if (!outcome.replayed) {
    await request.server.events.publish('stock.changed', outcome.products);
    await request.server.events.publish('sale.voided', [saleId]);
  }
  return { replayed: outcome.replayed, sale: await transactionDetail(deps, saleId, actor) };
}
