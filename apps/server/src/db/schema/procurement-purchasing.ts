import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  createdAt,
  currencyCheck,
  id,
  money,
  quantity,
  taxRate,
  timeOrderedId,
  timestamptz,
  unitCost,
  updatedAt,
} from './columns';
import {
  goodsReceiptStatusEnum,
  inventoryTransactionReasonEnum,
  issueStatusEnum,
  maintenanceStatusEnum,
  maintenanceTypeEnum,
  purchaseOrderStatusEnum,
  requisitionStatusEnum,
  safetyCheckScopeEnum,
  safetyCheckStatusEnum,
  transferStatusEnum,
} from './enums';
import {
  procAssets,
  procDepartments,
  procItemBatches,
  procItems,
  procLocations,
  procSuppliers,
} from './procurement-core';
import { users } from './users';

/**
 * Procurement documents (spec §3): requisitions, purchase orders, goods receipts, the inventory
 * ledger, issues, transfers, maintenance and safety checks. Documents and the ledger are history:
 * the people, items and locations they mention cannot be deleted from under them (restrict);
 * document lines go with their document (cascade).
 */

export const procRequisitions = pgTable(
  'proc_requisitions',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => procDepartments.id, { onDelete: 'restrict' }),
    status: requisitionStatusEnum('status').notNull().default('draft'),
    neededByDate: date('needed_by_date', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** REQ-YYYY-NNNNN from the document-number service (modules/numbering, ADR 0026). */
    reqNumber: varchar('req_number', { length: 50 }).unique('proc_requisitions_req_number_unique'),
    submittedAt: timestamptz('submitted_at'),
    /** Who approved or rejected it, when, and why (a rejection's reason). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('proc_requisitions_department_id_idx').on(t.departmentId),
    index('proc_requisitions_status_idx').on(t.status),
    index('proc_requisitions_requester_id_idx').on(t.requesterId),
  ],
);

export const procRequisitionLines = pgTable(
  'proc_requisition_lines',
  {
    id: id(),
    requisitionId: uuid('requisition_id')
      .notNull()
      .references(() => procRequisitions.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    qtyRequested: quantity('qty_requested').notNull(),
    /** Issue #16 item 3: how much of this line purchase orders cover (status comes from this). */
    qtyOrdered: quantity('qty_ordered').notNull().default('0'),
    /** Estimated unit price (the approval threshold compares the sum of qty x this). */
    estUnitPrice: money('est_unit_price').notNull().default('0'),
    lineNo: integer('line_no').notNull().default(0),
  },
  (t) => [
    index('proc_requisition_lines_requisition_id_idx').on(t.requisitionId),
    check('proc_requisition_lines_qty_requested_check', sql`${t.qtyRequested} > 0`),
    check('proc_requisition_lines_qty_ordered_check', sql`${t.qtyOrdered} >= 0`),
    check('proc_requisition_lines_est_unit_price_check', sql`${t.estUnitPrice} >= 0`),
  ],
);

/** spec §3 purchase orders: po_number unique (spec §5), currency default USD (spec §9). */
export const procPurchaseOrders = pgTable(
  'proc_purchase_orders',
  {
    id: id(),
    poNumber: varchar('po_number', { length: 50 }).notNull().unique('proc_purchase_orders_po_number_unique'),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => procSuppliers.id, { onDelete: 'restrict' }),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'restrict' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'restrict' }),
    status: purchaseOrderStatusEnum('status').notNull().default('draft'),
    neededByDate: date('needed_by_date', { mode: 'string' }),
    /** Issue #30 item 21: where the supplier delivers (printed on the order). */
    deliveryLocationId: uuid('delivery_location_id').references(() => procLocations.id, { onDelete: 'restrict' }),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    /** Computed totals (subtotal, tax, total as 2-decimal strings) frozen when the PO is sent. */
    totalsJson: jsonb('totals_json'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    note: text('note'),
    sentAt: timestamptz('sent_at'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'restrict' }),
    confirmedAt: timestamptz('confirmed_at'),
    deliveredAt: timestamptz('delivered_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelReason: text('cancel_reason'),
    /**
     * Issue #30 item 6: an order above its department's approval threshold is approved on the
     * order itself (a manager or super admin, not its creator) before it is sent; editing the
     * draft clears it.
     */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamptz('approved_at'),
  },
  (t) => [
    index('proc_purchase_orders_supplier_id_idx').on(t.supplierId),
    index('proc_purchase_orders_status_idx').on(t.status),
    currencyCheck('proc_purchase_orders_currency_check', t.currency),
  ],
);

