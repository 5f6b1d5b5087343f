CREATE TABLE "transaction_payments" (
	"transaction_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"card_fee" numeric(10, 2) DEFAULT '0' NOT NULL,
	"reference_code" varchar(50),
	"amount_received" numeric(10, 2),
	"refunded" numeric(10, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_payments_pkey" PRIMARY KEY("transaction_id","seq"),
	CONSTRAINT "transaction_payments_seq_check" CHECK ("transaction_payments"."seq" >= 1),
	CONSTRAINT "transaction_payments_amount_check" CHECK ("transaction_payments"."amount" >= 0 and "transaction_payments"."card_fee" >= 0 and "transaction_payments"."card_fee" <= "transaction_payments"."amount"),
	CONSTRAINT "transaction_payments_received_check" CHECK ("transaction_payments"."amount_received" is null or ("transaction_payments"."method" = 'cash' and "transaction_payments"."amount_received" >= "transaction_payments"."amount")),
	CONSTRAINT "transaction_payments_refunded_check" CHECK ("transaction_payments"."refunded" >= 0 and "transaction_payments"."refunded" <= "transaction_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "refund_payments" (
	"refund_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"tender_seq" smallint NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	CONSTRAINT "refund_payments_pkey" PRIMARY KEY("refund_id","seq"),
	CONSTRAINT "refund_payments_amount_check" CHECK ("refund_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transaction_payments" ADD CONSTRAINT "transaction_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_payments" ADD CONSTRAINT "refund_payments_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: every existing sale gets its one tender (issue #34, docs/adr/0029): its method, its
-- total, its card fee (tax), its reference code, the cash handed over for a cash sale, and what its
-- refunds have given back so far. Every row is kept.
INSERT INTO "transaction_payments" ("transaction_id", "seq", "method", "amount", "card_fee", "reference_code", "amount_received", "refunded")
SELECT t."id", 1, t."payment_method", t."total", t."tax", t."reference_code",
       CASE WHEN t."payment_method" = 'cash' THEN greatest(coalesce(t."amount_received", t."total"), t."total") END,
       least(t."total", coalesce((SELECT sum(r."total") FROM "refunds" r WHERE r."transaction_id" = t."id"), 0))
  FROM "transactions" t;--> statement-breakpoint
-- hand-written: every existing refund paid its whole total back the way it recorded, against the
-- sale's one tender (a refund of 0.00, goods given away at 100% off, paid nothing back).
INSERT INTO "refund_payments" ("refund_id", "seq", "tender_seq", "method", "amount")
SELECT r."id", 1, 1, r."payment_method", r."total" FROM "refunds" r WHERE r."total" > 0;
