ALTER TABLE "transactions" DROP CONSTRAINT "transactions_total_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_total_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_items" ADD COLUMN "tax" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sales_tax" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_tax_check" CHECK ("transaction_items"."tax" >= 0 and "transaction_items"."tax_rate" >= 0 and "transaction_items"."tax_rate" <= 100);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sales_tax_check" CHECK ("transactions"."sales_tax" >= 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_total_check" CHECK ("transactions"."total" >= 0 and "transactions"."total" = "transactions"."subtotal" + "transactions"."tax" + case when "transactions"."prices_include_tax" then 0 else "transactions"."sales_tax" end);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_sales_tax_check" CHECK ("refunds"."sales_tax" >= 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_total_check" CHECK ("refunds"."total" = "refunds"."subtotal" + "refunds"."card_fee" + case when "refunds"."prices_include_tax" then 0 else "refunds"."sales_tax" end);