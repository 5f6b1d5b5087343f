-- hand-written: the stock switch (issue #32 item 1 and 4, ADR 0025). The till's stock moves onto the one
-- ledger (proc_stock_levels / proc_inventory_transactions) BEFORE the generated statements below drop
-- products.stock, product_variants.stock and stock_movements. Nothing is dropped silently:
-- 1. every store gets a selling location (a store without one gets its own, named after it);
-- 2. every product's and size option's movements are copied into the one ledger at the default
--    store's selling location, except the old receipt bridge's rows (reason 'receipt': the stores
--    ledger already holds those receipts);
-- 3. the till's figure wins there: where the level that results differs from products.stock, the
--    difference is one 'migration' row, and it is written once to the activity log
--    ('stock.migration_difference', with both figures) for managers to see;
-- 4. the level is set to the till's figure, so every level equals the sum of its ledger.
INSERT INTO "proc_locations" ("code", "name", "is_selling")
SELECT CASE WHEN EXISTS (SELECT 1 FROM "proc_locations" l WHERE upper(l."code") = upper(s."code"))
            THEN left(s."code", 40) || '-' || left(s."id"::text, 8) ELSE s."code" END,
       s."name", true
  FROM "stores" s WHERE s."selling_location_id" IS NULL;--> statement-breakpoint
UPDATE "stores" s SET "selling_location_id" = l."id"
  FROM "proc_locations" l
 WHERE s."selling_location_id" IS NULL AND l."is_selling" AND l."name" = s."name"
   AND (l."code" = s."code" OR l."code" = left(s."code", 40) || '-' || left(s."id"::text, 8));--> statement-breakpoint
CREATE TEMPORARY TABLE "stock_switch" ON COMMIT DROP AS
SELECT i."id" AS "item_id", p."id" AS "product_id", NULL::uuid AS "variant_id", p."stock" AS "till",
       p."name" AS "name", p."sku" AS "sku"
  FROM "products" p JOIN "proc_items" i ON i."pos_product_id" = p."id"
UNION ALL
SELECT i."id", v."product_id", v."id", v."stock", p."name" || ' (' || v."name" || ')', p."sku"
  FROM "product_variants" v JOIN "proc_items" i ON i."pos_variant_id" = v."id"
  JOIN "products" p ON p."id" = v."product_id";--> statement-breakpoint
INSERT INTO "proc_inventory_transactions" ("id", "item_id", "from_location_id", "to_location_id", "qty", "reason",
                                           "ref_table", "ref_id", "note", "created_by", "approved_by", "created_at")
SELECT m."id", w."item_id",
       CASE WHEN m."quantity" < 0 THEN (SELECT "selling_location_id" FROM "stores" WHERE "id" = default_store_id()) END,
       CASE WHEN m."quantity" > 0 THEN (SELECT "selling_location_id" FROM "stores" WHERE "id" = default_store_id()) END,
       abs(m."quantity"), m."reason"::"proc_inventory_reason", m."document_type", m."document_id", m."note",
       m."user_id", m."approver_id", m."created_at"
  FROM "stock_movements" m
  JOIN "stock_switch" w ON w."product_id" = m."product_id" AND w."variant_id" IS NOT DISTINCT FROM m."variant_id"
 WHERE m."reason" <> 'receipt';--> statement-breakpoint
CREATE TEMPORARY TABLE "stock_switch_difference" ON COMMIT DROP AS
SELECT w.*, loc."id" AS "location_id",
       coalesce((SELECT sum(CASE WHEN t."to_location_id" = loc."id" THEN t."qty" ELSE -t."qty" END)
                   FROM "proc_inventory_transactions" t
                  WHERE t."item_id" = w."item_id" AND (t."to_location_id" = loc."id" OR t."from_location_id" = loc."id")), 0)
         AS "ledger"
  FROM "stock_switch" w, (SELECT "selling_location_id" AS "id" FROM "stores" WHERE "id" = default_store_id()) loc;--> statement-breakpoint
INSERT INTO "proc_inventory_transactions" ("item_id", "from_location_id", "to_location_id", "qty", "reason", "note")
SELECT d."item_id",
       CASE WHEN d."till" < d."ledger" THEN d."location_id" END,
       CASE WHEN d."till" > d."ledger" THEN d."location_id" END,
       abs(d."till" - d."ledger"), 'migration',
       'One stock figure: the till counted ' || d."till" || ', the stores ledger held ' || d."ledger"
  FROM "stock_switch_difference" d WHERE d."till" <> d."ledger";--> statement-breakpoint
INSERT INTO "user_activity" ("user_id", "activity_type", "details")
SELECT NULL, 'stock.migration_difference',
       jsonb_build_object('productId', d."product_id", 'variantId', d."variant_id", 'itemId', d."item_id",
                          'locationId', d."location_id", 'name', d."name", 'sku', d."sku",
                          'till', d."till", 'stores', d."ledger", 'difference', d."till" - d."ledger")
  FROM "stock_switch_difference" d WHERE d."till" <> d."ledger";--> statement-breakpoint
INSERT INTO "proc_stock_levels" ("item_id", "location_id", "on_hand_qty")
SELECT d."item_id", d."location_id", d."till" FROM "stock_switch_difference" d
 WHERE d."till" <> 0 OR d."ledger" <> 0
ON CONFLICT ("item_id", "location_id") DO UPDATE SET "on_hand_qty" = excluded."on_hand_qty", "updated_at" = now();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_opening_stock" ON "products";--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_variants_opening_stock" ON "product_variants";--> statement-breakpoint
DROP FUNCTION IF EXISTS "stock_movements_opening"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_movements_no_update" ON "stock_movements";--> statement-breakpoint
DROP FUNCTION IF EXISTS "stock_movements_append_only"();--> statement-breakpoint
-- 5. a product or size option deleted after its item has stock history keeps that item (unlinked, with
--    its ledger): a stock level's RESTRICT key raises restrict_violation, not foreign_key_violation.
CREATE OR REPLACE FUNCTION "release_pos_item"(item uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "proc_items" WHERE "id" = item AND "created_for_pos";
  RETURN FOUND;
EXCEPTION WHEN foreign_key_violation OR restrict_violation THEN
  RETURN false;
END $$;--> statement-breakpoint
-- end of hand-written (the generated statements follow)
ALTER TABLE "stock_movements" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "stock_movements" CASCADE;--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_stock_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_check";--> statement-breakpoint
DROP INDEX "proc_inventory_transactions_from_location_idx";--> statement-breakpoint
DROP INDEX "proc_inventory_transactions_to_location_idx";--> statement-breakpoint
DROP INDEX "proc_inventory_transactions_batch_idx";--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "selling_location_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_from_location_idx" ON "proc_inventory_transactions" USING btree ("from_location_id","created_at") WHERE "proc_inventory_transactions"."from_location_id" is not null;--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_to_location_idx" ON "proc_inventory_transactions" USING btree ("to_location_id","created_at") WHERE "proc_inventory_transactions"."to_location_id" is not null;--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_batch_idx" ON "proc_inventory_transactions" USING btree ("batch_id") WHERE "proc_inventory_transactions"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "product_variants" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";
