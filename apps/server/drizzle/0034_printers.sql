CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"printer_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"subject_id" varchar(64),
	"payload" text NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500),
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone,
	"created_by" uuid,
	"idempotency_key" varchar(100),
	CONSTRAINT "print_jobs_kind_check" CHECK ("print_jobs"."kind" in ('receipt', 'refund', 'copy', 'z_report', 'x_report', 'test', 'drawer')),
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" in ('queued', 'sending', 'printed', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"connection" varchar(10) NOT NULL,
	"host" varchar(255),
	"port" integer DEFAULT 9100 NOT NULL,
	"paper_width" integer DEFAULT 80 NOT NULL,
	"store_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_connection_check" CHECK ("printers"."connection" in ('network', 'usb', 'serial')),
	CONSTRAINT "printers_paper_width_check" CHECK ("printers"."paper_width" in (58, 80)),
	CONSTRAINT "printers_port_check" CHECK ("printers"."port" between 1 and 65535),
	CONSTRAINT "printers_host_check" CHECK ("printers"."connection" <> 'network' or "printers"."host" is not null)
);
--> statement-breakpoint
CREATE TABLE "terminal_printers" (
	"terminal_id" uuid PRIMARY KEY NOT NULL,
	"printer_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_printers" ADD CONSTRAINT "terminal_printers_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_idempotency_key_unique" ON "print_jobs" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_one_original_receipt" ON "print_jobs" USING btree ("subject_id") WHERE "print_jobs"."kind" = 'receipt' and "print_jobs"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("next_attempt_at") WHERE "print_jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "print_jobs_printer_created_idx" ON "print_jobs" USING btree ("printer_id","created_at");