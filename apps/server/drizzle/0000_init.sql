CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."asset_type" AS ENUM('regular', 'tool', 'material', 'equipment', 'consumable');--> statement-breakpoint
CREATE TYPE "public"."checkout_status" AS ENUM('checked_out', 'returned', 'overdue');--> statement-breakpoint
CREATE TYPE "public"."proc_disposal_method" AS ENUM('scrap', 'donation', 'sale', 'recycle', 'other');--> statement-breakpoint
CREATE TYPE "public"."expense_category" AS ENUM('office_supplies', 'maintenance', 'utilities', 'food_beverage', 'transport', 'other');--> statement-breakpoint
CREATE TYPE "public"."expense_payment_method" AS ENUM('cash', 'credit_card', 'bank_transfer', 'other');--> statement-breakpoint
CREATE TYPE "public"."proc_goods_receipt_status" AS ENUM('pending', 'partial', 'completed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."proc_inventory_reason" AS ENUM('receipt', 'issue', 'transfer', 'wip_issue', 'wip_return', 'job_delivery', 'writeoff');--> statement-breakpoint
CREATE TYPE "public"."proc_issue_status" AS ENUM('pending', 'approved', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."proc_job_priority" AS ENUM('low', 'normal', 'high');--> statement-breakpoint
CREATE TYPE "public"."proc_job_status" AS ENUM('draft', 'quoted', 'approved', 'in_progress', 'qa', 'ready', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."proc_job_step_status" AS ENUM('pending', 'in_progress', 'completed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."proc_maintenance_status" AS ENUM('scheduled', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."proc_maintenance_type" AS ENUM('preventive', 'corrective', 'emergency', 'upgrade');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'credit_card', 'debit_card', 'eftpos', 'bank_transfer', 'mobile_payment', 'other');--> statement-breakpoint
CREATE TYPE "public"."proc_purchase_order_status" AS ENUM('draft', 'sent', 'confirmed', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."proc_quote_status" AS ENUM('draft', 'sent', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."proc_requisition_status" AS ENUM('draft', 'submitted', 'approved', 'rejected', 'ordered');--> statement-breakpoint
CREATE TYPE "public"."return_condition" AS ENUM('good', 'damaged', 'needs_maintenance');--> statement-breakpoint
CREATE TYPE "public"."proc_safety_check_scope" AS ENUM('item', 'asset');--> statement-breakpoint
CREATE TYPE "public"."proc_safety_check_status" AS ENUM('pending', 'completed', 'failed', 'overdue');--> statement-breakpoint
CREATE TYPE "public"."proc_transfer_status" AS ENUM('pending', 'approved', 'in_transit', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('cashier', 'manager', 'department_manager', 'procurement_admin', 'super_admin');--> statement-breakpoint
CREATE TYPE "public"."proc_writeoff_reason" AS ENUM('damaged', 'obsolete', 'loss', 'theft', 'other');--> statement-breakpoint
CREATE TYPE "public"."proc_writeoff_status" AS ENUM('draft', 'submitted', 'approved', 'rejected', 'disposed');--> statement-breakpoint
CREATE TABLE "user_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"activity_type" varchar(50) NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" varchar(64),
	"user_agent" text,
	"details" jsonb,
	"session_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "asset_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"user_id" uuid NOT NULL,
	"checked_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expected_return_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_condition" "return_condition",
	"notes" text,
	"status" "checkout_status" DEFAULT 'checked_out' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_checkouts_returned_check" CHECK (("asset_checkouts"."status" = 'returned') = ("asset_checkouts"."returned_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"department" varchar(255),
	"is_institutional" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_product_id_name_unique" UNIQUE("product_id","name"),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"price" numeric(10, 2) NOT NULL,
	"sku" varchar(100) NOT NULL,
	"category_id" uuid NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 10 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"has_variants" boolean DEFAULT false NOT NULL,
	"asset_type" "asset_type" DEFAULT 'regular' NOT NULL,
	"location" varchar(255),
	"is_checkout_required" boolean DEFAULT false NOT NULL,
	"department_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_low_stock_threshold_check" CHECK ("products"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"manager_id" uuid,
	"building" varchar(255),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" "expense_category" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"description" text NOT NULL,
	"payment_method" "expense_payment_method" DEFAULT 'cash' NOT NULL,
	"receipt_number" varchar(100),
	"vendor" varchar(255),
	"notes" text,
	"status" varchar(20) DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cashier_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"is_open" boolean DEFAULT true NOT NULL,
	"opening_float" numeric(10, 2),
	"counted_cash" numeric(10, 2),
	CONSTRAINT "shifts_end_matches_open_check" CHECK ("shifts"."is_open" = ("shifts"."ended_at" is null)),
	CONSTRAINT "shifts_opening_float_check" CHECK ("shifts"."opening_float" >= 0),
	CONSTRAINT "shifts_counted_cash_check" CHECK ("shifts"."counted_cash" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"variant_name" varchar(255),
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	CONSTRAINT "transaction_items_quantity_check" CHECK ("transaction_items"."quantity" > 0),
	CONSTRAINT "transaction_items_unit_price_check" CHECK ("transaction_items"."unit_price" >= 0),
	CONSTRAINT "transaction_items_total_price_check" CHECK ("transaction_items"."total_price" = "transaction_items"."unit_price" * "transaction_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shift_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"reference_code" varchar(50),
	"notes" text,
	"status" varchar(20) DEFAULT 'completed' NOT NULL,
	"idempotency_key" uuid,
	"amount_received" numeric(10, 2),
	CONSTRAINT "transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "transactions_subtotal_check" CHECK ("transactions"."subtotal" >= 0),
	CONSTRAINT "transactions_tax_check" CHECK ("transactions"."tax" >= 0),
	CONSTRAINT "transactions_total_check" CHECK ("transactions"."total" >= 0 and "transactions"."total" = "transactions"."subtotal" + "transactions"."tax"),
	CONSTRAINT "transactions_amount_received_check" CHECK ("transactions"."amount_received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"serial_number" varchar(100),
	"asset_tag" varchar(100),
	"purchase_price" numeric(10, 2),
	"depreciation_class" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_assets_asset_tag_unique" UNIQUE("asset_tag"),
	CONSTRAINT "proc_assets_item_id_serial_number_unique" UNIQUE("item_id","serial_number"),
	CONSTRAINT "proc_assets_purchase_price_check" CHECK ("proc_assets"."purchase_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "proc_departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"parent_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_departments_code_unique" UNIQUE("code"),
	CONSTRAINT "proc_departments_name_unique" UNIQUE("name"),
	CONSTRAINT "proc_departments_not_own_parent_check" CHECK ("proc_departments"."parent_id" <> "proc_departments"."id")
);
--> statement-breakpoint
CREATE TABLE "proc_item_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"supplier_id" uuid,
	"batch_no" varchar(100),
	"expiry_date" date,
	"unit_cost" numeric(10, 2),
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_item_batches_item_id_batch_no_unique" UNIQUE("item_id","batch_no"),
	CONSTRAINT "proc_item_batches_unit_cost_check" CHECK ("proc_item_batches"."unit_cost" >= 0),
	CONSTRAINT "proc_item_batches_tax_rate_check" CHECK ("proc_item_batches"."tax_rate" >= 0 and "proc_item_batches"."tax_rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "proc_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" varchar(100) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"category_id" uuid,
	"subcategory_id" uuid,
	"department_id" uuid,
	"is_asset" boolean DEFAULT false NOT NULL,
	"uom" varchar(50) DEFAULT 'each' NOT NULL,
	"barcode" varchar(100),
	"min_reorder_qty" numeric(12, 3) DEFAULT '1' NOT NULL,
	"reorder_point" numeric(12, 3) DEFAULT '0' NOT NULL,
	"warranty_months" integer,
	"service_interval_days" integer,
	"expected_lifespan_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_items_sku_unique" UNIQUE("sku"),
	CONSTRAINT "proc_items_min_reorder_qty_check" CHECK ("proc_items"."min_reorder_qty" >= 0),
	CONSTRAINT "proc_items_reorder_point_check" CHECK ("proc_items"."reorder_point" >= 0),
	CONSTRAINT "proc_items_warranty_months_check" CHECK ("proc_items"."warranty_months" >= 0),
	CONSTRAINT "proc_items_service_interval_days_check" CHECK ("proc_items"."service_interval_days" > 0),
	CONSTRAINT "proc_items_expected_lifespan_months_check" CHECK ("proc_items"."expected_lifespan_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"department_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_locations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "proc_stock_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"on_hand_qty" numeric(12, 3) DEFAULT '0' NOT NULL,
	"reserved_qty" numeric(12, 3) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_stock_levels_item_id_location_id_unique" UNIQUE("item_id","location_id"),
	CONSTRAINT "proc_stock_levels_on_hand_qty_check" CHECK ("proc_stock_levels"."on_hand_qty" >= 0),
	CONSTRAINT "proc_stock_levels_reserved_qty_check" CHECK ("proc_stock_levels"."reserved_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"department_id" uuid,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_subcategories_category_id_name_unique" UNIQUE("category_id","name")
);
--> statement-breakpoint
CREATE TABLE "proc_suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"contact_name" varchar(255),
	"phone" varchar(50),
	"email" varchar(255),
	"address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_asset_writeoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"department_id" uuid,
	"requested_by" uuid,
	"approved_by" uuid,
	"status" "proc_writeoff_status" DEFAULT 'draft' NOT NULL,
	"reason" "proc_writeoff_reason" NOT NULL,
	"condition_at_disposal" text,
	"salvage_value_currency" char(3) DEFAULT 'USD' NOT NULL,
	"salvage_value_amount" numeric(10, 2),
	"disposal_date" date,
	"disposal_method" "proc_disposal_method",
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_asset_writeoffs_salvage_value_currency_check" CHECK ("proc_asset_writeoffs"."salvage_value_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "proc_asset_writeoffs_salvage_value_amount_check" CHECK ("proc_asset_writeoffs"."salvage_value_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"contact_name" varchar(255),
	"phone" varchar(50),
	"email" varchar(255),
	"address" text,
	"notes" text,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_trade_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"delivery_no" varchar(50),
	"delivered_by" uuid,
	"delivered_to" varchar(255),
	"delivery_date" timestamp with time zone,
	"acceptance_name" varchar(255),
	"acceptance_signature_url" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_trade_deliveries_job_id_delivery_no_unique" UNIQUE("job_id","delivery_no")
);
--> statement-breakpoint
CREATE TABLE "proc_trade_job_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"qty_required" numeric(12, 3) NOT NULL,
	"uom" varchar(50),
	"notes" text,
	CONSTRAINT "proc_trade_job_bom_qty_required_check" CHECK ("proc_trade_job_bom"."qty_required" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_trade_job_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"instructions" text,
	"assigned_to" uuid,
	"planned_hours" numeric(5, 2),
	"actual_hours" numeric(5, 2),
	"status" "proc_job_step_status" DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"notes" text,
	CONSTRAINT "proc_trade_job_steps_job_id_step_no_unique" UNIQUE("job_id","step_no"),
	CONSTRAINT "proc_trade_job_steps_step_no_check" CHECK ("proc_trade_job_steps"."step_no" >= 1),
	CONSTRAINT "proc_trade_job_steps_planned_hours_check" CHECK ("proc_trade_job_steps"."planned_hours" >= 0),
	CONSTRAINT "proc_trade_job_steps_actual_hours_check" CHECK ("proc_trade_job_steps"."actual_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_trade_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_number" varchar(50) NOT NULL,
	"client_id" uuid,
	"department_id" uuid,
	"title" varchar(255) NOT NULL,
	"description" text,
	"status" "proc_job_status" DEFAULT 'draft' NOT NULL,
	"priority" "proc_job_priority" DEFAULT 'normal' NOT NULL,
	"requested_date" date,
	"needed_by_date" date,
	"approved_date" date,
	"delivered_date" date,
	"price_currency" char(3) DEFAULT 'USD' NOT NULL,
	"price_total_estimate" numeric(10, 2),
	"price_total_actual" numeric(10, 2),
	"attachments_json" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_trade_jobs_job_number_unique" UNIQUE("job_number"),
	CONSTRAINT "proc_trade_jobs_price_currency_check" CHECK ("proc_trade_jobs"."price_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "proc_trade_jobs_price_total_estimate_check" CHECK ("proc_trade_jobs"."price_total_estimate" >= 0),
	CONSTRAINT "proc_trade_jobs_price_total_actual_check" CHECK ("proc_trade_jobs"."price_total_actual" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_trade_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"version_no" integer DEFAULT 1 NOT NULL,
	"subtotal" numeric(10, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(10, 2) DEFAULT '0' NOT NULL,
	"grand_total" numeric(10, 2) DEFAULT '0' NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"status" "proc_quote_status" DEFAULT 'draft' NOT NULL,
	"valid_until" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_trade_quotes_job_id_version_no_unique" UNIQUE("job_id","version_no"),
	CONSTRAINT "proc_trade_quotes_version_no_check" CHECK ("proc_trade_quotes"."version_no" >= 1),
	CONSTRAINT "proc_trade_quotes_subtotal_check" CHECK ("proc_trade_quotes"."subtotal" >= 0),
	CONSTRAINT "proc_trade_quotes_tax_total_check" CHECK ("proc_trade_quotes"."tax_total" >= 0),
	CONSTRAINT "proc_trade_quotes_grand_total_check" CHECK ("proc_trade_quotes"."grand_total" >= 0),
	CONSTRAINT "proc_trade_quotes_currency_check" CHECK ("proc_trade_quotes"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "proc_wip_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"qty_issued" numeric(12, 3) NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	CONSTRAINT "proc_wip_issues_qty_issued_check" CHECK ("proc_wip_issues"."qty_issued" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_wip_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"qty_returned" numeric(12, 3) NOT NULL,
	"returned_by" uuid,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	CONSTRAINT "proc_wip_returns_qty_returned_check" CHECK ("proc_wip_returns"."qty_returned" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_goods_receipt_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goods_receipt_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"batch_id" uuid,
	"qty_received" numeric(12, 3) NOT NULL,
	"remarks" text,
	CONSTRAINT "proc_goods_receipt_lines_qty_received_check" CHECK ("proc_goods_receipt_lines"."qty_received" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_goods_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"po_id" uuid,
	"received_by" uuid,
	"location_id" uuid NOT NULL,
	"status" "proc_goods_receipt_status" DEFAULT 'pending' NOT NULL,
	"invoice_no" varchar(100),
	"delivery_note" varchar(255),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_inventory_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"from_location_id" uuid,
	"to_location_id" uuid,
	"qty" numeric(12, 3) NOT NULL,
	"reason" "proc_inventory_reason" NOT NULL,
	"ref_table" varchar(64),
	"ref_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_inventory_transactions_qty_check" CHECK ("proc_inventory_transactions"."qty" > 0),
	CONSTRAINT "proc_inventory_transactions_location_check" CHECK ("proc_inventory_transactions"."from_location_id" is not null or "proc_inventory_transactions"."to_location_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "proc_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"department_id" uuid,
	"requested_by" uuid,
	"approved_by" uuid,
	"status" "proc_issue_status" DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_issues_qty_check" CHECK ("proc_issues"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"type" "proc_maintenance_type" NOT NULL,
	"scheduled_for" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"technician" varchar(255),
	"notes" text,
	"status" "proc_maintenance_status" DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"po_id" uuid NOT NULL,
	"item_id" uuid,
	"description" text,
	"qty_ordered" numeric(12, 3) NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"line_total" numeric(10, 2) NOT NULL,
	CONSTRAINT "proc_purchase_order_lines_item_or_description_check" CHECK ("proc_purchase_order_lines"."item_id" is not null or "proc_purchase_order_lines"."description" is not null),
	CONSTRAINT "proc_purchase_order_lines_qty_ordered_check" CHECK ("proc_purchase_order_lines"."qty_ordered" > 0),
	CONSTRAINT "proc_purchase_order_lines_unit_price_check" CHECK ("proc_purchase_order_lines"."unit_price" >= 0),
	CONSTRAINT "proc_purchase_order_lines_tax_rate_check" CHECK ("proc_purchase_order_lines"."tax_rate" >= 0 and "proc_purchase_order_lines"."tax_rate" <= 100),
	CONSTRAINT "proc_purchase_order_lines_line_total_check" CHECK ("proc_purchase_order_lines"."line_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proc_purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"po_number" varchar(50) NOT NULL,
	"supplier_id" uuid NOT NULL,
	"requester_id" uuid,
	"department_id" uuid,
	"status" "proc_purchase_order_status" DEFAULT 'draft' NOT NULL,
	"needed_by_date" date,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"totals_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_purchase_orders_po_number_unique" UNIQUE("po_number"),
	CONSTRAINT "proc_purchase_orders_currency_check" CHECK ("proc_purchase_orders"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "proc_requisition_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requisition_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"qty_requested" numeric(12, 3) NOT NULL,
	CONSTRAINT "proc_requisition_lines_qty_requested_check" CHECK ("proc_requisition_lines"."qty_requested" > 0)
);
--> statement-breakpoint
CREATE TABLE "proc_requisitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"status" "proc_requisition_status" DEFAULT 'draft' NOT NULL,
	"needed_by_date" date,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_safety_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_or_asset_id" uuid NOT NULL,
	"scope" "proc_safety_check_scope" NOT NULL,
	"check_type" varchar(100) NOT NULL,
	"due_date" date,
	"completed_date" date,
	"inspector" varchar(255),
	"status" "proc_safety_check_status" DEFAULT 'pending' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proc_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"from_location_id" uuid NOT NULL,
	"to_location_id" uuid NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"requested_by" uuid,
	"approved_by" uuid,
	"status" "proc_transfer_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proc_transfers_qty_check" CHECK ("proc_transfers"."qty" > 0),
	CONSTRAINT "proc_transfers_distinct_locations_check" CHECK ("proc_transfers"."from_location_id" <> "proc_transfers"."to_location_id")
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_throttle_failures_check" CHECK ("auth_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(255),
	"first_name" varchar(255),
	"last_name" varchar(255),
	"profile_image_url" text,
	"role" "user_role" DEFAULT 'cashier' NOT NULL,
	"department" varchar(255),
	"pin_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_assets" ADD CONSTRAINT "proc_assets_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_departments" ADD CONSTRAINT "proc_departments_parent_id_proc_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_item_batches" ADD CONSTRAINT "proc_item_batches_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_item_batches" ADD CONSTRAINT "proc_item_batches_supplier_id_proc_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."proc_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_items" ADD CONSTRAINT "proc_items_category_id_proc_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."proc_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_items" ADD CONSTRAINT "proc_items_subcategory_id_proc_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."proc_subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_items" ADD CONSTRAINT "proc_items_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_locations" ADD CONSTRAINT "proc_locations_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_stock_levels" ADD CONSTRAINT "proc_stock_levels_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_stock_levels" ADD CONSTRAINT "proc_stock_levels_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_subcategories" ADD CONSTRAINT "proc_subcategories_category_id_proc_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."proc_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_subcategories" ADD CONSTRAINT "proc_subcategories_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD CONSTRAINT "proc_asset_writeoffs_asset_id_proc_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."proc_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD CONSTRAINT "proc_asset_writeoffs_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD CONSTRAINT "proc_asset_writeoffs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_asset_writeoffs" ADD CONSTRAINT "proc_asset_writeoffs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_deliveries" ADD CONSTRAINT "proc_trade_deliveries_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_deliveries" ADD CONSTRAINT "proc_trade_deliveries_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_bom" ADD CONSTRAINT "proc_trade_job_bom_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_bom" ADD CONSTRAINT "proc_trade_job_bom_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_steps" ADD CONSTRAINT "proc_trade_job_steps_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_job_steps" ADD CONSTRAINT "proc_trade_job_steps_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD CONSTRAINT "proc_trade_jobs_client_id_proc_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."proc_clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD CONSTRAINT "proc_trade_jobs_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_jobs" ADD CONSTRAINT "proc_trade_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_trade_quotes" ADD CONSTRAINT "proc_trade_quotes_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_issues" ADD CONSTRAINT "proc_wip_issues_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_issues" ADD CONSTRAINT "proc_wip_issues_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_issues" ADD CONSTRAINT "proc_wip_issues_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_issues" ADD CONSTRAINT "proc_wip_issues_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_returns" ADD CONSTRAINT "proc_wip_returns_job_id_proc_trade_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."proc_trade_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_returns" ADD CONSTRAINT "proc_wip_returns_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_returns" ADD CONSTRAINT "proc_wip_returns_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_wip_returns" ADD CONSTRAINT "proc_wip_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD CONSTRAINT "proc_goods_receipt_lines_goods_receipt_id_proc_goods_receipts_id_fk" FOREIGN KEY ("goods_receipt_id") REFERENCES "public"."proc_goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD CONSTRAINT "proc_goods_receipt_lines_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipt_lines" ADD CONSTRAINT "proc_goods_receipt_lines_batch_id_proc_item_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."proc_item_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD CONSTRAINT "proc_goods_receipts_po_id_proc_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."proc_purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD CONSTRAINT "proc_goods_receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_goods_receipts" ADD CONSTRAINT "proc_goods_receipts_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_from_location_id_proc_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_to_location_id_proc_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_inventory_transactions" ADD CONSTRAINT "proc_inventory_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_location_id_proc_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_issues" ADD CONSTRAINT "proc_issues_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_maintenance" ADD CONSTRAINT "proc_maintenance_asset_id_proc_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."proc_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD CONSTRAINT "proc_purchase_order_lines_po_id_proc_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."proc_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_order_lines" ADD CONSTRAINT "proc_purchase_order_lines_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_supplier_id_proc_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."proc_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_purchase_orders" ADD CONSTRAINT "proc_purchase_orders_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD CONSTRAINT "proc_requisition_lines_requisition_id_proc_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."proc_requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_requisition_lines" ADD CONSTRAINT "proc_requisition_lines_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD CONSTRAINT "proc_requisitions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_requisitions" ADD CONSTRAINT "proc_requisitions_department_id_proc_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."proc_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_item_id_proc_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."proc_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_from_location_id_proc_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_to_location_id_proc_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."proc_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proc_transfers" ADD CONSTRAINT "proc_transfers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_timestamp_idx" ON "user_activity" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "user_activity_user_id_timestamp_idx" ON "user_activity" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "user_activity_activity_type_timestamp_idx" ON "user_activity" USING btree ("activity_type","timestamp");--> statement-breakpoint
CREATE INDEX "asset_checkouts_status_idx" ON "asset_checkouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "asset_checkouts_expected_return_at_idx" ON "asset_checkouts" USING btree ("expected_return_at");--> statement-breakpoint
CREATE INDEX "asset_checkouts_product_id_idx" ON "asset_checkouts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "asset_checkouts_user_id_idx" ON "asset_checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_department_id_idx" ON "products" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_created_at_idx" ON "expenses" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_cashier" ON "shifts" USING btree ("cashier_id") WHERE is_open;--> statement-breakpoint
CREATE INDEX "shifts_started_at_idx" ON "shifts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "transaction_items_transaction_id_idx" ON "transaction_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_items_product_id_idx" ON "transaction_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "transactions_created_at_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_shift_id_idx" ON "transactions" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "transactions_user_id_created_at_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "proc_departments_parent_id_idx" ON "proc_departments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "proc_items_category_id_idx" ON "proc_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "proc_items_department_id_idx" ON "proc_items" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "proc_items_barcode_idx" ON "proc_items" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "proc_locations_department_id_idx" ON "proc_locations" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "proc_stock_levels_location_id_idx" ON "proc_stock_levels" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "proc_asset_writeoffs_asset_id_idx" ON "proc_asset_writeoffs" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "proc_trade_deliveries_job_id_idx" ON "proc_trade_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "proc_trade_job_bom_job_id_idx" ON "proc_trade_job_bom" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "proc_trade_jobs_client_id_idx" ON "proc_trade_jobs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "proc_trade_jobs_status_idx" ON "proc_trade_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proc_wip_issues_job_id_idx" ON "proc_wip_issues" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "proc_wip_returns_job_id_idx" ON "proc_wip_returns" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "proc_goods_receipt_lines_goods_receipt_id_idx" ON "proc_goods_receipt_lines" USING btree ("goods_receipt_id");--> statement-breakpoint
CREATE INDEX "proc_goods_receipts_po_id_idx" ON "proc_goods_receipts" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_item_id_created_at_idx" ON "proc_inventory_transactions" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "proc_inventory_transactions_ref_idx" ON "proc_inventory_transactions" USING btree ("ref_table","ref_id");--> statement-breakpoint
CREATE INDEX "proc_issues_item_id_idx" ON "proc_issues" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "proc_maintenance_asset_id_idx" ON "proc_maintenance" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "proc_maintenance_scheduled_for_idx" ON "proc_maintenance" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "proc_purchase_order_lines_po_id_idx" ON "proc_purchase_order_lines" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "proc_purchase_orders_supplier_id_idx" ON "proc_purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "proc_purchase_orders_status_idx" ON "proc_purchase_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proc_requisition_lines_requisition_id_idx" ON "proc_requisition_lines" USING btree ("requisition_id");--> statement-breakpoint
CREATE INDEX "proc_requisitions_department_id_idx" ON "proc_requisitions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "proc_requisitions_status_idx" ON "proc_requisitions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proc_safety_checks_target_idx" ON "proc_safety_checks" USING btree ("scope","item_or_asset_id");--> statement-breakpoint
CREATE INDEX "proc_safety_checks_due_date_idx" ON "proc_safety_checks" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "proc_transfers_item_id_idx" ON "proc_transfers" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_pin_hash_unique" ON "users" USING btree ("pin_hash") WHERE is_active;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");