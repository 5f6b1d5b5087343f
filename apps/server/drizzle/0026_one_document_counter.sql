CREATE TABLE "cache_versions" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_versions_version_check" CHECK ("cache_versions"."version" >= 0)
);
--> statement-breakpoint
-- hand-written: (issue #33 item 1, h-docnum, ADR 0026) the rows move before their table goes, so drizzle-kit's
-- generated DROP TABLE is here, after the copy, instead of above.
-- One table of document numbers: every proc_document_counters row (kind, year) goes on as the
-- document_counters row '<kind>:<year>' with its last value, so the first number after the upgrade
-- follows the last one issued (no reuse, no gap). The sales revision, a cache version and not a
-- document number, moves with its value to cache_versions.
INSERT INTO "document_counters" ("name", "last_value")
SELECT "kind" || ':' || "year"::text, "last_value" FROM "proc_document_counters"
ON CONFLICT ("name") DO UPDATE SET "last_value" = GREATEST("document_counters"."last_value", EXCLUDED."last_value");--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version")
SELECT "name", "last_value" FROM "document_counters" WHERE "name" = 'sales_revision';--> statement-breakpoint
DELETE FROM "document_counters" WHERE "name" = 'sales_revision';--> statement-breakpoint
DROP TABLE "proc_document_counters" CASCADE;
