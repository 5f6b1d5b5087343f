import {
  ACCOUNT_MESSAGES,
  type Cents,
  cardFeeCents,
  centsToDecimal,
  DISCOUNT_ACTIVITY,
  DISCOUNT_MESSAGES,
  type Discount,
  type DiscountedSale,
  type DiscountInput,
  decimalToCents,
  discountHundredths,
  displayName,
  isDiscountRefusal,
  isOverCap,
  MAX_CENTS,
  modifiersKey,
  parseCents,
  priceDiscountedSale,
  type RateHundredths,
  type SaleRequest,
  type SaleResponse,
  type SaleTaxFigures,
  type SaleTotals,
  saleTaxFigures,
  storedReference,
  TENDER_MESSAGES,
  type Tender,
  type TenderMethod,
  taxRateToString,
  tenderTotals,
  toDiscount,
} from '@retail-hub/shared';
import type { Database } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import type { AuthUser } from '../../types';
import type { ApprovalContext, GrantedApproval } from '../auth/index';
import { discountCaps } from './discount-caps.service';
import type { Publisher } from './live-updates';
import { posErrors } from './pos.errors';
import type { PricingCache } from './pricing-cache';
import { clientTotalsDisagree, type PricedLine, priceSaleLines, type SaleVariant, stockNeeds } from './sale-pricing';
import { apiTax, saleResponse } from './sale-response';
import { knownCustomerAndAccounts, type PricingEntry, type SaleWriteResult, writeSale } from './sale-write.repository';
import { findSale, findSaleIdByKey, type StoredPayment, type StoredSale } from './sales.repository';
import { findOpenShift } from './shifts.repository';

export type SalesDeps = { database: Database; pricing: PricingCache; live: Publisher };

export type RecordedSale = { replayed: boolean; sale: SaleResponse };

/**
 * Checks a manager's PIN typed for this sale (auth/approver.service checkApproverPin, bound to the
 * request): the manager, and the 'approval_granted' row the sale's statement writes only when the
 * sale is recorded (a sale refused afterwards, say for stock, leaves no approval in the feed).
 */
export type ApproveWithPin = (
  pin: string | null | undefined,
  context: ApprovalContext,
) => Promise<{ approver: AuthUser; granted: GrantedApproval }>;

/** A sale as the server priced it, ready to write. */
type PricedSale = {
  lines: PricedLine[];
  /** The discount rule's result (packages/shared/src/discount-rules.ts): every line's discount and net. */
  discounted: DiscountedSale;
  lineDiscounts: Array<Discount | null>;
  saleDiscount: Discount | null;
  totals: SaleTotals;
  /** Issue #34 item 2: the sales tax (ADR 0030) and the card fee on the taxed amount. */
  money: SaleMoney;
  amountReceived: Cents | null;
  pricedWith: Array<{ productId: string; fingerprint: string }>;
  /** Issue #34 item 1: every tender (one for a sale without `tenders`), and the summary method. */
  tenders: PricedTender[];
  paymentMethod: TenderMethod;
  referenceCode: string | null;
};

/** A tender as the server computed it, with its stored reference code. */
export type PricedTender = Tender & { referenceCode: string | null; accountId?: string | null };

/**
 * The session a sale is made in (issue #38 item 5, ADR 0028): its sid, checked by the sale's
 * statement, and `verify`, which makes sure it is live before any other answer is given (throws 401
 * when it ended). Its lookup is not a round trip of its own on the sale path.
 */
export type SaleSession = { id: string; verify: () => Promise<void>; forget?: () => void };

/** Pricing attempts before a sale whose catalogue keeps changing under it is refused. */
const MAX_PRICING_ATTEMPTS = 3;

/**
 * Records a sale (spec §4 Cart and checkout; architecture guide, Data). The server is the
 * authority: it reprices every line from its own catalogue, computes the card fee and total and
 * refuses a disagreement; then one statement (one database transaction) checks the shift, the
 * catalogue and the stock, moves the stock and writes the sale. The same Idempotency-Key returns
 * the first result and writes nothing.
 */
