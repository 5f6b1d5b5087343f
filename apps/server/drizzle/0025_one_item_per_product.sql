ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'opening';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'sale';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'refund';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'void';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'discrepancy';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'checkout';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'checkin';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'adjustment';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'edit';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'import';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'asset_registered';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'asset_disposed';--> statement-breakpoint
ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'migration';--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "proc_items" ADD COLUMN "pos_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_items" ADD COLUMN "created_for_pos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_items" ADD CONSTRAINT "proc_items_pos_variant_id_product_variants_id_fk" FOREIGN KEY ("pos_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proc_items_pos_variant_id_unique" ON "proc_items" USING btree ("pos_variant_id");--> statement-breakpoint
-- hand-written: one item per POS product / size option and the ledger's reasons (issue #32, ADR 0025).
-- An item's SKU for a product or size option: its own SKU when no item has it, else made unique with
-- the id's first characters.
CREATE FUNCTION "pos_item_sku"(base text, owner uuid) RETURNS varchar LANGUAGE plpgsql AS $$
DECLARE candidate varchar := left(base, 100);
BEGIN
  IF EXISTS (SELECT 1 FROM "proc_items" WHERE upper("sku") = upper(candidate)) THEN
    candidate := left(base, 90) || '-' || left(owner::text, 8);
  END IF;
  RETURN candidate;
END $$;--> statement-breakpoint
-- The one item of a product (variant null) or of a size option, created when it has none.
CREATE FUNCTION "ensure_pos_item"(product uuid, variant uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF variant IS NULL THEN
    INSERT INTO "proc_items" ("sku", "name", "description", "uom", "pos_product_id", "created_for_pos")
    SELECT pos_item_sku(p."sku", p."id"), p."name", p."description", 'each', p."id", true
      FROM "products" p
     WHERE p."id" = product
       AND NOT EXISTS (SELECT 1 FROM "proc_items" i WHERE i."pos_product_id" = p."id");
  ELSE
    INSERT INTO "proc_items" ("sku", "name", "uom", "pos_variant_id", "created_for_pos")
    SELECT pos_item_sku(p."sku" || '/' || v."name", v."id"), left(p."name" || ' (' || v."name" || ')', 255), 'each', v."id", true
      FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id"
     WHERE v."id" = variant
       AND NOT EXISTS (SELECT 1 FROM "proc_items" i WHERE i."pos_variant_id" = v."id");
  END IF;
END $$;--> statement-breakpoint
-- Deletes the database-made item of a product or size option while nothing references it (a stores
-- user links another item, or the product goes); an item with stock, history or documents stays.
CREATE FUNCTION "release_pos_item"(item uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "proc_items" WHERE "id" = item AND "created_for_pos";
  RETURN FOUND;
EXCEPTION WHEN foreign_key_violation THEN
  RETURN false;
END $$;--> statement-breakpoint
CREATE FUNCTION "pos_items_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM ensure_pos_item(NEW."id", NULL);
  ELSE
    PERFORM ensure_pos_item(NEW."product_id", NEW."id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_pos_item" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION pos_items_on_insert();--> statement-breakpoint
CREATE TRIGGER "product_variants_pos_item" AFTER INSERT ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION pos_items_on_insert();--> statement-breakpoint
CREATE FUNCTION "pos_items_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM release_pos_item(i."id") FROM "proc_items" i WHERE i."pos_product_id" = OLD."id";
    PERFORM release_pos_item(i."id") FROM "proc_items" i
      JOIN "product_variants" v ON v."id" = i."pos_variant_id" WHERE v."product_id" = OLD."id";
  ELSE
    PERFORM release_pos_item(i."id") FROM "proc_items" i WHERE i."pos_variant_id" = OLD."id";
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_pos_item_release" BEFORE DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION pos_items_on_delete();--> statement-breakpoint
CREATE TRIGGER "product_variants_pos_item_release" BEFORE DELETE ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION pos_items_on_delete();--> statement-breakpoint
-- An item that stops being a product's or size option's item (unlinked or linked elsewhere by a
-- stores user) leaves the product without one: the database gives it its own again.
CREATE FUNCTION "pos_items_on_relink"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."pos_product_id" IS NOT NULL AND OLD."pos_product_id" IS DISTINCT FROM NEW."pos_product_id" THEN
    PERFORM ensure_pos_item(OLD."pos_product_id", NULL);
  END IF;
  IF OLD."pos_variant_id" IS NOT NULL AND OLD."pos_variant_id" IS DISTINCT FROM NEW."pos_variant_id" THEN
    PERFORM ensure_pos_item(v."product_id", v."id") FROM "product_variants" v WHERE v."id" = OLD."pos_variant_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "proc_items_pos_relink" AFTER UPDATE OF "pos_product_id", "pos_variant_id" ON "proc_items"
  FOR EACH ROW EXECUTE FUNCTION pos_items_on_relink();--> statement-breakpoint
-- Every existing product and size option gets its item (a product already linked keeps its item).
SELECT ensure_pos_item(p."id", NULL) FROM "products" p ORDER BY p."created_at", p."id";--> statement-breakpoint
SELECT ensure_pos_item(v."product_id", v."id") FROM "product_variants" v ORDER BY v."created_at", v."id";--> statement-breakpoint
-- The ledger's reasons, recreated as a type of this transaction: values added with ALTER TYPE ... ADD
-- VALUE (above) cannot be used in the transaction that added them, and drizzle applies all pending
-- migrations in one transaction, so a later migration of the same upgrade could not write them
-- (e.g. 'migration' rows). Same name and values, in the order of the schema's enum.
ALTER TYPE "proc_inventory_reason" RENAME TO "proc_inventory_reason_0022";--> statement-breakpoint
CREATE TYPE "public"."proc_inventory_reason" AS ENUM('receipt', 'issue', 'transfer', 'wip_issue', 'wip_return', 'job_delivery', 'writeoff', 'count', 'opening', 'sale', 'refund', 'void', 'discrepancy', 'checkout', 'checkin', 'adjustment', 'edit', 'import', 'asset_registered', 'asset_disposed', 'migration');--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ALTER COLUMN "reason" TYPE "proc_inventory_reason"
  USING "reason"::text::"proc_inventory_reason";--> statement-breakpoint
DROP TYPE "proc_inventory_reason_0022";
