CREATE TABLE "document_counters" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_last_value_check" CHECK ("document_counters"."last_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "z_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"cashier_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report" jsonb NOT NULL,
	CONSTRAINT "z_reports_number_check" CHECK ("z_reports"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_number_unique" ON "z_reports" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_shift_id_unique" ON "z_reports" USING btree ("shift_id");--> statement-breakpoint
-- ==== hand-written (xz, issue #15 item 8): Z reports never change once written ====
CREATE FUNCTION z_reports_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Z reports never change once written' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER z_reports_no_update_or_delete BEFORE UPDATE OR DELETE ON "z_reports"
  FOR EACH ROW EXECUTE FUNCTION z_reports_are_immutable();--> statement-breakpoint
INSERT INTO "document_counters" ("name", "last_value") VALUES ('z_report', 0) ON CONFLICT DO NOTHING;
-- ==== end hand-written ====