export async function recordSale(
  deps: SalesDeps,
  cashier: AuthUser,
  session: SaleSession,
  idempotencyKey: string,
  request: SaleRequest,
  approve?: ApproveWithPin,
): Promise<RecordedSale> {
  const productIds = [...new Set(request.items.map((i) => i.productId))];
  await checkCustomerAndAccounts(deps.database, request);
  let fresh = false;
  let approval: DiscountApproval = null;
  for (let attempt = 1; ; attempt++) {
    let priced: PricedSale;
    try {
      priced = await priceSale(deps, cashier.id, request, productIds, fresh);
    } catch (error) {
      if (error instanceof AppError) {
        // Anything but the statement's own answer is given only in a live session (ADR 0028).
        await session.verify();
        // A refused retry is still a retry: the first result wins over today's prices or stock.
        const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
        if (existing) return replay(deps, cashier, existing, request);
        // spec §8 Transactions: without a shift the answer is always the shift message (it opens
        // the terminal's shift prompt), whatever else is wrong with the sale. Checked only on this
        // refusal path: a sale that prices cleanly learns about its shift in the write itself.
        if (!(await findOpenShift(deps.database.db, cashier.id))) throw posErrors.shiftRequired();
      }
      throw error;
    }
    // Issue #15 item 7: above the seller's cap, a manager's PIN approves the discount (once per request).
    if (!approval || isOverCap(priced.discounted, approval.approverCap)) {
      approval = await discountApproval(deps, cashier, idempotencyKey, request, priced, approve);
    }
    const written = await write(deps, cashier, session, idempotencyKey, request, priced, approval);
    switch (written.outcome) {
      case 'signed_out':
        session.forget?.();
        throw unauthorized();
      case 'recorded':
        deps.live.publish('sale.recorded', [written.id]);
        deps.live.publish('stock.changed', productIds);
        return {
          replayed: false,
          sale: saleResponse(storedForm(cashier, idempotencyKey, request, priced, written, approval)),
        };
      case 'already_recorded':
        return replay(deps, cashier, written.existing, request);
      case 'no_open_shift':
        await deps.pricing.shiftStore(cashier.id, { fresh: true });
        throw posErrors.shiftRequired();
      case 'short':
        throw posErrors.insufficientStock(written.available, written.need.productName);
      case 'account_limit':
        throw posErrors.accountLimit(written.available);
      case 'repriced':
        // The catalogue changed between pricing and writing: price again from the database.
        if (attempt >= MAX_PRICING_ATTEMPTS) throw posErrors.totalsMismatch();
        fresh = true;
    }
  }
}

/**
 * Issue #34 item 3 (ADR 0034): the customer and the accounts a sale names exist (400 per field).
 * One read, only for a sale that names any; the credit limit itself is checked by the sale's
 * statement under the account's lock.
 */
