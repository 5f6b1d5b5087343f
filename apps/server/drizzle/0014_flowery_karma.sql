CREATE TABLE "proc_asset_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" varchar(40) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"summary" text NOT NULL,
	"ref_table" varchar(60),
	"ref_id" uuid,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "proc_asset_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "asset_checkouts" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD COLUMN "asset_id" uuid;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD COLUMN "from_location_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "custodian_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "stock_location_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "source" varchar(20) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "goods_receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "disposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD COLUMN "disposed_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_maintenance" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_maintenance" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_maintenance" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_safety_checks" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_safety_checks" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_asset_events" ADD CONSTRAINT "proc_asset_events_asset_id_proc_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."proc_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_events" ADD CONSTRAINT "proc_asset_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_asset_events_asset_id_at_idx" ON "proc_asset_events" USING btree ("asset_id","at");--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_asset_id_proc_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."proc_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_from_location_id_proc_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_custodian_id_users_id_fk" FOREIGN KEY ("custodian_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_stock_location_id_proc_locations_id_fk" FOREIGN KEY ("stock_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD CONSTRAINT "proc_asset_writeoffs_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_maintenance" ADD CONSTRAINT "proc_maintenance_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_safety_checks" ADD CONSTRAINT "proc_safety_checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_checkouts_asset_id_idx" ON "asset_checkouts" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_checkouts_open_asset_unique" ON "asset_checkouts" USING btree ("asset_id") WHERE "asset_checkouts"."returned_at" is null and "asset_checkouts"."asset_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proc_assets_asset_tag_upper_unique" ON "proc_assets" USING btree (upper("asset_tag"));--> statement-breakpoint
CREATE INDEX "proc_assets_item_id_idx" ON "proc_assets" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "proc_assets_department_id_idx" ON "proc_assets" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "proc_assets_custodian_id_idx" ON "proc_assets" USING btree ("custodian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proc_asset_writeoffs_open_unique" ON "proc_asset_writeoffs" USING btree ("asset_id") WHERE "proc_asset_writeoffs"."status" in ('draft', 'submitted', 'approved', 'disposed');--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_target_check" CHECK ("asset_checkouts"."product_id" is not null or "asset_checkouts"."asset_id" is not null);--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_source_check" CHECK ("proc_assets"."source" in ('manual', 'import', 'receipt'));