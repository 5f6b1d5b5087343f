CREATE TABLE "pos_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_items" DROP CONSTRAINT "refund_items_total_price_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_subtotal_check";--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "discount_type" varchar(10);--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "sale_discount_share" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "net_total" numeric(10, 2) GENERATED ALWAYS AS (total_price - discount - sale_discount_share) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "discount_total" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sale_discount_type" varchar(10);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sale_discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sale_discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "discount_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_discount_approved_by_users_id_fk" FOREIGN KEY ("discount_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_discount_check" CHECK ("transaction_items"."discount" >= 0 and "transaction_items"."sale_discount_share" >= 0 and "transaction_items"."discount" + "transaction_items"."sale_discount_share" <= "transaction_items"."total_price");--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_discount_type_check" CHECK (("transaction_items"."discount_type" is null and "transaction_items"."discount_value" is null) or ("transaction_items"."discount_type" in ('percent', 'amount') and "transaction_items"."discount_value" > 0));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_discount_check" CHECK ("transactions"."discount_total" >= 0 and "transactions"."sale_discount" >= 0 and "transactions"."sale_discount" <= "transactions"."discount_total");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sale_discount_type_check" CHECK (("transactions"."sale_discount_type" is null and "transactions"."sale_discount_value" is null) or ("transactions"."sale_discount_type" in ('percent', 'amount') and "transactions"."sale_discount_value" > 0));--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_total_price_check" CHECK ("refund_items"."total_price" >= 0 and "refund_items"."total_price" <= "refund_items"."unit_price" * "refund_items"."quantity");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subtotal_check" CHECK ("refunds"."subtotal" >= 0);