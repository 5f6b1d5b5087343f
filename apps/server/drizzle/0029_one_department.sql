ALTER TABLE "proc_departments" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_departments" ADD COLUMN "building" varchar(255);--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_department_id_departments_id_fk";
--> statement-breakpoint
-- hand-written: (issue #33 item 1, h-dept, ADR 0027) the POS-side departments move into
-- proc_departments before their table goes, so drizzle-kit's generated DROP TABLE is here, after
-- the copy, instead of first. Every row is kept:
-- 1. A POS department whose name equals a procurement department's ignoring case is that
--    department: the procurement row keeps its id, code, parent, threshold and labour rate and
--    takes the POS row's manager and building; the descriptions are both kept (joined by a line
--    break when they differ); it is archived only when both sides were (archived / not active);
--    created_at is the earlier, updated_at the later.
UPDATE "proc_departments" p SET
  "manager_id" = d."manager_id",
  "building" = d."building",
  "description" = CASE
    WHEN coalesce(p."description", '') = '' THEN d."description"
    WHEN coalesce(d."description", '') = '' OR d."description" = p."description" THEN p."description"
    ELSE p."description" || E'\n' || d."description" END,
  "is_archived" = p."is_archived" AND NOT d."is_active",
  "created_at" = LEAST(p."created_at", d."created_at"),
  "updated_at" = GREATEST(p."updated_at", d."updated_at")
FROM "departments" d WHERE lower(d."name") = lower(p."name");--> statement-breakpoint
-- 2. Products of a merged POS department now point at the procurement row.
UPDATE "products" pr SET "department_id" = p."id"
FROM "departments" d JOIN "proc_departments" p ON lower(p."name") = lower(d."name")
WHERE pr."department_id" = d."id";--> statement-breakpoint
-- 3. Every other POS department is copied with its own id (its products keep pointing at it) and
--    a code made from its name: upper-cased, each run of other characters one "_", at most 20
--    characters, "DEPT" when nothing is left; "-2", "-3", … when that code is taken (a base never
--    holds "-", so two bases never make the same code). Active ⇄ not archived.
WITH "src" AS (
  SELECT d.*, coalesce(nullif(rtrim(left(btrim(regexp_replace(upper(d."name"), '[^A-Z0-9]+', '_', 'g'), '_'), 20), '_'), ''), 'DEPT') AS "base"
  FROM "departments" d
  WHERE NOT EXISTS (SELECT 1 FROM "proc_departments" p WHERE lower(p."name") = lower(d."name"))
), "ranked" AS (
  SELECT "src".*, row_number() OVER (PARTITION BY "base" ORDER BY lower("name"), "id") AS "k" FROM "src"
), "free" AS (
  SELECT b."base", c."code", row_number() OVER (PARTITION BY b."base" ORDER BY n) AS "k"
  FROM (SELECT "base", count(*) AS "cnt" FROM "src" GROUP BY "base") b
  CROSS JOIN LATERAL generate_series(1, (b."cnt" + (SELECT count(*) FROM "proc_departments"))::int + 1) n
  CROSS JOIN LATERAL (SELECT b."base" || CASE WHEN n = 1 THEN '' ELSE '-' || n END AS "code") c
  WHERE NOT EXISTS (SELECT 1 FROM "proc_departments" p WHERE upper(p."code") = c."code")
)
INSERT INTO "proc_departments" ("id", "code", "name", "description", "manager_id", "building", "is_archived", "created_at", "updated_at")
SELECT r."id", f."code", r."name", r."description", r."manager_id", r."building", NOT r."is_active", r."created_at", r."updated_at"
FROM "ranked" r JOIN "free" f ON f."base" = r."base" AND f."k" = r."k";--> statement-breakpoint
ALTER TABLE "departments" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "departments" CASCADE;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_departments" ADD CONSTRAINT "proc_departments_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