export async function checkCustomerAndAccounts(database: Database, request: SaleRequest): Promise<void> {
  const accountIds = (request.tenders ?? []).map((t) => t.accountId ?? null);
  if (!request.customerId && accountIds.every((id) => id === null)) return;
  const known = await knownCustomerAndAccounts(
    database,
    request.customerId ?? null,
    accountIds.filter((id): id is string => id !== null),
  );
  const fields: Record<string, string> = {};
  if (request.customerId && !known.customer) fields.customerId = 'Unknown customer';
  accountIds.forEach((id, i) => {
    if (id && !known.accounts.includes(id)) fields[`tenders.${i}.accountId`] = ACCOUNT_MESSAGES.unknownAccount;
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest('validation', first, fields);
}

/**
 * Prices from the cache; a refusal based on cached facts is re-decided on fresh ones. Issue #32
 * item 2: at the store of the cashier's open shift (none: the shift message).
 */
async function priceSale(
  deps: SalesDeps,
  cashierId: string,
  request: SaleRequest,
  productIds: string[],
  fresh: boolean,
): Promise<PricedSale> {
  const priceAt = async (fromDatabase: boolean) => {
    const storeId = await deps.pricing.shiftStore(cashierId, { fresh: fromDatabase });
    if (!storeId) throw posErrors.shiftRequired();
    return priceFrom(await deps.pricing.get(storeId, productIds, { fresh: fromDatabase }), request);
  };
  try {
    return await priceAt(fresh);
  } catch (error) {
    if (fresh || !(error instanceof AppError)) throw error;
    return priceAt(true);
  }
}

function priceFrom(entries: ReadonlyMap<string, PricingEntry>, request: SaleRequest): PricedSale {
  const productsById = new Map([...entries.values()].map((e) => [e.product.id, e.product]));
  const variantsByProduct = new Map<string, SaleVariant[]>(
    [...entries.values()].map((e) => [e.product.id, e.variants]),
  );
  const lines = priceSaleLines(request.items, productsById, variantsByProduct);
  const lineDiscounts = request.items.map((i) => toDiscount(i.discount));
  const saleDiscount = toDiscount(request.discount);
  // With tenders the card fee is each card tender's own (tenderTotals), so the cart is priced without one.
  const discounted = priceDiscountedSale(
    lines.map((l, i) => ({ unitCents: l.unitCents, quantity: l.quantity, discount: lineDiscounts[i] ?? null })),
    saleDiscount,
    request.tenders ? 'cash' : request.paymentMethod,
  );
  if (isDiscountRefusal(discounted)) {
    if (discounted.refused === 'line_exceeds') {
      throw badRequest('pos.discount_exceeds_line', DISCOUNT_MESSAGES.lineExceeds, {
        [`items.${discounted.lineIndex}.discount.value`]: DISCOUNT_MESSAGES.lineExceeds,
      });
    }
    throw badRequest('pos.discount_exceeds_sale', DISCOUNT_MESSAGES.saleExceeds, {
      'discount.value': DISCOUNT_MESSAGES.saleExceeds,
    });
  }
  const rates = lines.map((l) => productsById.get(l.productId)?.taxRate ?? 0);
  const pricesIncludeTax = [...entries.values()][0]?.product.pricesIncludeTax ?? false;
  const money = saleMoney(request, discounted, rates, pricesIncludeTax);
  const totals = money.totals;
  if (clientTotalsDisagree(request, lines, totals, money.cardFee)) throw posErrors.totalsMismatch();
  if (totals.total > MAX_CENTS || lines.some((l) => l.unitCents * l.quantity > MAX_CENTS))
    throw posErrors.saleTooLarge();
  const paid = paidTenders(request, money);
  const amountReceived = paid.amountReceived;
  // A product sold with a size is checked on its size options too; a plain one on itself only.
  const sized = new Set(request.items.filter((i) => i.variantId || i.variantName?.trim()).map((i) => i.productId));
  const pricedWith = [...new Set(lines.map((l) => l.productId))].map((productId) => {
    const { fingerprints, product } = entries.get(productId) as PricingEntry;
    // Issue #35 item 1: a product with modifier groups is checked on them too, whatever its lines carry.
    if (product.modifierGroups?.length) return { productId, fingerprint: fingerprints.modified };
    return { productId, fingerprint: sized.has(productId) ? fingerprints.sized : fingerprints.plain };
  });
  return {
    lines,
    discounted,
    lineDiscounts,
    saleDiscount,
    totals,
    money,
    amountReceived,
    pricedWith,
    tenders: paid.tenders,
    paymentMethod: paid.method,
    referenceCode: paid.referenceCode,
  };
}

/**
 * Issue #34 item 2 (ADR 0030): a sale's money after the discount rule, for the online sale, the
 * offline path and a held sale alike. The sales tax is the shared rule's (saleTaxFigures on the
 * lines' nets); the tenders pay the taxed amount (`tax.base`) plus their card fee (ADR 0029). The
 * API's `tax` is the sales tax once a line is taxed, else the card fee exactly as spec §3/§7.
 */
export type SaleMoney = {
  tax: SaleTaxFigures;
  cardFee: Cents;
  totals: SaleTotals;
  /** The tenders of a body with `tenders` (checked, 400 per field); null for a one-tender body. */
  split: PaidTenders | null;
};

export function saleMoney(
  request: SaleRequest,
  discounted: DiscountedSale,
  rates: readonly RateHundredths[],
  pricesIncludeTax: boolean,
): SaleMoney {
  const tax = saleTaxFigures(
    discounted.lines.map((l) => l.netCents),
    rates,
    pricesIncludeTax,
  );
  const split = request.tenders ? splitTenders(request, tax.base) : null;
  const cardFee = split ? split.cardFee : cardFeeCents(tax.base, request.paymentMethod);
  const total = split ? split.total : tax.base + cardFee;
  return {
    tax,
    cardFee,
    split,
    totals: { subtotal: discounted.subtotal, tax: tax.charged ? tax.salesTax : cardFee, total },
  };
}

/** The tenders that pay the sale: a split's, or the one tender of a §3 body. */
export function paidTenders(request: SaleRequest, money: SaleMoney): PaidTenders {
  return money.split ?? oneTender(request, money.tax.base, money.totals.total, money.cardFee);
}

/** A sale's tax columns: the sales tax, the setting, and each line's rate and tax (ADR 0030). */
export function taxColumns(tax: SaleTaxFigures) {
  return {
    salesTax: centsToDecimal(tax.salesTax),
    pricesIncludeTax: tax.pricesIncludeTax,
    lines: tax.lineTaxes.map((t, i) => ({ taxRate: taxRateToString(tax.rates[i] ?? 0), tax: centsToDecimal(t) })),
  };
}

export type PaidTenders = {
  tenders: PricedTender[];
  method: TenderMethod;
  referenceCode: string | null;
  amountReceived: Cents | null;
  cardFee: Cents;
  total: Cents;
};

/**
 * A §3 body without `tenders`: `paymentMethod` pays the whole total (cash: what was handed over,
 * spec §5). The same rule as a split (tenderTotals) on `base` (the subtotal, plus the sales tax
 * when exclusive), so the one tender's fee is the sale's card fee.
 */
export function oneTender(request: SaleRequest, base: Cents, total: Cents, cardFee: Cents): PaidTenders {
  // Issue #34 item 3 (ADR 0034): an account is charged by a tender that names it.
  if (request.paymentMethod === 'account')
    throw badRequest('pos.invalid_tenders', ACCOUNT_MESSAGES.accountRequired, {
      paymentMethod: ACCOUNT_MESSAGES.accountRequired,
    });
  const amountReceived = cashReceived(request, total);
  const result = tenderTotals(base, [{ method: request.paymentMethod, amount: total, amountReceived }]);
  if (!result.ok || result.cardFee !== cardFee) throw posErrors.totalsMismatch();
  const referenceCode = storedReference(request.referenceCode);
  const [tender] = result.tenders as [Tender];
  return {
    tenders: [{ ...tender, referenceCode }],
    method: request.paymentMethod,
    referenceCode,
    amountReceived,
    cardFee: result.cardFee,
    total: result.total,
  };
}

/**
 * Issue #34 item 1: a body with `tenders`. The server computes each tender's fee, the total and the
 * change (tenderTotals, packages/shared/src/tenders.ts) and refuses a body whose tenders do not pay
 * exactly the sale (400, per field); `paymentMethod` must be one of the tenders'. The sale's
 * reference code is the body's, else the first tender's that has one (the VTPD export finds it).
 */
export function splitTenders(request: SaleRequest, subtotal: Cents): PaidTenders {
  // `subtotal`: what the tenders pay before their fees (ADR 0030: the taxed amount when exclusive).
  const sent = request.tenders ?? [];
  const fields: Record<string, string> = {};
  const inputs = sent.map((t, i) => {
    const amount = parseCents(t.amount);
    const received = t.amountReceived ? parseCents(t.amountReceived) : null;
    if (amount === null) fields[`tenders.${i}.amount`] = TENDER_MESSAGES.amount;
    // Issue #34 item 3 (ADR 0034): an 'account' tender names its account; no other tender does.
    if (t.method === 'account' && !t.accountId) fields[`tenders.${i}.accountId`] = ACCOUNT_MESSAGES.accountRequired;
    if (t.method !== 'account' && t.accountId) fields[`tenders.${i}.accountId`] = ACCOUNT_MESSAGES.accountNotForMethod;
    return { method: t.method, amount: amount ?? 0, amountReceived: received };
  });
  if (Object.keys(fields).length === 0) {
    const result = tenderTotals(subtotal, inputs);
    if (result.ok) {
      if (!sent.some((t) => t.method === request.paymentMethod)) {
        throw badRequest('pos.invalid_tenders', TENDER_MESSAGES.methodNotTendered, {
          paymentMethod: TENDER_MESSAGES.methodNotTendered,
        });
      }
      const tenders = result.tenders.map((t, i) => ({
        ...t,
        referenceCode: storedReference(sent[i]?.referenceCode),
        accountId: sent[i]?.accountId ?? null,
      }));
      return {
        tenders,
        method: result.method,
        referenceCode:
          storedReference(request.referenceCode) ?? tenders.find((t) => t.referenceCode)?.referenceCode ?? null,
        // Everything handed over (cash received + the other tenders), so amountReceived − total is
        // the change, as on a one-tender cash sale's receipt.
        amountReceived: result.total + result.change,
        cardFee: result.cardFee,
        total: result.total,
      };
    }
    for (const error of result.errors) fields[error.field] ??= error.message;
  }
  const first = Object.values(fields)[0] as string;
  throw badRequest('pos.invalid_tenders', first, fields);
}

/** A discount above the seller's cap and who approved it; null when within the cap (or none). */
type DiscountApproval = {
  approver: AuthUser;
  /** The PIN check's 'approval_granted' row, written by the sale's statement with the sale. */
  granted: GrantedApproval;
  sellerCap: number;
  approverCap: number;
} | null;

const APPROVER_CAP_MESSAGE = "This discount is above that manager's own cap.";

/**
 * Issue #15 item 7: a discount within the seller's role cap needs nobody; above it, a manager's PIN
 * (the approver PIN check of ADR 0010: counted on the PIN throttle, 403 when missing or wrong)
 * whose own role's cap covers it. Caps are read only for a sale that has a discount.
 */
async function discountApproval(
  deps: SalesDeps,
  cashier: AuthUser,
  idempotencyKey: string,
  request: SaleRequest,
  priced: PricedSale,
  approve: ApproveWithPin | undefined,
): Promise<DiscountApproval> {
  if (priced.discounted.discountTotal === 0) return null;
  const caps = await discountCaps(deps.database.db);
  const sellerCap = caps[cashier.role];
  if (!isOverCap(priced.discounted, sellerCap)) return null;
  // A retry of a sale already recorded is answered by the write (replayed), not asked again.
  const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
  if (existing) return null;
  if (!approve) throw new AppError(403, 'pos.approval_required', DISCOUNT_MESSAGES.overCap(sellerCap));
  if (!request.approverPin?.trim()) {
    throw new AppError(403, 'pos.approval_required', DISCOUNT_MESSAGES.overCap(sellerCap));
  }
  const { approver, granted } = await approve(request.approverPin, {
    action: 'discount',
    details: {
      discountTotal: centsToDecimal(priced.discounted.discountTotal),
      grossSubtotal: centsToDecimal(priced.discounted.grossSubtotal),
      capPercent: sellerCap,
    },
  });
  const approverCap = caps[approver.role];
  if (isOverCap(priced.discounted, approverCap)) {
    throw new AppError(403, 'pos.approval_invalid', APPROVER_CAP_MESSAGE);
  }
  return { approver, granted, sellerCap, approverCap };
}

/**
 * spec §5 Cash sale: the amount received must be at least the total. The §3/§7 sale payload has
 * no amountReceived and §4 says the amount paid defaults to the total, so a cash sale without one
 * is paid exactly (change 0) and is stored as such. Null for other methods.
 */
function cashReceived(request: SaleRequest, total: Cents): Cents | null {
  if (request.paymentMethod !== 'cash') return null;
  if (request.amountReceived === null || request.amountReceived === undefined) return total;
  const received = parseCents(request.amountReceived);
  if (received === null || received < total) throw posErrors.insufficientPayment();
  return received;
}

async function write(
  deps: SalesDeps,
  cashier: AuthUser,
  session: SaleSession,
  idempotencyKey: string,
  request: SaleRequest,
  priced: PricedSale,
  approval: DiscountApproval,
): Promise<SaleWriteResult> {
  const d = priced.discounted;
  const taxed = taxColumns(priced.money.tax);
  try {
    return await withDeadlockRetry(() =>
      writeSale(deps.database, {
        userId: cashier.id,
        sessionId: session.id,
        idempotencyKey,
        subtotal: centsToDecimal(priced.totals.subtotal),
        // transactions.tax keeps the card fee (ADR 0030); the sales tax is its own column.
        tax: centsToDecimal(priced.money.cardFee),
        salesTax: taxed.salesTax,
        pricesIncludeTax: taxed.pricesIncludeTax,
        total: centsToDecimal(priced.totals.total),
        paymentMethod: priced.paymentMethod,
        referenceCode: priced.referenceCode,
        notes: normaliseNotes(request.notes),
        amountReceived: priced.amountReceived === null ? null : centsToDecimal(priced.amountReceived),
        tenders: priced.tenders.map(tenderColumns),
        customerId: request.customerId ?? null,
        pricedWith: priced.pricedWith,
        needs: stockNeeds(priced.lines),
        discountTotal: centsToDecimal(d.discountTotal),
        saleDiscount: discountColumns(priced.saleDiscount, d.saleDiscount),
        discountApprovedBy: approval?.approver.id ?? null,
        approvalActivity: approval
          ? [
              approval.granted,
              {
                activityType: DISCOUNT_ACTIVITY.discountOverCap,
                ipAddress: null,
                userAgent: null,
                details: {
                  approverId: approval.approver.id,
                  approverName: displayName(approval.approver),
                  capPercent: approval.sellerCap,
                  grossSubtotal: centsToDecimal(d.grossSubtotal),
                  lineDiscounts: centsToDecimal(d.lineDiscounts),
                  saleDiscount: centsToDecimal(d.saleDiscount),
                  discountTotal: centsToDecimal(d.discountTotal),
                  subtotal: centsToDecimal(d.subtotal),
                },
              },
            ]
          : [],
        lines: priced.lines.map((l, i) => {
          const dl = d.lines[i] as DiscountedSale['lines'][number];
          return {
            productId: l.productId,
            variantId: l.variantId,
            variantName: l.variantName,
            quantity: l.quantity,
            unitPrice: centsToDecimal(l.unitCents),
            totalPrice: centsToDecimal(l.unitCents * l.quantity),
            discount: discountColumns(priced.lineDiscounts[i] ?? null, dl.discountCents),
            saleDiscountShare: centsToDecimal(dl.saleShareCents),
            ...(taxed.lines[i] as { taxRate: string; tax: string }),
            modifiers: l.modifiers,
          };
        }),
      }),
    );
  } catch (error) {
    // The same key raced in from a concurrent retry: the unique index let only the first through.
    if (pgErrorCode(error) === '23505') {
      await session.verify(); // the statement failed, so it did not answer for the session
      const existing = await findSaleIdByKey(deps.database.db, idempotencyKey);
      if (existing) return { outcome: 'already_recorded', existing };
    }
    throw error;
  }
}

/** A tender as its columns (transaction_payments). */
export function tenderColumns(t: PricedTender) {
  return {
    method: t.method,
    amount: centsToDecimal(t.amount),
    cardFee: centsToDecimal(t.cardFee),
    referenceCode: t.referenceCode,
    amountReceived: t.amountReceived === null ? null : centsToDecimal(t.amountReceived),
    accountId: t.accountId ?? null,
  };
}

/** A discount as its columns: type, value as given, and the money it came to. */
export function discountColumns(discount: Discount | null, cents: Cents) {
  if (!discount) return { type: null, value: null, amount: centsToDecimal(cents) };
  return {
    type: discount.type,
    value: centsToDecimal(discount.type === 'percent' ? discount.hundredths : discount.cents),
    amount: centsToDecimal(cents),
  };
}

/** The sale just written, in the form a stored one is read back (so a replay answers the same). */
function storedForm(
  cashier: AuthUser,
  idempotencyKey: string,
  request: SaleRequest,
  priced: PricedSale,
  written: Extract<SaleWriteResult, { outcome: 'recorded' }>,
  approval: DiscountApproval,
): StoredSale {
  const d = priced.discounted;
  const sale = discountColumns(priced.saleDiscount, d.saleDiscount);
  const taxed = taxColumns(priced.money.tax);
  return {
    id: written.id,
    userId: cashier.id,
    shiftId: written.shiftId,
    createdAt: written.createdAt,
    subtotal: centsToDecimal(priced.totals.subtotal),
    tax: centsToDecimal(priced.money.cardFee),
    salesTax: taxed.salesTax,
    pricesIncludeTax: taxed.pricesIncludeTax,
    total: centsToDecimal(priced.totals.total),
    paymentMethod: priced.paymentMethod,
    referenceCode: priced.referenceCode,
    notes: normaliseNotes(request.notes),
    amountReceived: priced.amountReceived === null ? null : centsToDecimal(priced.amountReceived),
    payments: priced.tenders.map((t, i) => ({ seq: i + 1, ...tenderColumns(t), refunded: '0.00' })),
    status: 'completed',
    idempotencyKey,
    cashier: { firstName: cashier.firstName, lastName: cashier.lastName },
    discountTotal: centsToDecimal(d.discountTotal),
    saleDiscountType: sale.type,
    saleDiscountValue: sale.value,
    saleDiscount: sale.amount,
    discountApprovedBy: approval ? { id: approval.approver.id, name: displayName(approval.approver) } : null,
    items: priced.lines.map((l, i) => {
      const dl = d.lines[i] as DiscountedSale['lines'][number];
      const own = discountColumns(priced.lineDiscounts[i] ?? null, dl.discountCents);
      return {
        productId: l.productId,
        productName: l.productName,
        variantId: l.variantId,
        variantName: l.variantName,
        quantity: l.quantity,
        unitPrice: centsToDecimal(l.unitCents),
        totalPrice: centsToDecimal(l.unitCents * l.quantity),
        discountType: own.type,
        discountValue: own.value,
        discount: own.amount,
        saleDiscountShare: centsToDecimal(dl.saleShareCents),
        netTotal: centsToDecimal(dl.netCents),
        ...(taxed.lines[i] as { taxRate: string; tax: string }),
        modifiers: l.modifiers,
      };
    }),
  };
}

/**
 * Sales lock shared stock rows in the same (id) order, so a deadlock should not occur; if
 * PostgreSQL still reports one (or a serialization failure), the statement was rolled back as a
 * whole and is simply run again.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/** A retried request: the first result when it is the same sale by the same cashier, else 409. */
async function replay(
  deps: SalesDeps,
  cashier: AuthUser,
  existing: { id: string; userId: string },
  request: SaleRequest,
): Promise<RecordedSale> {
  if (existing.userId !== cashier.id) throw posErrors.differentContents();
  const stored = await findSale(deps.database.db, existing.id);
  if (!stored || !isSameSale(stored, request)) throw posErrors.differentContents();
  return { replayed: true, sale: saleResponse(stored) };
}

function normaliseNotes(notes: string | null | undefined): string | null {
  const trimmed = notes?.trim();
  return trimmed ? trimmed : null;
}

/** Does a retried body describe the sale already stored? Lines are compared in cart order. */
export function isSameSale(stored: StoredSale, request: SaleRequest): boolean {
  const cents = (value: string) => parseCents(value);
  if (request.tenders) {
    // Issue #34: a split sale is the same when its tenders are (method, amount, cash handed, reference).
    const payments = stored.payments ?? [];
    if (payments.length !== request.tenders.length) return false;
    const sameTenders = request.tenders.every((t, i) => {
      const p = payments[i] as StoredPayment;
      if (p.method !== t.method || decimalToCents(p.amount) !== cents(t.amount)) return false;
      if (p.referenceCode !== storedReference(t.referenceCode)) return false;
      const received = t.amountReceived ? cents(t.amountReceived) : cents(t.amount);
      return t.method !== 'cash' || (p.amountReceived !== null && decimalToCents(p.amountReceived) === received);
    });
    if (!sameTenders) return false;
  } else if (stored.paymentMethod !== request.paymentMethod) return false;
  else if ((stored.payments?.length ?? 1) > 1) return false;
  if (decimalToCents(stored.subtotal) !== cents(request.subtotal)) return false;
  if (decimalToCents(apiTax(stored)) !== cents(request.tax)) return false;
  if (request.cardFee !== undefined && decimalToCents(stored.tax) !== cents(request.cardFee)) return false;
  if (decimalToCents(stored.total) !== cents(request.total)) return false;
  if (!request.tenders && stored.referenceCode !== storedReference(request.referenceCode)) return false;
  if (stored.notes !== normaliseNotes(request.notes)) return false;
  if (!request.tenders && request.paymentMethod === 'cash') {
    // Without amountReceived the sale was paid exactly (spec §4), as recordSale stored it.
    const received = request.amountReceived ? cents(request.amountReceived) : cents(request.total);
    if (stored.amountReceived === null || decimalToCents(stored.amountReceived) !== received) return false;
  }
  if (!sameDiscount(stored.saleDiscountType, stored.saleDiscountValue, request.discount)) return false;
  if (stored.items.length !== request.items.length) return false;
  return request.items.every((item, i) => {
    const line = stored.items[i] as StoredSale['items'][number];
    if (line.productId !== item.productId || line.quantity !== item.quantity) return false;
    if (!sameDiscount(line.discountType, line.discountValue, item.discount)) return false;
    if (decimalToCents(line.unitPrice) !== cents(item.unitPrice)) return false;
    if (modifiersKey(line.modifiers) !== modifiersKey(item.modifiers)) return false;
    if (item.variantId) return line.variantId === item.variantId;
    const name = item.variantName?.trim().toLowerCase() || null;
    return (line.variantName?.toLowerCase() ?? null) === name;
  });
}

/** Is a requested discount the one stored (type and value as given)? */
function sameDiscount(type: string | null, value: string | null, requested: DiscountInput | null | undefined): boolean {
  if (!requested) return type === null;
  if (type !== requested.type || value === null) return false;
  return decimalToCents(value) === discountHundredths(requested.value);
}
