ALTER TABLE "pos_terminals" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD COLUMN "device_id" varchar(32);--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_terminals" ADD CONSTRAINT "pos_terminals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_terminals_created_by_idx" ON "pos_terminals" USING btree ("created_by");--> statement-breakpoint
-- hand-written: terminals recorded before issue #30 item 11 belong to the user who last reported them (their creator is unknown)
UPDATE "pos_terminals" SET "created_by" = "user_id" WHERE "created_by" IS NULL;
