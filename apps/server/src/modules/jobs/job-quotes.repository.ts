import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';

// ── Quotes ───────────────────────────────────────────────────────────────────────────────

export type QuoteRow = {
  id: string;
  job_id: string;
  version_no: number;
  status: 'draft' | 'sent' | 'accepted' | 'rejected';
  subtotal: string;
  tax_rate: string;
  tax_total: string;
  grand_total: string;
  currency: string;
  labour_rate: string;
  valid_until: string | null;
  notes: string | null;
  sent_at: Date | string | null;
  decided_at: Date | string | null;
  superseded_at: Date | string | null;
  created_at: Date | string;
};

export type QuoteLineRow = {
  quote_id: string;
  line_no: number;
  kind: 'material' | 'labour';
  item_id: string | null;
  description: string;
  qty: string;
  unit_price: string;
  line_total: string;
};

export async function quoteRows(db: DbOrTx, jobId: string): Promise<QuoteRow[]> {
  return rows<QuoteRow>(
    db,
    sql`select id, job_id, version_no, status, subtotal::text, tax_rate::text, tax_total::text, grand_total::text,
          currency, labour_rate::text, valid_until, notes, sent_at, decided_at, superseded_at, created_at
        from proc_trade_quotes where job_id = ${jobId} order by version_no desc`,
  );
}

export async function quoteLineRows(db: DbOrTx, jobId: string): Promise<QuoteLineRow[]> {
  return rows<QuoteLineRow>(
    db,
    sql`select l.quote_id, l.line_no, l.kind, l.item_id, l.description, l.qty::text, l.unit_price::text, l.line_total::text
        from proc_trade_quote_lines l join proc_trade_quotes q on q.id = l.quote_id
        where q.job_id = ${jobId} order by l.line_no`,
  );
}

/**
 * Inserts the next version (the job row is locked by the caller) and rejects, as superseded, any
 * open (draft or sent) older one; returns the new quote's id.
 */
export async function insertQuoteVersion(
  tx: DbOrTx,
  v: {
    jobId: string;
    subtotal: string;
    taxTotal: string;
    grandTotal: string;
    currency: string;
    validUntil: string;
    notes: string | null;
    taxRate: string;
    labourRate: string;
    createdBy: string;
    lines: Array<{
      kind: 'material' | 'labour';
      itemId: string | null;
      description: string;
      qty: string;
      unitPrice: string;
      lineTotal: string;
    }>;
  },
): Promise<string> {
  const [quote] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_trade_quotes (job_id, version_no, subtotal, tax_total, grand_total, currency, status, valid_until,
          notes, tax_rate, labour_rate, created_by)
        select ${v.jobId}, coalesce(max(version_no), 0) + 1, ${v.subtotal}, ${v.taxTotal}, ${v.grandTotal}, ${v.currency},
          'draft', ${v.validUntil}, ${v.notes}, ${v.taxRate}, ${v.labourRate}, ${v.createdBy}
        from proc_trade_quotes where job_id = ${v.jobId}
        returning id`,
  );
  const quoteId = (quote as { id: string }).id;
  await tx.execute(
    sql`update proc_trade_quotes set status = 'rejected', superseded_at = now(), updated_at = now()
        where job_id = ${v.jobId} and id <> ${quoteId} and status in ('draft', 'sent')`,
  );
  await tx.execute(
    sql`insert into proc_trade_quote_lines (quote_id, line_no, kind, item_id, description, qty, unit_price, line_total)
        values ${sql.join(
          v.lines.map(
            (l, i) =>
              sql`(${quoteId}, ${i + 1}, ${l.kind}, ${l.itemId}, ${l.description}, ${l.qty}, ${l.unitPrice}, ${l.lineTotal})`,
          ),
          sql`, `,
        )}`,
  );
  return quoteId;
}

export async function lockQuote(tx: DbOrTx, jobId: string, quoteId: string): Promise<QuoteRow | null> {
  const [quote] = await rows<QuoteRow>(
    tx,
    sql`select id, job_id, version_no, status, grand_total::text, valid_until, superseded_at
        from proc_trade_quotes where id = ${quoteId} and job_id = ${jobId} for update`,
  );
  return quote ?? null;
}

export async function setQuoteStatus(
  tx: DbOrTx,
  quoteId: string,
  status: 'sent' | 'accepted' | 'rejected',
  by: string,
  note: string | null = null,
): Promise<void> {
  if (status === 'sent') {
    await tx.execute(
      sql`update proc_trade_quotes set status = 'sent', sent_at = now(), updated_at = now() where id = ${quoteId}`,
    );
    return;
  }
  await tx.execute(
    sql`update proc_trade_quotes set status = ${status}, decided_at = now(), decided_by = ${by},
          notes = coalesce(${note}, notes), updated_at = now()
        where id = ${quoteId}`,
  );
}
