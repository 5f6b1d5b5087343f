import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows as queryRows } from '../../db/rows';

/**
 * The stock self-audit (issue #32 item 5, ADR 0025): every quantity against the sum of its ledger
 * and every ledger row against the document it names. Read-only; `GET /api/stock-audit` and
 * `npm run audit:stock` answer the same.
 *
 There is one ledger (the till's stock is its items' levels at the stores' selling locations):
 * - each level (item × location) = the sum of its `proc_inventory_transactions` (in − out),
 *   including ledger sums with no level row, and its `stock_value` = Σ signed quantity × unit_cost
 *   of those rows (issue #37, ADR 0036);
 * - each ledger row that names a document (`ref_table`/`ref_id`) names one that exists (the till's
 *   documents by their short names: 'transaction' is a row of `transactions`, ...).
 */
export type StockDisagreement = {
  /** level: a quantity (item × location); document: a ledger row's document. */
  kind: 'level' | 'document';
  /** What disagrees: "item <id> at location <id>", "ledger row <id>". */
  subject: string;
  /** The quantity stored, or the document named. */
  actual: string;
  /** What the ledger adds up to, or "missing". */
  expected: string;
};

export type StockAudit = { checked: number; disagreements: StockDisagreement[] };

/** The documents a POS movement names by type, and the table each lives in. */
const POS_DOCUMENT_TABLES: Record<string, string> = {
  transaction: 'transactions',
  refund: 'refunds',
  asset_checkout: 'asset_checkouts',
  stock_discrepancy: 'stock_discrepancies',
};

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export async function auditStock(db: DbOrTx): Promise<StockAudit> {
  const disagreements: StockDisagreement[] = [];
  let checked = 0;

  const levels = await queryRows<{
    item_id: string;
    location_id: string;
    on_hand: string;
    ledger: string;
    bad: boolean;
    stock_value: string;
    ledger_value: string;
    bad_value: boolean;
  }>(
    db,
    sql`
      with ledger as (
        select item_id, location_id, sum(delta) as qty, sum(delta * unit_cost) as value from (
          select item_id, to_location_id as location_id, qty as delta, unit_cost
            from proc_inventory_transactions where to_location_id is not null
          union all
          select item_id, from_location_id, -qty, unit_cost
            from proc_inventory_transactions where from_location_id is not null
        ) m group by item_id, location_id
      )
      select coalesce(s.item_id, l.item_id)::text as item_id, coalesce(s.location_id, l.location_id)::text as location_id,
             coalesce(s.on_hand_qty, 0)::text as on_hand, coalesce(l.qty, 0)::text as ledger,
             coalesce(s.on_hand_qty, 0) <> coalesce(l.qty, 0) as bad,
             coalesce(s.stock_value, 0)::text as stock_value, coalesce(l.value, 0)::text as ledger_value,
             coalesce(s.stock_value, 0) <> coalesce(l.value, 0) as bad_value
        from proc_stock_levels s full join ledger l on l.item_id = s.item_id and l.location_id = s.location_id`,
  );
  checked += levels.length;
  for (const row of levels.filter((r) => r.bad)) {
    disagreements.push({
      kind: 'level',
      subject: `item ${row.item_id} at location ${row.location_id}`,
      actual: row.on_hand,
      expected: row.ledger,
    });
  }
  // Issue #37 (ADR 0036): each level's value = Σ signed quantity × unit cost of its ledger rows.
  for (const row of levels.filter((r) => r.bad_value)) {
    disagreements.push({
      kind: 'level',
      subject: `value of item ${row.item_id} at location ${row.location_id}`,
      actual: row.stock_value,
      expected: row.ledger_value,
    });
  }

  // Documents: one query per kind of document named (a handful), against its table.
  const tables = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.columns
             where table_schema = current_schema() and column_name = 'id' and data_type = 'uuid'`,
      )
    ).map((r) => r.name),
  );
  const named = await queryRows<{ type: string; rows: number }>(
    db,
    sql`select ref_table as type, count(*)::int as rows from proc_inventory_transactions
         where ref_table is not null and ref_id is not null group by ref_table`,
  );
  for (const { type, rows } of named) {
    checked += rows;
    const table = POS_DOCUMENT_TABLES[type] ?? type;
    const [source, typeColumn, idColumn] = ['proc_inventory_transactions', 'ref_table', 'ref_id'];
    if (!IDENTIFIER.test(table) || !tables.has(table)) {
      const unknown = await queryRows<{ id: string }>(
        db,
        sql`select id::text from ${sql.identifier(source)} where ${sql.identifier(typeColumn)} = ${type}
             and ${sql.identifier(idColumn)} is not null`,
      );
      for (const row of unknown) {
        disagreements.push({
          kind: 'document',
          subject: `ledger row ${row.id}`,
          actual: type,
          expected: 'a known kind of document',
        });
      }
      continue;
    }
    const orphans = await queryRows<{ id: string; document_id: string }>(
      db,
      sql`select m.id::text, m.${sql.identifier(idColumn)}::text as document_id from ${sql.identifier(source)} m
           where m.${sql.identifier(typeColumn)} = ${type} and m.${sql.identifier(idColumn)} is not null
             and not exists (select 1 from ${sql.identifier(table)} d where d.id = m.${sql.identifier(idColumn)})`,
    );
    for (const row of orphans) {
      disagreements.push({
        kind: 'document',
        subject: `ledger row ${row.id}`,
        actual: `${type} ${row.document_id}`,
        expected: 'missing',
      });
    }
  }
  return { checked, disagreements };
}