export const procPurchaseOrderLines = pgTable(
  'proc_purchase_order_lines',
  {
    id: id(),
    poId: uuid('po_id')
      .notNull()
      .references(() => procPurchaseOrders.id, { onDelete: 'cascade' }),
    /** Null for a free-text line described by `description`. */
    itemId: uuid('item_id').references(() => procItems.id, { onDelete: 'restrict' }),
    description: text('description'),
    qtyOrdered: quantity('qty_ordered').notNull(),
    unitPrice: money('unit_price').notNull(),
    taxRate: taxRate('tax_rate').notNull().default('0'),
    lineTotal: money('line_total').notNull(),
    lineNo: integer('line_no').notNull().default(0),
    /** The requisition line this order line fills (null for a line ordered from scratch). */
    requisitionLineId: uuid('requisition_line_id').references(() => procRequisitionLines.id, {
      onDelete: 'restrict',
    }),
    /** Sum of every receipt of this line (over-receipt tolerance is checked on it, ADR 0013). */
    qtyReceived: quantity('qty_received').notNull().default('0'),
  },
  (t) => [
    index('proc_purchase_order_lines_po_id_idx').on(t.poId),
    index('proc_purchase_order_lines_requisition_line_id_idx').on(t.requisitionLineId),
    check('proc_purchase_order_lines_qty_received_check', sql`${t.qtyReceived} >= 0`),
    check(
      'proc_purchase_order_lines_item_or_description_check',
      sql`${t.itemId} is not null or ${t.description} is not null`,
    ),
    check('proc_purchase_order_lines_qty_ordered_check', sql`${t.qtyOrdered} > 0`),
    check('proc_purchase_order_lines_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('proc_purchase_order_lines_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    check('proc_purchase_order_lines_line_total_check', sql`${t.lineTotal} >= 0`),
  ],
);

export const procGoodsReceipts = pgTable(
  'proc_goods_receipts',
  {
    id: id(),
    /** Null for goods received without an order (a donation, a return). */
    poId: uuid('po_id').references(() => procPurchaseOrders.id, { onDelete: 'restrict' }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    status: goodsReceiptStatusEnum('status').notNull().default('pending'),
    invoiceNo: varchar('invoice_no', { length: 100 }),
    deliveryNote: varchar('delivery_note', { length: 255 }),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    createdAt: createdAt(),
    /** GRN-YYYY-NNNNN from the document-number service (modules/numbering). */
    grnNumber: varchar('grn_number', { length: 50 }).unique('proc_goods_receipts_grn_number_unique'),
    /** Why a delivery was rejected, or any remark on the receipt. */
    note: text('note'),
  },
  (t) => [index('proc_goods_receipts_po_id_idx').on(t.poId)],
);

/**
 * Purchasing settings an administrator changes in the app (ADR 0013), one row per key:
 * `over_receipt_tolerance_percent` (default 0).
 */
export const procSettings = pgTable('proc_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const procGoodsReceiptLines = pgTable(
  'proc_goods_receipt_lines',
  {
    id: id(),
    goodsReceiptId: uuid('goods_receipt_id')
      .notNull()
      .references(() => procGoodsReceipts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id').references(() => procItemBatches.id, { onDelete: 'set null' }),
    qtyReceived: quantity('qty_received').notNull(),
    remarks: text('remarks'),
    poLineId: uuid('po_line_id').references(() => procPurchaseOrderLines.id, { onDelete: 'restrict' }),
    /** The order line's unit price at receipt: what this stock cost. */
    unitCost: money('unit_cost'),
  },
  (t) => [
    index('proc_goods_receipt_lines_goods_receipt_id_idx').on(t.goodsReceiptId),
    index('proc_goods_receipt_lines_po_line_id_idx').on(t.poLineId),
    check('proc_goods_receipt_lines_unit_cost_check', sql`${t.unitCost} >= 0`),
    check('proc_goods_receipt_lines_qty_received_check', sql`${t.qtyReceived} > 0`),
  ],
);

/**
 * The stock ledger: every movement between locations (null from = into the institution,
 * null to = out of it), pointing back at the document that caused it (ref_table, ref_id).
 */
export const procInventoryTransactions = pgTable(
  'proc_inventory_transactions',
  {
    id: timeOrderedId(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    fromLocationId: uuid('from_location_id').references(() => procLocations.id, { onDelete: 'restrict' }),
    toLocationId: uuid('to_location_id').references(() => procLocations.id, { onDelete: 'restrict' }),
    qty: quantity('qty').notNull(),
    reason: inventoryTransactionReasonEnum('reason').notNull(),
    refTable: varchar('ref_table', { length: 64 }),
    refId: uuid('ref_id'),
    /** The batch that moved (receipts record it; issues and transfers take the soonest expiry first). */
    batchId: uuid('batch_id').references(() => procItemBatches.id, { onDelete: 'restrict' }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    /** ADR 0025: the manager whose PIN approved the change, when someone else's was needed. */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Issue #37 item 1 (ADR 0036): the cost of one unit of what moved, at that moment: a receipt's
     * batch cost, else the level's moving average (a transfer: the source's). Never rewritten.
     */
    unitCost: unitCost('unit_cost').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    index('proc_inventory_transactions_item_id_created_at_idx').on(t.itemId, t.createdAt),
    // Partial (issue #38 item 3): a sale's or an issue's row has no destination and no batch, a
    // receipt's no source; every read of these indexes names a location or a batch, which implies
    // NOT NULL, so the rows without one add no index entries.
    index('proc_inventory_transactions_from_location_idx')
      .on(t.fromLocationId, t.createdAt)
      .where(sql`${t.fromLocationId} is not null`),
    index('proc_inventory_transactions_to_location_idx')
      .on(t.toLocationId, t.createdAt)
      .where(sql`${t.toLocationId} is not null`),
    index('proc_inventory_transactions_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    index('proc_inventory_transactions_ref_idx').on(t.refTable, t.refId),
    check('proc_inventory_transactions_qty_check', sql`${t.qty} > 0`),
    check(
      'proc_inventory_transactions_location_check',
      sql`${t.fromLocationId} is not null or ${t.toLocationId} is not null`,
    ),
  ],
);

export const procIssues = pgTable(
  'proc_issues',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    qty: quantity('qty').notNull(),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'restrict' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    status: issueStatusEnum('status').notNull().default('pending'),
    note: text('note'),
    /** Who handed the stock out, and when (the issue's movement is posted then). */
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'restrict' }),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proc_issues_item_id_idx').on(t.itemId),
    index('proc_issues_department_id_idx').on(t.departmentId),
    check('proc_issues_qty_check', sql`${t.qty} > 0`),
  ],
);

export const procTransfers = pgTable(
  'proc_transfers',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    fromLocationId: uuid('from_location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    toLocationId: uuid('to_location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    qty: quantity('qty').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    status: transferStatusEnum('status').notNull().default('pending'),
    note: text('note'),
    /** Dispatch takes `qty` out of the source; receipt puts `qty_received` into the destination. */
    dispatchedBy: uuid('dispatched_by').references(() => users.id, { onDelete: 'restrict' }),
    dispatchedAt: timestamptz('dispatched_at'),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: timestamptz('received_at'),
    /** What arrived; qty − qty_received is the recorded shortfall. */
    qtyReceived: quantity('qty_received'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proc_transfers_item_id_idx').on(t.itemId),
    check('proc_transfers_qty_check', sql`${t.qty} > 0`),
    check('proc_transfers_qty_received_check', sql`${t.qtyReceived} >= 0 and ${t.qtyReceived} <= ${t.qty}`),
    check('proc_transfers_distinct_locations_check', sql`${t.fromLocationId} <> ${t.toLocationId}`),
  ],
);

export const procMaintenance = pgTable(
  'proc_maintenance',
  {
    id: id(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => procAssets.id, { onDelete: 'restrict' }),
    type: maintenanceTypeEnum('type').notNull(),
    scheduledFor: timestamptz('scheduled_for'),
    completedAt: timestamptz('completed_at'),
    technician: varchar('technician', { length: 255 }),
    notes: text('notes'),
    status: maintenanceStatusEnum('status').notNull().default('scheduled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue #17: when work began, who scheduled it, and the loan whose return opened it. */
    startedAt: timestamptz('started_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    checkoutId: uuid('checkout_id'),
  },
  (t) => [
    index('proc_maintenance_asset_id_idx').on(t.assetId),
    index('proc_maintenance_scheduled_for_idx').on(t.scheduledFor),
  ],
);

/**
 * spec §3 safety checks: `item_or_asset_id` points at proc_items or proc_assets depending on
 * `scope`, so it has no foreign key.
 */
export const procSafetyChecks = pgTable(
  'proc_safety_checks',
  {
    id: id(),
    itemOrAssetId: uuid('item_or_asset_id').notNull(),
    scope: safetyCheckScopeEnum('scope').notNull(),
    checkType: varchar('check_type', { length: 100 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    completedDate: date('completed_date', { mode: 'string' }),
    inspector: varchar('inspector', { length: 255 }),
    status: safetyCheckStatusEnum('status').notNull().default('pending'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue #17: when the result was recorded (orders checks of one day) and who recorded it. */
    recordedAt: timestamptz('recorded_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('proc_safety_checks_target_idx').on(t.scope, t.itemOrAssetId),
    index('proc_safety_checks_due_date_idx').on(t.dueDate),
  ],
);

/**
 * A stock count at one location (issue #16 item 2): each line keeps the book quantity when counted
 * and what was found; the difference is posted as a `count` movement pointing at the count.
 */
export const procStockCounts = pgTable('proc_stock_counts', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => procLocations.id, { onDelete: 'restrict' }),
  countedBy: uuid('counted_by').references(() => users.id, { onDelete: 'restrict' }),
  note: text('note'),
  createdAt: createdAt(),
});

export const procStockCountLines = pgTable(
  'proc_stock_count_lines',
  {
    id: id(),
    countId: uuid('count_id')
      .notNull()
      .references(() => procStockCounts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    bookQty: quantity('book_qty').notNull(),
    countedQty: quantity('counted_qty').notNull(),
  },
  (t) => [
    index('proc_stock_count_lines_count_id_idx').on(t.countId),
    check('proc_stock_count_lines_counted_qty_check', sql`${t.countedQty} >= 0`),
  ],
);
