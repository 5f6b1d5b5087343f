CREATE TABLE "customer_display_pairings" (
	"terminal_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"token_hash" varchar(64),
	"paired_at" timestamp with time zone,
	"state" jsonb,
	"state_version" bigint DEFAULT 0 NOT NULL,
	"state_at" timestamp with time zone,
	CONSTRAINT "customer_display_pairings_code_check" CHECK (("customer_display_pairings"."code_hash" is null) = ("customer_display_pairings"."code_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "customer_display_pairings" ADD CONSTRAINT "customer_display_pairings_terminal_id_pos_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."pos_terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_display_pairings_code_unique" ON "customer_display_pairings" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_display_pairings_token_unique" ON "customer_display_pairings" USING btree ("token_hash");