DROP INDEX "print_jobs_one_original_receipt";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_one_drawer_per_subject" ON "print_jobs" USING btree ("subject_id") WHERE "print_jobs"."kind" = 'drawer' and "print_jobs"."subject_id" is not null and "print_jobs"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_one_original_receipt" ON "print_jobs" USING btree ("subject_id") WHERE "print_jobs"."kind" in ('receipt', 'refund') and "print_jobs"."status" <> 'failed';