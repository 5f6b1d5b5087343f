CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"quantity" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"stock_after" integer NOT NULL,
	"document_type" varchar(30),
	"document_id" uuid,
	"note" text,
	"user_id" uuid,
	"approver_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_stock_after_check" CHECK ("stock_movements"."stock_after" >= 0),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('opening', 'sale', 'refund', 'void', 'receipt', 'count', 'adjustment', 'writeoff', 'edit', 'import', 'checkout', 'checkin', 'discrepancy'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at","id");--> statement-breakpoint
-- ── Hand-written (issue #15 item 1, docs/adr/0010): keep this block at the end when regenerating. ──
-- The opening balance: every product and size option with stock gets one 'opening' movement, so
-- stock equals the sum of its movements from the start.
INSERT INTO "stock_movements" ("product_id", "variant_id", "quantity", "reason", "stock_after", "note")
SELECT "id", NULL, "stock", 'opening', "stock", 'Stock before the ledger' FROM "products" WHERE "stock" <> 0
UNION ALL
SELECT "product_id", "id", "stock", 'opening', "stock", 'Stock before the ledger' FROM "product_variants" WHERE "stock" <> 0;
--> statement-breakpoint
-- A product or size option created with stock (form, import, seed) gets its opening movement in the
-- same statement, whatever wrote it. Every later change goes through the ledger writer.
CREATE FUNCTION "stock_movements_opening"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."stock" <> 0 THEN
    IF TG_TABLE_NAME = 'products' THEN
      INSERT INTO "stock_movements" ("product_id", "variant_id", "quantity", "reason", "stock_after")
      VALUES (NEW."id", NULL, NEW."stock", 'opening', NEW."stock");
    ELSE
      INSERT INTO "stock_movements" ("product_id", "variant_id", "quantity", "reason", "stock_after")
      VALUES (NEW."product_id", NEW."id", NEW."stock", 'opening', NEW."stock");
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_opening_stock" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_opening"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_opening_stock" AFTER INSERT ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_opening"();
--> statement-breakpoint
-- Append-only: a movement is never edited. Only a deleted user's name may be cleared from it.
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'user_id' - 'approver_id') <> (to_jsonb(OLD) - 'user_id' - 'approver_id')
     OR (NEW."user_id" IS DISTINCT FROM OLD."user_id" AND NEW."user_id" IS NOT NULL)
     OR (NEW."approver_id" IS DISTINCT FROM OLD."approver_id" AND NEW."approver_id" IS NOT NULL) THEN
    RAISE EXCEPTION 'stock movements are append-only' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_no_update" BEFORE UPDATE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
