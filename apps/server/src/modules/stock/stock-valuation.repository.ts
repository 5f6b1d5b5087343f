import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows as queryRows } from '../../db/rows';

/**
 * Stock valuation as of a moment (issue #37 item 2, ADR 0036), from the one ledger: per item and
 * location, quantity = Σ signed ledger quantities and value = Σ signed quantity × unit_cost of the
 * rows written up to `asOf`. Each level keeps both sums of ALL its rows (`on_hand_qty`,
 * `stock_value`, written in the same statement as each row, audited), so the figure as of a moment
 * is the level now minus the rows written after it: the same answer however many movements came
 * later, and it reads only those later rows, by the ledger's (to_location_id, created_at) and
 * (from_location_id, created_at) indexes, location by location.
 */
export type ValuationFilter = {
  asOf: Date;
  locationId?: string | null;
  storeId?: string | null;
  categoryId?: string | null;
};

export type ValuationRow = {
  itemId: string;
  sku: string;
  name: string;
  locationId: string;
  location: string;
  quantity: string;
  unitCost: string;
  value: string;
};

export async function stockValuationRows(db: DbOrTx, filter: ValuationFilter): Promise<ValuationRow[]> {
  const asOf = filter.asOf.toISOString();
  const locationIs: SQL[] = [];
  if (filter.locationId) locationIs.push(sql`loc.id = ${filter.locationId}::uuid`);
  if (filter.storeId) {
    locationIs.push(sql`loc.id = (select st.selling_location_id from stores st where st.id = ${filter.storeId}::uuid)`);
  }
  const locations = sql`select loc.id, loc.name from proc_locations loc
                         where ${locationIs.length > 0 ? sql.join(locationIs, sql` and `) : sql`true`}`;
  const category = filter.categoryId
    ? sql`and (i.category_id = ${filter.categoryId}::uuid
               or exists (select 1 from products p where p.id = i.pos_product_id and p.category_id = ${filter.categoryId}::uuid)
               or exists (select 1 from product_variants v join products p on p.id = v.product_id
                           where v.id = i.pos_variant_id and p.category_id = ${filter.categoryId}::uuid))`
    : sql``;
  return queryRows<ValuationRow>(
    db,
    sql`
      with loc as materialized (${locations}
      ), moved as (
        select l.item_id, l.location_id, l.on_hand_qty as qty, l.stock_value as value
          from loc join proc_stock_levels l on l.location_id = loc.id
        union all
        select t.item_id, t.to_location_id, -t.qty, -t.qty * t.unit_cost
          from loc join proc_inventory_transactions t on t.to_location_id = loc.id and t.created_at > ${asOf}::timestamptz
        union all
        select t.item_id, t.from_location_id, t.qty, t.qty * t.unit_cost
          from loc join proc_inventory_transactions t on t.from_location_id = loc.id and t.created_at > ${asOf}::timestamptz
      ), held as (
        select m.item_id, m.location_id, sum(m.qty) as qty, sum(m.value) as value
          from moved m group by m.item_id, m.location_id
      )
      select i.id as "itemId", i.sku, i.name, loc.id as "locationId", loc.name as location,
             trim_scale(at.qty)::text as quantity,
             (case when at.qty > 0 then round(at.value / at.qty, 4) else 0 end)::numeric(12, 4)::text as "unitCost",
             round(at.value, 2)::text as value
        from held at join proc_items i on i.id = at.item_id join loc on loc.id = at.location_id
       where (at.qty <> 0 or round(at.value, 2) <> 0) ${category}
       order by lower(loc.name), loc.id, upper(i.sku), i.id`,
  );
}
