CREATE UNIQUE INDEX "departments_name_lower_unique" ON "departments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "proc_departments_code_upper_unique" ON "proc_departments" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "proc_departments_name_lower_unique" ON "proc_departments" USING btree (lower("name"));