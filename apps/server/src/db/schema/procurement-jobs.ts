import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, currencyCheck, hours, id, money, quantity, taxRate, timestamptz, updatedAt } from './columns';
import {
  disposalMethodEnum,
  jobPriorityEnum,
  jobStatusEnum,
  jobStepStatusEnum,
  quoteStatusEnum,
  writeoffReasonEnum,
  writeoffStatusEnum,
} from './enums';
import { procAssets, procDepartments, procItems, procLocations } from './procurement-core';
import { users } from './users';

/**
 * Trade jobs done for clients (spec §3): quotes, bill of materials, steps, work-in-progress
 * issues and returns, deliveries; plus asset write-offs. No screen uses them yet (spec §3).
 */

export const procClients = pgTable('proc_clients', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull(),
  contactName: varchar('contact_name', { length: 255 }),
  phone: varchar('phone', { length: 50 }),
  email: varchar('email', { length: 255 }),
  address: text('address'),
  notes: text('notes'),
  /** A department of the institution rather than an outside customer. */
  isInternal: boolean('is_internal').notNull().default(false),
  /** Issue #18: archived clients leave the pickers; their jobs keep pointing at them. */
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** spec §3 trade jobs: job_number unique (spec §5); status draft and priority normal by default (spec §9). */
export const procTradeJobs = pgTable(
  'proc_trade_jobs',
  {
    id: id(),
    jobNumber: varchar('job_number', { length: 50 }).notNull().unique('proc_trade_jobs_job_number_unique'),
    clientId: uuid('client_id').references(() => procClients.id, { onDelete: 'restrict' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    status: jobStatusEnum('status').notNull().default('draft'),
    priority: jobPriorityEnum('priority').notNull().default('normal'),
    requestedDate: date('requested_date', { mode: 'string' }),
    neededByDate: date('needed_by_date', { mode: 'string' }),
    approvedDate: date('approved_date', { mode: 'string' }),
    deliveredDate: date('delivered_date', { mode: 'string' }),
    priceCurrency: char('price_currency', { length: 3 }).notNull().default('USD'),
    priceTotalEstimate: money('price_total_estimate'),
    priceTotalActual: money('price_total_actual'),
    attachmentsJson: jsonb('attachments_json'),
    /** Issue #18: a manager let the job reach qa before its bill of materials was fully issued. */
    materialsWaivedBy: uuid('materials_waived_by').references(() => users.id, { onDelete: 'restrict' }),
    materialsWaivedAt: timestamptz('materials_waived_at'),
    materialsWaiverNote: text('materials_waiver_note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proc_trade_jobs_client_id_idx').on(t.clientId),
    index('proc_trade_jobs_status_idx').on(t.status),
    currencyCheck('proc_trade_jobs_price_currency_check', t.priceCurrency),
    check('proc_trade_jobs_price_total_estimate_check', sql`${t.priceTotalEstimate} >= 0`),
    check('proc_trade_jobs_price_total_actual_check', sql`${t.priceTotalActual} >= 0`),
  ],
);

/** A bytea column read and written as a Buffer (pg) or Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Issue #18: a job's drawings, photos and PDFs, the file in the row (ADR 0020). The single source
 * of a job's attachments: proc_trade_jobs.attachments_json (spec §3) is not written.
 */
export const procTradeJobAttachments = pgTable(
  'proc_trade_job_attachments',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'restrict' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    index('proc_trade_job_attachments_job_id_idx').on(t.jobId),
    check(
      'proc_trade_job_attachments_content_type_check',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')`,
    ),
    check(
      'proc_trade_job_attachments_size_check',
      sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880 and ${t.sizeBytes} = octet_length(${t.data})`,
    ),
  ],
);

/** spec §3 trade quotes: version 1 first (spec §9), one row per job and version. */
export const procTradeQuotes = pgTable(
  'proc_trade_quotes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull().default(1),
    subtotal: money('subtotal').notNull().default('0'),
    taxTotal: money('tax_total').notNull().default('0'),
    grandTotal: money('grand_total').notNull().default('0'),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    status: quoteStatusEnum('status').notNull().default('draft'),
    validUntil: date('valid_until', { mode: 'string' }),
    notes: text('notes'),
    /** Issue #18: the tax rate (percent) applied to the subtotal. */
    taxRate: taxRate('tax_rate').notNull().default('0'),
    /** Labour rate per hour of the job's department when the quote was made. */
    labourRate: money('labour_rate').notNull().default('0'),
    sentAt: timestamptz('sent_at'),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    /** A newer version replaced this open (draft or sent) quote: it is rejected with this set. */
    supersededAt: timestamptz('superseded_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('proc_trade_quotes_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    unique('proc_trade_quotes_job_id_version_no_unique').on(t.jobId, t.versionNo),
    check('proc_trade_quotes_version_no_check', sql`${t.versionNo} >= 1`),
    check('proc_trade_quotes_subtotal_check', sql`${t.subtotal} >= 0`),
    check('proc_trade_quotes_tax_total_check', sql`${t.taxTotal} >= 0`),
    check('proc_trade_quotes_grand_total_check', sql`${t.grandTotal} >= 0`),
    currencyCheck('proc_trade_quotes_currency_check', t.currency),
  ],
);

/** Bill of materials: what a job needs. */
export const procTradeJobBom = pgTable(
  'proc_trade_job_bom',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    qtyRequired: quantity('qty_required').notNull(),
    uom: varchar('uom', { length: 50 }),
    notes: text('notes'),
  },
  (t) => [
    index('proc_trade_job_bom_job_id_idx').on(t.jobId),
    check('proc_trade_job_bom_qty_required_check', sql`${t.qtyRequired} > 0`),
  ],
);

export const procTradeJobSteps = pgTable(
  'proc_trade_job_steps',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    stepNo: integer('step_no').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    instructions: text('instructions'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    plannedHours: hours('planned_hours'),
    actualHours: hours('actual_hours'),
    status: jobStepStatusEnum('status').notNull().default('pending'),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    notes: text('notes'),
  },
  (t) => [
    unique('proc_trade_job_steps_job_id_step_no_unique').on(t.jobId, t.stepNo),
    check('proc_trade_job_steps_step_no_check', sql`${t.stepNo} >= 1`),
    check('proc_trade_job_steps_planned_hours_check', sql`${t.plannedHours} >= 0`),
    check('proc_trade_job_steps_actual_hours_check', sql`${t.actualHours} >= 0`),
  ],
);

/** Material issued from stock to a job in progress. */
export const procWipIssues = pgTable(
  'proc_wip_issues',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    qtyIssued: quantity('qty_issued').notNull(),
    /** Issue #18: the item's unit cost when issued (actual cost = issued − returned at unit cost). */
    unitCost: money('unit_cost').notNull().default('0'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'restrict' }),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    notes: text('notes'),
  },
  (t) => [
    index('proc_wip_issues_job_id_idx').on(t.jobId),
    check('proc_wip_issues_qty_issued_check', sql`${t.qtyIssued} > 0`),
  ],
);

/** Unused material returned from a job to stock. */
export const procWipReturns = pgTable(
  'proc_wip_returns',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    qtyReturned: quantity('qty_returned').notNull(),
    /** The unit cost the job was charged for this item (its latest issue's). */
    unitCost: money('unit_cost').notNull().default('0'),
    returnedBy: uuid('returned_by').references(() => users.id, { onDelete: 'restrict' }),
    returnedAt: timestamptz('returned_at').notNull().defaultNow(),
    notes: text('notes'),
  },
  (t) => [
    index('proc_wip_returns_job_id_idx').on(t.jobId),
    check('proc_wip_returns_qty_returned_check', sql`${t.qtyReturned} > 0`),
  ],
);

export const procTradeDeliveries = pgTable(
  'proc_trade_deliveries',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'restrict' }),
    deliveryNo: varchar('delivery_no', { length: 50 }),
    deliveredBy: uuid('delivered_by').references(() => users.id, { onDelete: 'restrict' }),
    deliveredTo: varchar('delivered_to', { length: 255 }),
    deliveryDate: timestamptz('delivery_date'),
    acceptanceName: varchar('acceptance_name', { length: 255 }),
    acceptanceSignatureUrl: text('acceptance_signature_url'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('proc_trade_deliveries_job_id_idx').on(t.jobId),
    unique('proc_trade_deliveries_job_id_delivery_no_unique').on(t.jobId, t.deliveryNo),
    /** Issue #18: a delivery closes its job, so one per job. */
    unique('proc_trade_deliveries_job_id_unique').on(t.jobId),
  ],
);

/** Issue #18: one line of a quote: a BOM item at its unit cost, or the labour of the planned hours. */
export const procTradeQuoteLines = pgTable(
  'proc_trade_quote_lines',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => procTradeQuotes.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    itemId: uuid('item_id').references(() => procItems.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 255 }).notNull(),
    qty: quantity('qty').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
  },
  (t) => [
    unique('proc_trade_quote_lines_quote_id_line_no_unique').on(t.quoteId, t.lineNo),
    check('proc_trade_quote_lines_kind_check', sql`${t.kind} in ('material', 'labour')`),
    check('proc_trade_quote_lines_qty_check', sql`${t.qty} >= 0`),
    check('proc_trade_quote_lines_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('proc_trade_quote_lines_line_total_check', sql`${t.lineTotal} >= 0`),
  ],
);

/** Issue #18: who moved a job from which state to which, when, with what note. */
export const procTradeJobStatusHistory = pgTable(
  'proc_trade_job_status_history',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    fromStatus: jobStatusEnum('from_status'),
    toStatus: jobStatusEnum('to_status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'restrict' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('proc_trade_job_status_history_job_id_idx').on(t.jobId, t.changedAt)],
);

/**
 * Issue #30 item 19: a manager's correction of a completed step's actual hours (until the job is
 * delivered). The step keeps the corrected figure; this keeps who changed it, from what and why.
 */
export const procTradeJobStepHoursChanges = pgTable(
  'proc_trade_job_step_hours_changes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => procTradeJobs.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => procTradeJobSteps.id, { onDelete: 'cascade' }),
    fromHours: hours('from_hours').notNull(),
    toHours: hours('to_hours').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('proc_trade_job_step_hours_changes_job_id_idx').on(t.jobId, t.changedAt)],
);

export const procAssetWriteoffs = pgTable(
  'proc_asset_writeoffs',
  {
    id: id(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => procAssets.id, { onDelete: 'restrict' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'restrict' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    status: writeoffStatusEnum('status').notNull().default('draft'),
    reason: writeoffReasonEnum('reason').notNull(),
    conditionAtDisposal: text('condition_at_disposal'),
    salvageValueCurrency: char('salvage_value_currency', { length: 3 }).notNull().default('USD'),
    salvageValueAmount: money('salvage_value_amount'),
    disposalDate: date('disposal_date', { mode: 'string' }),
    disposalMethod: disposalMethodEnum('disposal_method'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue #17: when it was submitted and decided, and why (a rejection's reason). */
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
    disposedBy: uuid('disposed_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('proc_asset_writeoffs_asset_id_idx').on(t.assetId),
    // One write-off in progress or done per unit (a rejected one may be followed by another).
    uniqueIndex('proc_asset_writeoffs_open_unique')
      .on(t.assetId)
      .where(sql`${t.status} in ('draft', 'submitted', 'approved', 'disposed')`),
    currencyCheck('proc_asset_writeoffs_salvage_value_currency_check', t.salvageValueCurrency),
    check('proc_asset_writeoffs_salvage_value_amount_check', sql`${t.salvageValueAmount} >= 0`),
  ],
);
