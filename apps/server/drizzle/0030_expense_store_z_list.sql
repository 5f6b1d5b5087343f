ALTER TABLE "expenses" ADD COLUMN "store_id" uuid DEFAULT default_store_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_store_id_idx" ON "expenses" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "z_reports_created_at_id_idx" ON "z_reports" USING btree ("created_at","id");