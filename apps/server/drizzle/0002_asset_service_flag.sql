ALTER TABLE "asset_checkouts" ADD COLUMN "return_notes" text;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD COLUMN "checked_out_by" uuid;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD COLUMN "returned_by" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "service_flag" "return_condition";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "service_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_service_flag_check" CHECK ("products"."service_flag" is null or "products"."service_flag" <> 'good');