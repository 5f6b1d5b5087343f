import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from './stock-ledger.repository';

/**
 * The stock self-audit (issue #32 item 5, ADR 0025): every quantity against the sum of its ledger
 * and every ledger row against the document it names. Read-only; `GET /api/stock-audit` and
 * `npm run audit:stock` answer the same.
 *
 * While the till still keeps its own figure (ADR 0025, "Where it stands") it checks both ledgers:
 * - each stores level (item × location) = the sum of its `proc_inventory_transactions` (in − out),
 *   including ledger sums with no level row;
 * - each product's and size option's `stock` = the sum of its `stock_movements`;
 * - each ledger row that names a document (`ref_table`/`ref_id`, `document_type`/`document_id`)
 *   names one that exists.
 */
export type StockDisagreement = {
  /** level: a stores quantity; pos_stock: a product's or size option's stock; document: a ledger row's document. */
  kind: 'level' | 'pos_stock' | 'document';
  /** What disagrees: "item <id> at location <id>", "product <id>", "variant <id>", "ledger row <id>". */
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
  }>(
    db,
    sql`
      with ledger as (
        select item_id, location_id, sum(delta) as qty from (
          select item_id, to_location_id as location_id, qty as delta
            from proc_inventory_transactions where to_location_id is not null
          union all
          select item_id, from_location_id, -qty
            from proc_inventory_transactions where from_location_id is not null
        ) m group by item_id, location_id
      )
      select coalesce(s.item_id, l.item_id)::text as item_id, coalesce(s.location_id, l.location_id)::text as location_id,
             coalesce(s.on_hand_qty, 0)::text as on_hand, coalesce(l.qty, 0)::text as ledger,
             coalesce(s.on_hand_qty, 0) <> coalesce(l.qty, 0) as bad
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

  const pos = await queryRows<{ kind: string; id: string; stock: number; ledger: number; bad: boolean }>(
    db,
    sql`
      select 'product' as kind, p.id::text as id, p.stock, coalesce(sum(m.quantity), 0)::int as ledger,
             p.stock <> coalesce(sum(m.quantity), 0) as bad
        from products p left join stock_movements m on m.product_id = p.id and m.variant_id is null
       group by p.id
      union all
      select 'variant', v.id::text, v.stock, coalesce(sum(m.quantity), 0)::int, v.stock <> coalesce(sum(m.quantity), 0)
        from product_variants v left join stock_movements m on m.variant_id = v.id
       group by v.id`,
  );
  checked += pos.length;
  for (const row of pos.filter((r) => r.bad)) {
    disagreements.push({
      kind: 'pos_stock',
      subject: `${row.kind} ${row.id}`,
      actual: String(row.stock),
      expected: String(row.ledger),
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
  const named = await queryRows<{ ledger: string; type: string; rows: number }>(
    db,
    sql`select 'proc' as ledger, ref_table as type, count(*)::int as rows from proc_inventory_transactions
         where ref_table is not null and ref_id is not null group by ref_table
        union all
        select 'pos', document_type, count(*)::int from stock_movements
         where document_type is not null and document_id is not null group by document_type`,
  );
  for (const { ledger, type, rows } of named) {
    checked += rows;
    const table = ledger === 'pos' ? (POS_DOCUMENT_TABLES[type] ?? type) : type;
    const [source, typeColumn, idColumn] =
      ledger === 'pos'
        ? ['stock_movements', 'document_type', 'document_id']
        : ['proc_inventory_transactions', 'ref_table', 'ref_id'];
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
