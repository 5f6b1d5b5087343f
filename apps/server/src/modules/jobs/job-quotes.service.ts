import {
  centsToDecimal,
  decimalToCents,
  type JobDetail,
  labourCents,
  lineNetCents,
  lineTaxCents,
  MAX_CENTS,
  milliToQty,
  type QuoteBody,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { getJob } from './job-detail.service';
import { bomRows, stepRows } from './job-plan.repository';
import { insertQuoteVersion, lockQuote, setQuoteStatus } from './job-quotes.repository';
import { jobsErrors as errors } from './jobs.errors';
import { dateText, hoursText, hundredthsOf, type JobsDeps, move, openJob, today } from './jobs.shared';

/**
 * A new version: a line per BOM item at its current unit cost and one labour line (the steps'
 * planned hours × the department's rate); subtotal, tax and grand total in integer cents. It
 * supersedes an open older version.
 */
export async function createQuote(deps: JobsDeps, user: AuthUser, jobId: string, body: QuoteBody): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    if (job.status !== 'draft' && job.status !== 'quoted') throw errors.jobState(job.status, 'be quoted again');
    const bom = await bomRows(tx, jobId);
    const steps = await stepRows(tx, jobId);
    const rateCents = decimalToCents(job.labour_rate ?? '0');
    const lines = bom.map((b) => {
      const unit = decimalToCents(b.unit_cost);
      return {
        kind: 'material' as 'material' | 'labour',
        itemId: b.item_id as string | null,
        description: `${b.sku} ${b.name}`.slice(0, 255),
        qty: milliToQty(qtyToMilli(b.qty_required)),
        unit,
        total: lineNetCents(qtyToMilli(b.qty_required), unit),
      };
    });
    const planned = steps.reduce((total, st) => total + hundredthsOf(st.planned_hours), 0);
    if (planned > 0) {
      lines.push({
        kind: 'labour',
        itemId: null,
        description: `Labour: ${hoursText(planned)} h planned`,
        qty: milliToQty(planned * 10),
        unit: rateCents,
        total: labourCents(planned, rateCents),
      });
    }
    if (lines.length === 0) throw errors.quoteEmpty();
    const subtotal = lines.reduce((t, l) => t + l.total, 0);
    const tax = lineTaxCents(subtotal, body.taxRate);
    const grand = subtotal + tax;
    if (lines.some((l) => l.total > MAX_CENTS || l.unit > MAX_CENTS) || grand > MAX_CENTS)
      throw errors.amountTooLarge();
    await insertQuoteVersion(tx, {
      jobId,
      subtotal: centsToDecimal(subtotal),
      taxTotal: centsToDecimal(tax),
      grandTotal: centsToDecimal(grand),
      currency: job.price_currency,
      validUntil: body.validUntil,
      notes: body.notes,
      taxRate: centsToDecimal(body.taxRate),
      labourRate: centsToDecimal(rateCents),
      createdBy: user.id,
      lines: lines.map((l) => ({
        kind: l.kind,
        itemId: l.itemId,
        description: l.description,
        qty: l.qty,
        unitPrice: centsToDecimal(l.unit),
        lineTotal: centsToDecimal(l.total),
      })),
    });
  });
  return getJob(deps, user, jobId);
}

async function quoteOf(tx: DbOrTx, jobId: string, quoteId: string) {
  const quote = await lockQuote(tx, jobId, quoteId);
  if (!quote) throw errors.quoteNotFound();
  return quote;
}

/** draft → sent; a draft job becomes quoted. */
export async function sendQuote(deps: JobsDeps, user: AuthUser, jobId: string, quoteId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'draft') throw errors.quoteState(quote.superseded_at ? 'superseded' : quote.status, 'sent');
    if (job.status !== 'draft' && job.status !== 'quoted') throw errors.jobState(job.status, 'be quoted again');
    await setQuoteStatus(tx, quoteId, 'sent', user.id);
    if (job.status === 'draft')
      await move(tx, jobId, 'draft', 'quoted', user.id, `Quote version ${quote.version_no} sent`);
  });
  return getJob(deps, user, jobId);
}

/** sent → accepted: the job's estimate is the quote's grand total and the job is approved. */
export async function acceptQuote(deps: JobsDeps, user: AuthUser, jobId: string, quoteId: string): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    const job = await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'sent') throw errors.quoteState(quote.superseded_at ? 'superseded' : quote.status, 'accepted');
    const validUntil = dateText(quote.valid_until);
    if (validUntil && validUntil < today(deps)) throw errors.quoteExpired(validUntil);
    if (job.status !== 'quoted') throw errors.jobState(job.status, 'accept a quote');
    await setQuoteStatus(tx, quoteId, 'accepted', user.id);
    await move(tx, jobId, 'quoted', 'approved', user.id, `Quote version ${quote.version_no} accepted`, {
      estimate: quote.grand_total,
      approvedDate: today(deps),
    });
  });
  return getJob(deps, user, jobId);
}

export async function rejectQuote(
  deps: JobsDeps,
  user: AuthUser,
  jobId: string,
  quoteId: string,
  note: string | null,
): Promise<JobDetail> {
  await deps.database.db.transaction(async (tx) => {
    await openJob(deps, tx, user, jobId);
    const quote = await quoteOf(tx, jobId, quoteId);
    if (quote.status !== 'sent' && quote.status !== 'draft') throw errors.quoteState(quote.status, 'rejected');
    await setQuoteStatus(tx, quoteId, 'rejected', user.id, note);
  });
  return getJob(deps, user, jobId);
}
