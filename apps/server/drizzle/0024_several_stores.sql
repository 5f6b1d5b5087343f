CREATE TABLE "store_products" (
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" numeric(10, 2),
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "store_products_store_id_product_id_pk" PRIMARY KEY("store_id","product_id"),
	CONSTRAINT "store_products_price_check" CHECK ("store_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"code" varchar(50) NOT NULL,
	"selling_location_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_stores" (
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	CONSTRAINT "user_stores_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
-- hand-written (issue #32, h-stores): the default store and default_store_id() must exist before
-- shifts.store_id and z_reports.store_id are added with it as their default, which fills every
-- existing shift and Z report with it (a volatile default is evaluated per row; no UPDATE, so the
-- z_reports immutability trigger is not involved).
INSERT INTO "stores" ("name", "code", "selling_location_id")
SELECT 'Main Store', 'MAIN',
  (SELECT "id" FROM "proc_locations" WHERE "is_selling" AND NOT "is_archived" ORDER BY "created_at", "id" LIMIT 1);--> statement-breakpoint
CREATE FUNCTION default_store_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "stores" ORDER BY "is_archived", "created_at", "id" LIMIT 1
$$;--> statement-breakpoint
-- end of hand-written (issue #32, h-stores)
DROP INDEX "z_reports_number_unique";--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "store_id" uuid DEFAULT default_store_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "store_id" uuid DEFAULT default_store_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_selling_location_id_proc_locations_id_fk" FOREIGN KEY ("selling_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_products_product_id_idx" ON "store_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_stores_store_id_idx" ON "user_stores" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD CONSTRAINT "pos_terminals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shifts_store_id_idx" ON "shifts" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_store_number_unique" ON "z_reports" USING btree ("store_id","number");--> statement-breakpoint
-- hand-written (issue #32 item 4, h-stores): Z numbers run per store, one counter row per store
-- ('z_report:<store id>'); the default store continues the installation's sequence.
UPDATE "document_counters" SET "name" = 'z_report:' || default_store_id()::text WHERE "name" = 'z_report';
