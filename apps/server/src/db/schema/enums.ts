import {
  CHECKOUT_STATUSES,
  EXPENSE_CATEGORIES,
  EXPENSE_PAYMENT_METHODS,
  INVENTORY_REASONS,
  RETURN_CONDITIONS,
  ROLES,
  TENDER_METHODS,
} from '@retail-hub/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

/**
 * Every closed list of the spec stored as a PostgreSQL enum (spec §3 lists and §4 enumerations).
 * The value arrays are exported so services and validators use the same lists as the database.
 * AI suggestion types and priorities are computed, never stored, so they have no enum here.
 */

/** spec §3 users.role. */
export const userRoleEnum = pgEnum('user_role', ROLES);

/** spec §3 products.assetType; 'regular' is an ordinary shop product. */
export const ASSET_TYPES = ['regular', 'tool', 'material', 'equipment', 'consumable'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const assetTypeEnum = pgEnum('asset_type', ASSET_TYPES);

/** spec §3 POS payment methods, and 'account' (issue #34 item 3, ADR 0034): a tender charged to an account. */
export const paymentMethodEnum = pgEnum('payment_method', TENDER_METHODS);

/** spec §3 expenses categories and payment methods (a shorter list than the POS one). */
export const expenseCategoryEnum = pgEnum('expense_category', EXPENSE_CATEGORIES);
export const expensePaymentMethodEnum = pgEnum('expense_payment_method', EXPENSE_PAYMENT_METHODS);

/** spec §4 Asset checkout displayed statuses; spec §3 asset_checkouts.returnCondition. */
export const checkoutStatusEnum = pgEnum('checkout_status', CHECKOUT_STATUSES);
export const returnConditionEnum = pgEnum('return_condition', RETURN_CONDITIONS);

// ---- Procurement (spec §4 Enumerations) ----

export const JOB_STATUSES = [
  'draft',
  'quoted',
  'approved',
  'in_progress',
  'qa',
  'ready',
  'delivered',
  'cancelled',
] as const;
export const jobStatusEnum = pgEnum('proc_job_status', JOB_STATUSES);

export const JOB_PRIORITIES = ['low', 'normal', 'high'] as const;
export const jobPriorityEnum = pgEnum('proc_job_priority', JOB_PRIORITIES);

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected'] as const;
export const quoteStatusEnum = pgEnum('proc_quote_status', QUOTE_STATUSES);

export const JOB_STEP_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'] as const;
export const jobStepStatusEnum = pgEnum('proc_job_step_status', JOB_STEP_STATUSES);

export const WRITEOFF_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'disposed'] as const;
export const writeoffStatusEnum = pgEnum('proc_writeoff_status', WRITEOFF_STATUSES);

export const WRITEOFF_REASONS = ['damaged', 'obsolete', 'loss', 'theft', 'other'] as const;
export const writeoffReasonEnum = pgEnum('proc_writeoff_reason', WRITEOFF_REASONS);

export const DISPOSAL_METHODS = ['scrap', 'donation', 'sale', 'recycle', 'other'] as const;
export const disposalMethodEnum = pgEnum('proc_disposal_method', DISPOSAL_METHODS);

/** The one stock ledger's reasons, as packages/shared lists them (ADR 0025: every writer of stock). */
export const INVENTORY_TRANSACTION_REASONS = INVENTORY_REASONS;
export const inventoryTransactionReasonEnum = pgEnum('proc_inventory_reason', INVENTORY_TRANSACTION_REASONS);

export const REQUISITION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'ordered'] as const;
export const requisitionStatusEnum = pgEnum('proc_requisition_status', REQUISITION_STATUSES);

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'confirmed', 'delivered', 'cancelled'] as const;
export const purchaseOrderStatusEnum = pgEnum('proc_purchase_order_status', PURCHASE_ORDER_STATUSES);

export const GOODS_RECEIPT_STATUSES = ['pending', 'partial', 'completed', 'rejected'] as const;
export const goodsReceiptStatusEnum = pgEnum('proc_goods_receipt_status', GOODS_RECEIPT_STATUSES);

export const ISSUE_STATUSES = ['pending', 'approved', 'completed', 'cancelled'] as const;
export const issueStatusEnum = pgEnum('proc_issue_status', ISSUE_STATUSES);

export const TRANSFER_STATUSES = ['pending', 'approved', 'in_transit', 'completed', 'cancelled'] as const;
export const transferStatusEnum = pgEnum('proc_transfer_status', TRANSFER_STATUSES);

export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export const maintenanceStatusEnum = pgEnum('proc_maintenance_status', MAINTENANCE_STATUSES);

export const MAINTENANCE_TYPES = ['preventive', 'corrective', 'emergency', 'upgrade'] as const;
export const maintenanceTypeEnum = pgEnum('proc_maintenance_type', MAINTENANCE_TYPES);

export const SAFETY_CHECK_STATUSES = ['pending', 'completed', 'failed', 'overdue'] as const;
export const safetyCheckStatusEnum = pgEnum('proc_safety_check_status', SAFETY_CHECK_STATUSES);

export const SAFETY_CHECK_SCOPES = ['item', 'asset'] as const;
export const safetyCheckScopeEnum = pgEnum('proc_safety_check_scope', SAFETY_CHECK_SCOPES);
