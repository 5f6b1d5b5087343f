ALTER TABLE "price_history" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: (h-storerules, issue #32 item 2) a store's own price is charged, so an offline sale
-- made at it must find it in the price history like any price (ADR 0014): the database records
-- every change of store_products.price, as it does for products and size options.
CREATE OR REPLACE FUNCTION record_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.price IS NOT DISTINCT FROM OLD.price THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE price_history SET effective_to = now()
      WHERE product_id = NEW.id AND variant_id IS NULL AND store_id IS NULL AND effective_to IS NULL;
  END IF;
  INSERT INTO price_history (product_id, variant_id, price, effective_from) VALUES (NEW.id, NULL, NEW.price, now());
  RETURN NEW;
END $$;
--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "variant_id", "store_id", "price", "effective_from")
  SELECT "product_id", NULL, "store_id", "price", timestamptz '1970-01-01 00:00:00+00'
    FROM "store_products" WHERE "price" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION record_store_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.price IS NOT DISTINCT FROM OLD.price THEN RETURN NEW; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE price_history SET effective_to = now()
      WHERE product_id = OLD.product_id AND store_id = OLD.store_id AND effective_to IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.price IS NOT NULL THEN
    INSERT INTO price_history (product_id, variant_id, store_id, price, effective_from)
      VALUES (NEW.product_id, NULL, NEW.store_id, NEW.price, now());
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_products_price_history AFTER INSERT OR UPDATE OF price OR DELETE ON store_products
  FOR EACH ROW EXECUTE FUNCTION record_store_product_price();
-- end hand-written
