import {
  can,
  centsToDecimal,
  DISCOUNT_ACTIVITY,
  parseCents,
  type Receipt,
  type SalesHistoryPage,
  type SalesHistoryQuery,
  type TransactionDetail,
  transactionNumber,
} from '@retail-hub/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { storeDaysRange } from '../../lib/sales-range';
import type { AuthUser } from '../../types';
import { recordActivity, requestFacts } from '../activity/index';
import { mailServiceFor } from '../mail/index';
import { cashierShiftId, historyPage, saleActivity } from './history.repository';
import { posErrors } from './pos.errors';
import { receiptText } from './receipt-text';
import { toRefund } from './refund-response';
import { findRefunds } from './refunds.repository';
import { saleLines } from './sale-lines.repository';
import { apiTaxFields, discountView, isSplit, isTaxed, paymentView, receiptOf } from './sale-response';
import { findSale, type StoredSale } from './sales.repository';

/** Activity types of the after-sale (issue #15 item 9); refunds and voids add their own. */
export const HISTORY_ACTIVITY = {
  receiptReprinted: 'receipt_reprinted',
  receiptEmailed: 'receipt_emailed',
} as const;

const DEFAULT_PAGE = 25;

/** Managers (and whoever may read other staff's sales) see every sale; a cashier their own shift's. */
function seesAll(user: AuthUser): boolean {
  return can(user.role, 'reports.view');
}

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id]), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?)?$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      PG_TIMESTAMP.test(parsed[0]) &&
      UUID.test(parsed[1])
    ) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('pos.invalid_cursor', 'This page link is no longer valid. Start the search again.', {
    cursor: 'Invalid page cursor',
  });
}

/** GET /api/sales-history: newest first, one page at a time. */
export async function salesHistory(
  deps: { db: Db; timeZone: string },
  reader: AuthUser,
  query: SalesHistoryQuery,
): Promise<SalesHistoryPage> {
  const all = seesAll(reader);
  const limit = query.limit ?? DEFAULT_PAGE;
  if (query.minTotal && query.maxTotal && (parseCents(query.minTotal) ?? 0) > (parseCents(query.maxTotal) ?? 0)) {
    throw badRequest('pos.invalid_amount_range', 'The lowest amount must not be above the highest.', {
      minTotal: 'The lowest amount must not be above the highest.',
    });
  }
  let shiftId: number | undefined;
  if (!all) {
    const own = await cashierShiftId(deps.db, reader.id);
    if (own === null) return { items: [], nextCursor: null, scope: 'shift' };
    shiftId = own;
  }
  const range =
    query.startDate || query.endDate
      ? storeDaysRange(
          query.startDate ?? (query.endDate as string),
          query.endDate ?? (query.startDate as string),
          deps.timeZone,
        )
      : null;
  const rows = await historyPage(deps.db, {
    numberSuffix: query.number?.toLowerCase(),
    start: range?.start,
    end: range?.end,
    shiftId,
    cashierId: query.cashierId,
    paymentMethod: query.paymentMethod,
    minTotal: query.minTotal ? centsToDecimal(parseCents(query.minTotal) ?? 0) : undefined,
    maxTotal: query.maxTotal ? centsToDecimal(parseCents(query.maxTotal) ?? 0) : undefined,
    status: query.status,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      number: transactionNumber(r.id),
      createdAt: r.createdAt.toISOString(),
      shiftId: r.shiftId,
      status: r.status,
      cashier: r.cashier,
      paymentMethod: r.paymentMethod,
      subtotal: r.subtotal,
      // Issue #34 item 2: `tax` as the detail answers it (the card fee until a line is taxed).
      ...apiTaxFields(r, r.taxed),
      total: r.total,
      itemCount: r.itemCount,
      refundCount: r.refundCount,
      refundedTotal: r.refundedTotal,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorAt, last.id) : null,
    scope: all ? 'all' : 'shift',
  };
}

/**
 * A sale `reader` may open: managers any, a cashier their own (anyone else's is "not found", not
 * a hint, as for the receipt).
 */
export async function readableSale(db: Db, id: string, reader: AuthUser): Promise<StoredSale> {
  const sale = await findSale(db, id);
  if (!sale || (!seesAll(reader) && sale.userId !== reader.id)) throw posErrors.transactionNotFound();
  return sale;
}

/** The whole-sale discount as the detail shows it, with the approving manager's name. */
function saleDiscountOf(sale: StoredSale): TransactionDetail['discount'] {
  const view = discountView(sale.saleDiscountType, sale.saleDiscountValue, sale.saleDiscount);
  return view ? { ...view, approvedBy: sale.discountApprovedBy?.name ?? null } : null;
}

function personName(user: { firstName: string | null; lastName: string | null } | null): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown';
}

/**
 * The manager who approved an event (issue #30 item 17: the history named the cashier instead):
 * the user its details name as approver. An unapproved over-cap discount names the manager whose
 * own cap was too low, who approved nothing.
 */
function approverOf(a: {
  activityType: string;
  approver: { id: string; firstName: string | null; lastName: string | null } | null;
}): { id: string; name: string } | null {
  if (!a.approver || a.activityType === DISCOUNT_ACTIVITY.discountOverCapUnapproved) return null;
  return { id: a.approver.id, name: personName(a.approver) };
}

