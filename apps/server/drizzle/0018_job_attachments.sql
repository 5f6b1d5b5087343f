CREATE TABLE "proc_trade_job_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_trade_job_attachments_content_type_check" CHECK ("proc_trade_job_attachments"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
	CONSTRAINT "proc_trade_job_attachments_size_check" CHECK ("proc_trade_job_attachments"."size_bytes" > 0 and "proc_trade_job_attachments"."size_bytes" <= 5242880 and "proc_trade_job_attachments"."size_bytes" = octet_length("proc_trade_job_attachments"."data"))
);
--> statement-breakpoint
ALTER TABLE "proc_trade_job_attachments" ADD CONSTRAINT "proc_trade_job_attachments_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_attachments" ADD CONSTRAINT "proc_trade_job_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_trade_job_attachments_job_id_idx" ON "proc_trade_job_attachments" USING btree ("job_id");