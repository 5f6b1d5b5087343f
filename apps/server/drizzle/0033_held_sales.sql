CREATE TABLE "held_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"shift_id" integer NOT NULL,
	"terminal_id" uuid,
	"label" varchar(40) NOT NULL,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" varchar(20),
	"resolution_reason" text,
	CONSTRAINT "held_sales_resolution_check" CHECK (("held_sales"."resolved_at" is null) = ("held_sales"."resolution" is null) and ("held_sales"."resolution" is null or "held_sales"."resolution" in ('resumed', 'discarded')))
);
--> statement-breakpoint
ALTER TABLE "held_sales" ADD CONSTRAINT "held_sales_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_sales" ADD CONSTRAINT "held_sales_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_sales" ADD CONSTRAINT "held_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_sales" ADD CONSTRAINT "held_sales_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_sales_waiting_store_idx" ON "held_sales" USING btree ("store_id","created_at") WHERE "held_sales"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "held_sales_waiting_shift_idx" ON "held_sales" USING btree ("shift_id") WHERE "held_sales"."resolved_at" is null;