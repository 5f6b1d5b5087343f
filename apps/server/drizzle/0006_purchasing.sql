CREATE TABLE "proc_document_counters" (
	"kind" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "proc_document_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "proc_document_counters_last_value_check" CHECK ("proc_document_counters"."last_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proc_departments" ADD COLUMN "approval_threshold" numeric(10, 2) DEFAULT '5000.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD COLUMN "po_line_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD COLUMN "unit_cost" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD COLUMN "grn_number" varchar(50);--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD COLUMN "line_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD COLUMN "requisition_line_id" uuid;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD COLUMN "qty_received" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD COLUMN "qty_ordered" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD COLUMN "est_unit_price" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD COLUMN "line_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD COLUMN "req_number" varchar(50);--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "proc_settings" ADD CONSTRAINT "proc_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD CONSTRAINT "proc_goods_receipt_lines_po_line_id_proc_purchase_order_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."proc_purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD CONSTRAINT "proc_purchase_order_lines_requisition_line_id_proc_requisition_lines_id_fk" FOREIGN KEY ("requisition_line_id") REFERENCES "public"."proc_requisition_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD CONSTRAINT "proc_requisitions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proc_goods_receipt_lines_po_line_id_idx" ON "proc_goods_receipt_lines" USING btree ("po_line_id");--> statement-breakpoint
CREATE INDEX "proc_purchase_order_lines_requisition_line_id_idx" ON "proc_purchase_order_lines" USING btree ("requisition_line_id");--> statement-breakpoint
CREATE INDEX "proc_requisitions_requester_id_idx" ON "proc_requisitions" USING btree ("requester_id");--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD CONSTRAINT "proc_goods_receipts_grn_number_unique" UNIQUE("grn_number");--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD CONSTRAINT "proc_requisitions_req_number_unique" UNIQUE("req_number");--> statement-breakpoint
ALTER TABLE "proc_departments" ADD CONSTRAINT "proc_departments_approval_threshold_check" CHECK ("proc_departments"."approval_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD CONSTRAINT "proc_goods_receipt_lines_unit_cost_check" CHECK ("proc_goods_receipt_lines"."unit_cost" >= 0);--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD CONSTRAINT "proc_purchase_order_lines_qty_received_check" CHECK ("proc_purchase_order_lines"."qty_received" >= 0);--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD CONSTRAINT "proc_requisition_lines_qty_ordered_check" CHECK ("proc_requisition_lines"."qty_ordered" >= 0);--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD CONSTRAINT "proc_requisition_lines_est_unit_price_check" CHECK ("proc_requisition_lines"."est_unit_price" >= 0);