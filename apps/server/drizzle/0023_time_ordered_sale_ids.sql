-- hand-written: uuid_v7() (issue #38, docs/adr/0023) must exist before the generated defaults below call it.
-- A time-ordered UUID (RFC 9562 version 7): 48 bits of Unix milliseconds, version 7, variant 10,
-- random bits. PostgreSQL 18 (the embedded server, PGlite 0.5) has uuidv7() built in; older servers
-- (PostgreSQL 15-17) compute the same layout from clock_timestamp() and gen_random_uuid(): the v4's
-- first 6 bytes replaced by the milliseconds and its version nibble 0100 turned into 0111.
-- The name is uuid_v7 (not uuidv7) so it never shadows the built-in. Meant for every hot
-- append-mostly table's key (sales, sale lines, and the stock ledger's rows).
DO $do$
BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    EXECUTE $f$CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS 'select uuidv7()'$f$;
  ELSE
    EXECUTE $f$CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $body$
      select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
               placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
               from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
    $body$$f$;
  END IF;
END
$do$;--> statement-breakpoint
ALTER TABLE "transaction_items" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT uuid_v7();
