CREATE TABLE "approval_sealing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"wrapped_private_key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "approval_sealing_keys_one_active_idx" ON "approval_sealing_keys" USING btree ("active") WHERE "approval_sealing_keys"."active";