import type { TestApp } from '../../../test/build-test-app';

/**
 * Every product's and size option's stock that disagrees with the sum of its movements (issue
 * #15: "stock equals the sum of movements after every test"). Empty when the ledger is whole.
 */
export async function ledgerMismatches(t: TestApp): Promise<Array<{ id: string; stock: number; ledger: number }>> {
  const { rows } = await t.db.execute(`
    select p.id, p.stock, coalesce(sum(m.quantity), 0)::int as ledger
      from products p left join stock_movements m on m.product_id = p.id and m.variant_id is null
     group by p.id having p.stock <> coalesce(sum(m.quantity), 0)
    union all
    select v.id, v.stock, coalesce(sum(m.quantity), 0)::int as ledger
      from product_variants v left join stock_movements m on m.variant_id = v.id
     group by v.id having v.stock <> coalesce(sum(m.quantity), 0)`);
  return rows as Array<{ id: string; stock: number; ledger: number }>;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const { rows } = await t.db.execute('select stock from products where id = $1', [productId]);
  return Number((rows[0] as { stock: number }).stock);
}

export async function movementsOf(
  t: TestApp,
  productId: string,
): Promise<Array<{ quantity: number; reason: string; stock_after: number; variant_id: string | null }>> {
  const { rows } = await t.db.execute(
    'select quantity, reason, stock_after, variant_id, document_id from stock_movements where product_id = $1 order by created_at, id',
    [productId],
  );
  return rows as Array<{ quantity: number; reason: string; stock_after: number; variant_id: string | null }>;
}
