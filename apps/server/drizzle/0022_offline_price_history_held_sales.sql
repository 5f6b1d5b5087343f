CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"price" numeric(10, 2) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	CONSTRAINT "price_history_price_check" CHECK ("price_history"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "held_offline_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cashier_id" uuid NOT NULL,
	"shift_id" integer NOT NULL,
	"terminal_id" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"reason" varchar(40) NOT NULL,
	"details" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" varchar(20),
	"resolution_note" text,
	"transaction_id" uuid,
	CONSTRAINT "held_offline_sales_resolution_check" CHECK (("held_offline_sales"."resolved_at" is null) = ("held_offline_sales"."resolution" is null) and ("held_offline_sales"."resolution" = 'recorded') = ("held_offline_sales"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "terminal_id" uuid;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_offline_sales" ADD CONSTRAINT "held_offline_sales_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_offline_sales" ADD CONSTRAINT "held_offline_sales_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_offline_sales" ADD CONSTRAINT "held_offline_sales_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_offline_sales" ADD CONSTRAINT "held_offline_sales_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","effective_from");--> statement-breakpoint
CREATE INDEX "held_offline_sales_open_idx" ON "held_offline_sales" USING btree ("created_at") WHERE "held_offline_sales"."resolved_at" is null;--> statement-breakpoint
-- hand-written: (h-offline, issue #30 item 1) price history is written by the database, the one place every price change passes
INSERT INTO "price_history" ("product_id", "variant_id", "price", "effective_from")
  SELECT "id", NULL, "price", timestamptz '1970-01-01 00:00:00+00' FROM "products";
--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "variant_id", "price", "effective_from")
  SELECT "product_id", "id", "price", timestamptz '1970-01-01 00:00:00+00' FROM "product_variants";
--> statement-breakpoint
CREATE FUNCTION record_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.price IS NOT DISTINCT FROM OLD.price THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE price_history SET effective_to = now()
      WHERE product_id = NEW.id AND variant_id IS NULL AND effective_to IS NULL;
  END IF;
  INSERT INTO price_history (product_id, variant_id, price, effective_from) VALUES (NEW.id, NULL, NEW.price, now());
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price ON products
  FOR EACH ROW EXECUTE FUNCTION record_product_price();
--> statement-breakpoint
CREATE FUNCTION record_variant_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.price IS NOT DISTINCT FROM OLD.price THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE price_history SET effective_to = now()
      WHERE variant_id = NEW.id AND effective_to IS NULL;
  END IF;
  INSERT INTO price_history (product_id, variant_id, price, effective_from) VALUES (NEW.product_id, NEW.id, NEW.price, now());
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_price_history AFTER INSERT OR UPDATE OF price ON product_variants
  FOR EACH ROW EXECUTE FUNCTION record_variant_price();
-- end hand-written
