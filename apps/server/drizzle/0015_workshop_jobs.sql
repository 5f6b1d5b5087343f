CREATE TABLE "proc_trade_job_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"from_status" "proc_job_status",
	"to_status" "proc_job_status" NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "proc_trade_quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"item_id" uuid,
	"description" varchar(255) NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"line_total" numeric(10, 2) NOT NULL,
	CONSTRAINT "proc_trade_quote_lines_quote_id_line_no_unique" UNIQUE("quote_id","line_no"),
	CONSTRAINT "proc_trade_quote_lines_kind_check" CHECK ("proc_trade_quote_lines"."kind" in ('material', 'labour')),
	CONSTRAINT "proc_trade_quote_lines_qty_check" CHECK ("proc_trade_quote_lines"."qty" >= 0),
	CONSTRAINT "proc_trade_quote_lines_unit_price_check" CHECK ("proc_trade_quote_lines"."unit_price" >= 0),
	CONSTRAINT "proc_trade_quote_lines_line_total_check" CHECK ("proc_trade_quote_lines"."line_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proc_departments" ADD COLUMN "labour_rate" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_clients" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD COLUMN "materials_waived_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD COLUMN "materials_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD COLUMN "materials_waiver_note" text;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "labour_rate" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_wip_issues" ADD COLUMN "unit_cost" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_wip_returns" ADD COLUMN "unit_cost" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_trade_job_status_history" ADD CONSTRAINT "proc_trade_job_status_history_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_status_history" ADD CONSTRAINT "proc_trade_job_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_quote_lines" ADD CONSTRAINT "proc_trade_quote_lines_quote_id_proc_trade_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."proc_trade_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_quote_lines" ADD CONSTRAINT "proc_trade_quote_lines_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_trade_job_status_history_job_id_idx" ON "proc_trade_job_status_history" USING btree ("job_id","changed_at");--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD CONSTRAINT "proc_trade_jobs_materials_waived_by_users_id_fk" FOREIGN KEY ("materials_waived_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD CONSTRAINT "proc_trade_quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD CONSTRAINT "proc_trade_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_deliveries" ADD CONSTRAINT "proc_trade_deliveries_job_id_unique" UNIQUE("job_id");--> statement-breakpoint
ALTER TABLE "proc_departments" ADD CONSTRAINT "proc_departments_labour_rate_check" CHECK ("proc_departments"."labour_rate" >= 0);--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD CONSTRAINT "proc_trade_quotes_tax_rate_check" CHECK ("proc_trade_quotes"."tax_rate" >= 0 and "proc_trade_quotes"."tax_rate" <= 100);