CREATE TABLE "offline_sales" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"terminal_id" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"reported_shift_id" integer,
	"current_subtotal" numeric(10, 2),
	CONSTRAINT "offline_sales_reported_only_late_check" CHECK ("offline_sales"."late" or "offline_sales"."reported_shift_id" is null)
);
--> statement-breakpoint
CREATE TABLE "pos_terminals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"unsynced_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"oldest_unsynced_at" timestamp with time zone,
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_terminals_counts_check" CHECK ("pos_terminals"."unsynced_count" >= 0 and "pos_terminals"."refused_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"variant_name" varchar(255),
	"transaction_id" uuid NOT NULL,
	"quantity_short" integer NOT NULL,
	"stock_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	"counted_stock" integer,
	CONSTRAINT "stock_discrepancies_quantity_check" CHECK ("stock_discrepancies"."quantity_short" > 0 and "stock_discrepancies"."stock_before" >= 0),
	CONSTRAINT "stock_discrepancies_counted_check" CHECK ("stock_discrepancies"."counted_stock" is null or "stock_discrepancies"."counted_stock" >= 0),
	CONSTRAINT "stock_discrepancies_resolved_check" CHECK (("stock_discrepancies"."resolved_at" is null) = ("stock_discrepancies"."resolved_by" is null) and ("stock_discrepancies"."resolved_at" is null) = ("stock_discrepancies"."resolution_note" is null))
);
--> statement-breakpoint
ALTER TABLE "offline_sales" ADD CONSTRAINT "offline_sales_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_sales" ADD CONSTRAINT "offline_sales_reported_shift_id_shifts_id_fk" FOREIGN KEY ("reported_shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD CONSTRAINT "pos_terminals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_sales_reported_shift_idx" ON "offline_sales" USING btree ("reported_shift_id") WHERE "offline_sales"."late";--> statement-breakpoint
CREATE INDEX "stock_discrepancies_open_idx" ON "stock_discrepancies" USING btree ("created_at") WHERE "stock_discrepancies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "stock_discrepancies_product_idx" ON "stock_discrepancies" USING btree ("product_id");