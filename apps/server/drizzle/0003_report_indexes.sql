DROP INDEX "transaction_items_transaction_id_idx";--> statement-breakpoint
DROP INDEX "transactions_created_at_idx";--> statement-breakpoint
CREATE INDEX "transaction_items_sale_lines_idx" ON "transaction_items" USING btree ("transaction_id","product_id","quantity","total_price");--> statement-breakpoint
CREATE INDEX "transactions_created_at_id_idx" ON "transactions" USING btree ("created_at","id");