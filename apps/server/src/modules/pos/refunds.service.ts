import { randomUUID } from 'node:crypto';
import {
  can,
  centsToDecimal,
  decimalToCents,
  displayName,
  ERROR_CODES,
  parseCents,
  paymentMethodTitle,
  proportionalFeeCents,
  REFUND_TENDER_MESSAGES,
  type Refund,
  type RefundRequest,
  refundedPart,
  refundNumber,
  refundTenderOrder,
  summaryMethod,
  type TenderMethod,
  transactionNumber,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { signedInUser } from '../../lib/signed-in-user';
import type { AuthUser } from '../../types';
import { returnToAccount } from '../accounts/index';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { approvalFor } from '../auth/index';
import { applyStockDeltas, type StockDelta } from '../stock/index';
import { readableSale } from './history.service';
import { posErrors } from './pos.errors';
import { toRefund } from './refund-response';
import {
  findRefunds,
  insertRefund,
  lockOpenShift,
  lockSale,
  refundedSoFar,
  refundIdByKey,
  takeRefundQuantity,
  takeTenderRefund,
} from './refunds.repository';
import { saleLines } from './sale-lines.repository';
import { salePayments } from './sales.repository';

export const refundErrors = {
  shiftRequired: () =>
    conflict(ERROR_CODES.shiftRequired, 'No open shift. Please start your shift before giving a refund.'),
  voided: () => conflict('pos.sale_voided', 'This sale was voided; there is nothing to refund.'),
  unknownLine: () => badRequest('pos.unknown_sale_line', 'Unknown sale line', { lines: 'Unknown sale line' }),
  tooMany: (left: number, name: string) =>
    conflict(
      'pos.refund_exceeds_sold',
      left > 0 ? `Only ${left} of ${name} can still be refunded.` : `${name} has already been refunded in full.`,
    ),
  differentContents: () =>
    conflict('pos.idempotency_mismatch', 'This refund was already recorded with different contents.'),
};

/** Thrown inside the transaction when a concurrent request with the same key got there first. */
class AlreadyRecorded extends Error {}

type ParsedRefund = {
  lines: Array<{ itemId: string; quantity: number }>;
  reason: string;
  note: string | null;
  restock: boolean;
  method: 'original' | 'cash';
  approverPin?: string | null | undefined;
  tenders?: ReadonlyArray<{ method: TenderMethod; amount: string }> | undefined;
};

type RefundPart = { tenderSeq: number; method: TenderMethod; amount: string };

/**
 * Issue #34 item 1 (docs/adr/0029): which of the sale's tenders a refund of `totalCents` goes back
 * to. As asked (`tenders`: an amount per method, spread over that method's tenders newest first),
 * else by refundTenderOrder (non-cash first, newest first, then cash). Each tender's `refunded` is
 * raised by a conditional update that never passes what it paid (409 otherwise; the sale is also
 * locked, so refunds of one sale run one at a time). Paid out in cash when the refund's method is
 * 'cash', else by the tender's own method.
 */
async function refundTenders(
  tx: Parameters<typeof takeTenderRefund>[0],
  saleId: string,
  totalCents: number,
  body: ParsedRefund,
): Promise<RefundPart[]> {
  const tenders = await salePayments(tx, saleId);
  const left = tenders.map((t) => decimalToCents(t.amount) - decimalToCents(t.refunded));
  const order = refundTenderOrder(tenders.map((t) => t.method));
  const plan: Array<{ index: number; cents: number }> = [];
  const take = (indexes: number[], wanted: number) => {
    let rest = wanted;
    for (const index of indexes) {
      const cents = Math.min(rest, left[index] ?? 0);
      if (cents <= 0) continue;
      plan.push({ index, cents });
      left[index] = (left[index] ?? 0) - cents;
      rest -= cents;
    }
    return rest;
  };
  if (body.tenders) {
    const asked = new Map<TenderMethod, number>();
    const fields: Record<string, string> = {};
    body.tenders.forEach((t, i) => {
      const cents = parseCents(t.amount);
      if (cents === null || cents <= 0) fields[`tenders.${i}.amount`] = 'Each payment must be more than 0.00';
      else if (!tenders.some((p) => p.method === t.method))
        fields[`tenders.${i}.method`] = REFUND_TENDER_MESSAGES.notTendered;
      else asked.set(t.method, (asked.get(t.method) ?? 0) + cents);
    });
    const sum = [...asked.values()].reduce((a, b) => a + b, 0);
    if (Object.keys(fields).length === 0 && sum !== totalCents)
      fields.tenders = REFUND_TENDER_MESSAGES.sum(centsToDecimal(totalCents));
    const first = Object.values(fields)[0];
    if (first) throw badRequest('pos.invalid_refund_tenders', first, fields);
    for (const [method, cents] of asked) {
      const ofMethod = order.filter((i) => tenders[i]?.method === method);
      const available = ofMethod.reduce((a, i) => a + (left[i] ?? 0), 0);
      if (take(ofMethod, cents) > 0) {
        throw conflict(
          'pos.refund_exceeds_tender',
          REFUND_TENDER_MESSAGES.exceeds(centsToDecimal(available), paymentMethodTitle(method)),
        );
      }
    }
  } else if (take(order, totalCents) > 0) {
    const available = order.reduce((a, i) => a + (left[i] ?? 0), 0);
    throw conflict('pos.refund_exceeds_tender', REFUND_TENDER_MESSAGES.exceeds(centsToDecimal(available), 'this sale'));
  }
  const parts: RefundPart[] = [];
  for (const { index, cents } of plan) {
    const tender = tenders[index] as (typeof tenders)[number];
    const amount = centsToDecimal(cents);
    if (!(await takeTenderRefund(tx, saleId, tender.seq, amount))) {
      throw conflict(
        'pos.refund_exceeds_tender',
        REFUND_TENDER_MESSAGES.exceeds(centsToDecimal(left[index] ?? 0), paymentMethodTitle(tender.method)),
      );
    }
    // A refund paid out in cash counts against the card tenders (ADR 0029 §6), but never turns an
    // account charge into cash: what an account paid goes back to the account (ADR 0034).
    const method = body.method === 'cash' && tender.method !== 'account' ? 'cash' : tender.method;
    parts.push({ tenderSeq: tender.seq, method, amount });
  }
  return parts;
}

/** The refunds of one sale, oldest first (GET /api/transactions/:id shows them). */
export async function refundsOfSale(request: FastifyRequest, saleId: string): Promise<Refund[]> {
  const withCost = can(signedInUser(request).role, 'reports.view');
  return (await findRefunds(request.server.database.db, { transactionId: saleId })).map((r) => toRefund(r, withCost));
}

export async function getRefund(request: FastifyRequest, id: string): Promise<Refund | null> {
  const [row] = await findRefunds(request.server.database.db, { id });
  return row ? toRefund(row, can(signedInUser(request).role, 'reports.view')) : null;
}

/**
 * POST /api/transactions/:id/refunds (issue #15 item 5). A cashier needs a manager's PIN on the
 * spot (approvalFor; the manager is recorded); a manager does not. Then, in one transaction:
 * the sale is locked (refunds and voids of one sale run one at a time), the user's open shift is
 * held, each line's refunded quantity is raised by a conditional update that can never pass the
 * quantity sold, the refund and its lines are written, and stock comes back through the ledger
 * ('refund' movements; with restock off, each is followed by a 'writeoff'). The same
 * Idempotency-Key answers with the first refund and writes nothing.
 */
export async function recordRefund(
  request: FastifyRequest,
  actor: AuthUser,
  saleId: string,
  idempotencyKey: string,
  body: ParsedRefund,
): Promise<{ replayed: boolean; refund: Refund }> {
  const db = request.server.database.db;
  const replayed = await replay(request, actor, saleId, idempotencyKey, body);
  if (replayed) return { replayed: true, refund: replayed };
  // Issue #30 item 8: a refund is held to the history's scope (readableSale, the one rule): a
  // cashier refunds only her own sales; anyone else's is "not found", before a PIN is asked for.
  await readableSale(db, saleId, actor);

  const wanted = new Map<string, number>();
  for (const line of body.lines) wanted.set(line.itemId, (wanted.get(line.itemId) ?? 0) + line.quantity);

  const { approver } = await approvalFor(request, actor, body.approverPin, {
    action: 'refund',
    details: { transactionId: saleId, transactionNumber: transactionNumber(saleId) },
  });

  const refundId = randomUUID();
  let touchedProducts: string[] = [];
  try {
    touchedProducts = await db.transaction(async (tx) => {
      const sale = await lockSale(tx, saleId);
      if (!sale) throw posErrors.transactionNotFound();
      // A duplicate that waited for the sale's lock finds the first one's refund: replay it.
      if (await refundIdByKey(tx, idempotencyKey)) throw new AlreadyRecorded();
      if (sale.status === 'voided') throw refundErrors.voided();
      const shiftId = await lockOpenShift(tx, actor.id);
      if (shiftId === null) throw refundErrors.shiftRequired();

      const lines = new Map((await saleLines(tx, saleId)).map((l) => [l.id, l]));
      const chosen = [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      let subtotalCents = 0;
      let salesTaxCents = 0;
      const refundLines = [];
      for (const [itemId, quantity] of chosen) {
        const line = lines.get(itemId);
        if (!line) throw refundErrors.unknownLine();
        if (!(await takeRefundQuantity(tx, saleId, itemId, quantity))) {
          throw refundErrors.tooMany(line.quantity - line.refundedQuantity, line.productName);
        }
        const lineCents = refundedPart(decimalToCents(line.netTotal), line.quantity, line.refundedQuantity, quantity);
        // Issue #34 item 2 (ADR 0030): the line's stored tax, by the same running-total rounding, so
        // a full refund gives back exactly what was charged, at the rate of the sale.
        const taxCents = refundedPart(decimalToCents(line.tax), line.quantity, line.refundedQuantity, quantity);
        subtotalCents += lineCents;
        salesTaxCents += taxCents;
        refundLines.push({
          transactionItemId: itemId,
          productId: line.productId,
          variantId: line.variantId,
          quantity,
          unitPrice: line.unitPrice,
          totalPrice: centsToDecimal(lineCents),
          tax: centsToDecimal(taxCents),
          unitCost: line.unitCost,
        });
      }
      const before = await refundedSoFar(tx, saleId);
      // The card fee was charged on what the tenders paid before it: the subtotal, plus the sales
      // tax when it was added (exclusive); so it is given back in proportion to that.
      const added = (cents: number) => (sale.pricesIncludeTax ? 0 : cents);
      const baseCents = subtotalCents + added(salesTaxCents);
      const feeCents = proportionalFeeCents(
        {
          subtotalCents: decimalToCents(sale.subtotal) + added(decimalToCents(sale.salesTax)),
          feeCents: decimalToCents(sale.tax),
        },
        {
          subtotalCents: decimalToCents(before.subtotal) + added(decimalToCents(before.salesTax)),
          feeCents: decimalToCents(before.cardFee),
        },
        baseCents,
      );
      const parts = await refundTenders(tx, saleId, baseCents + feeCents, body);
      const method: TenderMethod =
        parts.length > 0
          ? summaryMethod(parts.map((p) => ({ method: p.method, amount: decimalToCents(p.amount) })))
          : body.method === 'cash'
            ? 'cash'
            : sale.paymentMethod;
      await insertRefund(
        tx,
        {
          id: refundId,
          transactionId: saleId,
          shiftId,
          userId: actor.id,
          approverId: approver?.id ?? null,
          reason: body.reason,
          note: body.note,
          restock: body.restock,
          paymentMethod: method,
          subtotal: centsToDecimal(subtotalCents),
          cardFee: centsToDecimal(feeCents),
          salesTax: centsToDecimal(salesTaxCents),
          pricesIncludeTax: sale.pricesIncludeTax,
          total: centsToDecimal(baseCents + feeCents),
          idempotencyKey,
        },
        refundLines,
        parts,
      );
      // Issue #34 item 3 (ADR 0034): what goes back to an account tender lowers its account's balance.
      for (const part of parts.filter((p) => p.method === 'account')) {
        await returnToAccount(tx, {
          transactionId: saleId,
          tenderSeq: part.tenderSeq,
          amount: part.amount,
          kind: 'refund',
          refundId,
          userId: actor.id,
        });
      }

      const facts = {
        userId: actor.id,
        approverId: approver?.id ?? null,
        documentType: 'refund',
        documentId: refundId,
        storeId: sale.storeId,
      };
      const back: StockDelta[] = refundLines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        quantity: l.quantity,
        reason: 'refund',
        // Issue #37 (ADR 0036): the goods come back at the cost they left at.
        unitCost: l.unitCost,
        ...facts,
      }));
      const restocked = await applyStockDeltas(tx, back);
      if (restocked.outcome !== 'applied') throw new Error('a refund could not put its goods back');
      if (!body.restock) {
        // Damaged goods: they came back, and are written off at once.
        const writeoff = await applyStockDeltas(
          tx,
          back.map((d) => ({ ...d, quantity: -d.quantity, reason: 'writeoff', note: body.reason })),
        );
        if (writeoff.outcome !== 'applied') throw new Error('a refund could not write its goods off');
      }
      await recordActivity(tx, {
        userId: actor.id,
        activityType: ACTIVITY.refund,
        ...requestFacts(request),
        details: {
          transactionId: saleId,
          transactionNumber: transactionNumber(saleId),
          refundId,
          number: refundNumber(refundId),
          total: centsToDecimal(baseCents + feeCents),
          cardFee: centsToDecimal(feeCents),
          method,
          payments: parts,
          restock: body.restock,
          reason: body.reason,
          note: body.note,
          approverId: approver?.id ?? null,
          approverName: approver ? displayName(approver) : null,
        },
      });
      return [...new Set(refundLines.map((l) => l.productId))];
    });
  } catch (error) {
    // The same key raced in from a concurrent retry: the lock or the unique index let only the first through.
    if (error instanceof AlreadyRecorded || pgErrorCode(error) === '23505') {
      const again = await replay(request, actor, saleId, idempotencyKey, body);
      if (again) return { replayed: true, refund: again };
    }
    throw error;
  }
  await request.server.events.publish('stock.changed', touchedProducts);
  await request.server.events.publish('sale.recorded', [saleId]);
  const refund = await getRefund(request, refundId);
  if (!refund) throw new AppError(500, 'pos.refund_lost', 'The refund was recorded but could not be read back.');
  return { replayed: false, refund };
}

/** A retried request: the first refund when it is the same one, by the same user; else 409. */
async function replay(
  request: FastifyRequest,
  actor: AuthUser,
  saleId: string,
  idempotencyKey: string,
  body: ParsedRefund,
): Promise<Refund | null> {
  const existing = await refundIdByKey(request.server.database.db, idempotencyKey);
  if (!existing) return null;
  if (existing.transactionId !== saleId || existing.userId !== actor.id) throw refundErrors.differentContents();
  const refund = await getRefund(request, existing.id);
  if (!refund) return null;
  const asked = new Map<string, number>();
  for (const line of body.lines) asked.set(line.itemId, (asked.get(line.itemId) ?? 0) + line.quantity);
  const stored = new Map(refund.lines.map((l) => [l.itemId, l.quantity]));
  const same =
    asked.size === stored.size &&
    [...asked].every(([itemId, quantity]) => stored.get(itemId) === quantity) &&
    refund.restock === body.restock &&
    refund.reason === body.reason;
  if (!same) throw refundErrors.differentContents();
  return refund;
}

export type { RefundRequest };
