DROP INDEX "transaction_items_sale_lines_idx";--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "unit_cost" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "proc_stock_levels" ADD COLUMN "avg_cost" numeric(12, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_stock_levels" ADD COLUMN "stock_value" numeric(20, 7) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD COLUMN "unit_cost" numeric(12, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_items" ADD COLUMN "unit_cost" numeric(12, 4);--> statement-breakpoint
CREATE INDEX "transaction_items_sale_lines_idx" ON "transaction_items" USING btree ("transaction_id","product_id","quantity","net_total","unit_cost");--> statement-breakpoint
ALTER TABLE "proc_stock_levels" ADD CONSTRAINT "proc_stock_levels_avg_cost_check" CHECK ("proc_stock_levels"."avg_cost" >= 0);--> statement-breakpoint
-- Issue #37 item 1 (ADR 0036): the backfill. One cost per item for everything already in the
-- ledger: the quantity-weighted average of its receipts whose batch has a unit cost, else 0 (the
-- catalogue has no cost price). Every existing ledger row, every level's average and every past
-- sale and refund line of an item with such a cost get that cost, so each level's stock_value equals the sum of its
-- ledger rows from the first day (valuation = Σ signed quantity × unit_cost, at any date).
CREATE TABLE cost_backfill AS
SELECT t.item_id, round(sum(t.qty * b.unit_cost) / sum(t.qty), 4) AS unit_cost
  FROM proc_inventory_transactions t
  JOIN proc_item_batches b ON b.id = t.batch_id
 WHERE t.reason = 'receipt' AND b.unit_cost IS NOT NULL AND t.to_location_id IS NOT NULL
 GROUP BY t.item_id
HAVING sum(t.qty) > 0;--> statement-breakpoint
UPDATE proc_inventory_transactions t SET unit_cost = c.unit_cost FROM cost_backfill c WHERE c.item_id = t.item_id;--> statement-breakpoint
UPDATE proc_stock_levels l SET avg_cost = c.unit_cost FROM cost_backfill c WHERE c.item_id = l.item_id;--> statement-breakpoint
UPDATE proc_stock_levels l SET stock_value = l.on_hand_qty * l.avg_cost;--> statement-breakpoint
-- Past sale lines: only those of an item with a known cost are rewritten (a till-only install, with
-- no costed receipt, rewrites none); the rest stay NULL, "not known" (reports read it as 0).
UPDATE transaction_items ti SET unit_cost =
    (SELECT c.unit_cost FROM proc_items i JOIN cost_backfill c ON c.item_id = i.id
      WHERE (ti.variant_id IS NOT NULL AND i.pos_variant_id = ti.variant_id) OR i.pos_product_id = ti.product_id
      ORDER BY (i.pos_variant_id IS NOT DISTINCT FROM ti.variant_id) DESC LIMIT 1)
 WHERE EXISTS (SELECT 1 FROM proc_items i JOIN cost_backfill c ON c.item_id = i.id
                WHERE (ti.variant_id IS NOT NULL AND i.pos_variant_id = ti.variant_id) OR i.pos_product_id = ti.product_id);--> statement-breakpoint
UPDATE refund_items ri SET unit_cost = ti.unit_cost FROM transaction_items ti
 WHERE ti.id = ri.transaction_item_id AND ti.unit_cost IS NOT NULL;--> statement-breakpoint
DROP TABLE cost_backfill;
