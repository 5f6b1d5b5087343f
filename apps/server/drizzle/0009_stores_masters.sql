ALTER TYPE "public"."proc_inventory_reason" ADD VALUE 'count';--> statement-breakpoint
CREATE TABLE "proc_stock_count_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"book_qty" numeric(12, 3) NOT NULL,
	"counted_qty" numeric(12, 3) NOT NULL,
	CONSTRAINT "proc_stock_count_lines_counted_qty_check" CHECK ("proc_stock_count_lines"."counted_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_stock_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"counted_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proc_categories" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_items" ADD COLUMN "pos_product_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_items" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_locations" ADD COLUMN "building" varchar(100);--> statement-breakpoint
ALTER TABLE "proc_locations" ADD COLUMN "floor" varchar(50);--> statement-breakpoint
ALTER TABLE "proc_locations" ADD COLUMN "room" varchar(50);--> statement-breakpoint
ALTER TABLE "proc_locations" ADD COLUMN "is_selling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_locations" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_subcategories" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_suppliers" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "dispatched_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD COLUMN "qty_received" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "proc_department_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_stock_count_lines" ADD CONSTRAINT "proc_stock_count_lines_count_id_proc_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."proc_stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_stock_count_lines" ADD CONSTRAINT "proc_stock_count_lines_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_stock_counts" ADD CONSTRAINT "proc_stock_counts_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_stock_counts" ADD CONSTRAINT "proc_stock_counts_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_stock_count_lines_count_id_idx" ON "proc_stock_count_lines" USING btree ("count_id");--> statement-breakpoint
ALTER TABLE "proc_items" ADD CONSTRAINT "proc_items_pos_product_id_products_id_fk" FOREIGN KEY ("pos_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_batch_id_proc_item_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."proc_item_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_dispatched_by_users_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_proc_department_id_proc_departments_id_fk" FOREIGN KEY ("proc_department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proc_items_sku_upper_unique" ON "proc_items" USING btree (upper("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "proc_items_pos_product_id_unique" ON "proc_items" USING btree ("pos_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proc_locations_code_upper_unique" ON "proc_locations" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "proc_suppliers_name_lower_unique" ON "proc_suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_from_location_idx" ON "proc_inventory_transactions" USING btree ("from_location_id","created_at");--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_to_location_idx" ON "proc_inventory_transactions" USING btree ("to_location_id","created_at");--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_batch_idx" ON "proc_inventory_transactions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "proc_issues_department_id_idx" ON "proc_issues" USING btree ("department_id");--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_qty_received_check" CHECK ("proc_transfers"."qty_received" >= 0 and "proc_transfers"."qty_received" <= "proc_transfers"."qty");