CREATE TABLE "proc_trade_job_step_hours_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"from_hours" numeric(5, 2) NOT NULL,
	"to_hours" numeric(5, 2) NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "delivery_location_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_trade_job_step_hours_changes" ADD CONSTRAINT "proc_trade_job_step_hours_changes_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_step_hours_changes" ADD CONSTRAINT "proc_trade_job_step_hours_changes_step_id_proc_trade_job_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."proc_trade_job_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_step_hours_changes" ADD CONSTRAINT "proc_trade_job_step_hours_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_trade_job_step_hours_changes_job_id_idx" ON "proc_trade_job_step_hours_changes" USING btree ("job_id","changed_at");--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_delivery_location_id_proc_locations_id_fk" FOREIGN KEY ("delivery_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;