/** GET /api/transactions/:id: the sale, its lines (with ids), payment, refunds and who did what. */
export async function transactionDetail(deps: { db: Db }, id: string, reader: AuthUser): Promise<TransactionDetail> {
  const sale = await readableSale(deps.db, id, reader);
  const [lines, activity, refundRows] = await Promise.all([
    saleLines(deps.db, id),
    saleActivity(deps.db, id),
    findRefunds(deps.db, { transactionId: id }),
  ]);
  // Issue #37 (ADR 0036): cost is for readers of reports, never a till's; a cashier's answer is as before.
  const seesCost = can(reader.role, 'reports.view');
  const refunds = refundRows.map((r) => toRefund(r, seesCost));
  const refunded = new Map<string, number>();
  for (const refund of refunds) {
    for (const line of refund.lines) refunded.set(line.itemId, (refunded.get(line.itemId) ?? 0) + line.quantity);
  }
  const receipt = receiptOf(sale);
  const taxed = isTaxed(sale);
  return {
    id: sale.id,
    number: transactionNumber(sale.id),
    status: sale.status,
    createdAt: sale.createdAt.toISOString(),
    shiftId: sale.shiftId,
    cashier: { id: sale.userId, firstName: sale.cashier.firstName, lastName: sale.cashier.lastName },
    subtotal: sale.subtotal,
    // Issue #34 item 2: the sales tax once taxed (the card fee apart), else the card fee as §3.
    ...apiTaxFields(sale, taxed),
    total: sale.total,
    paymentMethod: sale.paymentMethod,
    referenceCode: sale.referenceCode,
    notes: sale.notes,
    amountReceived: sale.amountReceived,
    changeDue: receipt.changeDue,
    discountTotal: sale.discountTotal,
    discount: saleDiscountOf(sale),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      name: l.productName,
      variantName: l.variantName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      totalPrice: l.totalPrice,
      refundedQuantity: refunded.get(l.id) ?? 0,
      discount: discountView(l.discountType, l.discountValue, l.discount),
      saleDiscountShare: l.saleDiscountShare,
      netTotal: l.netTotal,
      ...(taxed ? { taxRate: l.taxRate, tax: l.tax } : {}),
      ...(seesCost ? { unitCost: l.unitCost } : {}),
      ...(l.modifiers?.length ? { modifiers: l.modifiers } : {}),
    })),
    // Issue #34: one row per tender; `refunded` (per tender) only for a split sale, so a one-tender
    // sale answers exactly as before (its refunds list says what went back).
    payments: (sale.payments ?? []).map((p) => {
      const { refunded, ...view } = paymentView(p);
      return isSplit(sale) ? { ...view, refunded } : view;
    }),
    refunds,
    events: [
      {
        type: 'sale',
        at: sale.createdAt.toISOString(),
        by: { id: sale.userId, name: personName(sale.cashier) },
        approvedBy: sale.discountApprovedBy,
        details: { total: sale.total, paymentMethod: sale.paymentMethod },
      },
      ...activity.map((a) => ({
        type: a.activityType,
        at: a.timestamp.toISOString(),
        by: { id: a.user?.id ?? null, name: personName(a.user) },
        approvedBy: approverOf(a),
        details: (a.details as Record<string, unknown> | null) ?? null,
      })),
    ],
    receipt,
  };
}

/**
 * A reprint (issue #15 item 4): the same receipt, number and totals; the client marks it COPY.
 * Each copy is recorded (who printed which sale again), since a copy can be used to claim a refund.
 */
export async function receiptCopy(
  deps: { db: Db },
  id: string,
  reader: AuthUser,
  request: FastifyRequest,
): Promise<{ number: string; copy: true; receipt: Receipt }> {
  const sale = await readableSale(deps.db, id, reader);
  await recordActivity(deps.db, {
    userId: reader.id,
    activityType: HISTORY_ACTIVITY.receiptReprinted,
    ...requestFacts(request),
    details: { transactionId: sale.id, number: transactionNumber(sale.id), total: sale.total },
  });
  return { number: transactionNumber(sale.id), copy: true, receipt: receiptOf(sale) };
}

/** "j…@example.com": enough for the audit trail to tell addresses apart, not a customer list. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email[0]}…${email.slice(at)}`;
}

export const receiptMailNotConfigured = () =>
  new AppError(409, 'receipt.mail_not_configured', 'E-mail is not set up for this store.');

/** POST /api/transactions/:id/receipt/email: the receipt as text, through the mail module. */
export async function emailReceipt(
  deps: { db: Db; config: Config; log?: FastifyBaseLogger },
  id: string,
  email: string,
  reader: AuthUser,
  request: FastifyRequest,
): Promise<{ sent: true; to: string }> {
  const mail = mailServiceFor(deps.config);
  const sale = await readableSale(deps.db, id, reader);
  if (!mail.isConfigured) throw receiptMailNotConfigured();
  const number = transactionNumber(sale.id);
  await mail.send(
    {
      recipients: [email],
      replyTo: null,
      subject: `Your receipt #${number}`,
      text: receiptText(receiptOf(sale), {
        number,
        voided: sale.status === 'voided',
        timeZone: deps.config.storeTimeZone,
      }),
    },
    { id: reader.id, name: personName(reader) },
    deps.log,
  );
  await recordActivity(deps.db, {
    userId: reader.id,
    activityType: HISTORY_ACTIVITY.receiptEmailed,
    ...requestFacts(request),
    details: { transactionId: sale.id, number, to: maskEmail(email) },
  });
  return { sent: true, to: email };
}

/** Whether the e-mail button shows (the store has SMTP set up). */
export function receiptEmailAvailable(config: Config): boolean {
  return mailServiceFor(config).isConfigured;
}
