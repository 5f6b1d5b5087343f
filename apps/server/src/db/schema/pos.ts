import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, customers } from './accounts';
import { products, productVariants } from './catalog';
import { createdAt, id, money, taxRate, timeOrderedId, timestamptz, unitCost, updatedAt } from './columns';
import { expenseCategoryEnum, expensePaymentMethodEnum, paymentMethodEnum } from './enums';
import { stores } from './stores';
import { users } from './users';

/**
 * spec §3 shifts: the one table with a numeric id. A cashier has at most one open shift, which
 * the partial unique index enforces even when two "Start Shift" requests race.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    isOpen: boolean('is_open').notNull().default(true),
    /** Cash in the drawer when the shift started. */
    openingFloat: money('opening_float'),
    /** Cash counted in the drawer when the shift ended. */
    countedCash: money('counted_cash'),
    /**
     * Issue #30 item 3 (ADR 0014): the installed terminal the shift was started on. An offline sale
     * may be dated into this shift only from that terminal (null: started by a client that sends
     * no terminal id, the spec's; then only the outbox's age bounds it).
     */
    terminalId: uuid('terminal_id'),
    /** Issue #32 item 2: the store the shift sells at (its tills, its Z numbers, its reports). */
    storeId: uuid('store_id')
      .notNull()
      // The installation's first store (migration 0024, hand-written): a writer that names no
      // store (the seed, an old client's path) lands where a single-store installation always did.
      .default(sql`default_store_id()`)
      .references(() => stores.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('shifts_one_open_per_cashier').on(t.cashierId).where(sql`is_open`),
    index('shifts_started_at_idx').on(t.startedAt),
    index('shifts_store_id_idx').on(t.storeId),
    // An open shift has no end and a closed one has one. (No ended_at >= started_at check: the
    // two may come from different clocks, the database's and the app server's.)
    check('shifts_end_matches_open_check', sql`${t.isOpen} = (${t.endedAt} is null)`),
    check('shifts_opening_float_check', sql`${t.openingFloat} >= 0`),
    check('shifts_counted_cash_check', sql`${t.countedCash} >= 0`),
  ],
);

/**
 * spec §3 transactions: a sale. History is never cascaded away: users and shifts with sales
 * cannot be deleted (users are deactivated instead, spec §4 User active flag).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: timeOrderedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    subtotal: money('subtotal').notNull(),
    /** spec §9: the card fee (2.5% for card methods), labelled Card Fee in the export; sales tax is 0%. */
    tax: money('tax').notNull(),
    /** Issue #34 item 2: Σ the lines' sales tax (0 while every rate is 0); `tax` keeps the card fee. */
    salesTax: money('sales_tax').notNull().default('0'),
    /**
     * Issue #34 item 2 (migration 0037): whether the prices charged included the sales tax (the
     * store's setting at the time of sale): inclusive, the tax is inside the subtotal; exclusive, it
     * is added to it.
     */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    total: money('total').notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    /** spec §5 Reference code: 'VTPD' + digits, for non-cash payments. */
    referenceCode: varchar('reference_code', { length: 50 }),
    notes: text('notes'),
    status: varchar('status', { length: 20 }).notNull().default('completed'),
    /** Sent by the terminal so a retried request never records a sale twice (architecture guide, Data). */
    idempotencyKey: uuid('idempotency_key').unique('transactions_idempotency_key_unique'),
    /** Cash handed over, for the receipt's change due. */
    amountReceived: money('amount_received'),
    /**
     * Issue #15 item 7 (ADR 0019): every discount of the sale (its lines' and its own), so
     * subtotal + discount_total is the gross. 0 for a sale without discounts.
     */
    discountTotal: money('discount_total').notNull().default('0'),
    /** The whole-sale discount as given ('percent' or 'amount', and its value), null when none. */
    saleDiscountType: varchar('sale_discount_type', { length: 10 }),
    saleDiscountValue: money('sale_discount_value'),
    /** The whole-sale discount in money (spread over the lines' sale_discount_share). */
    saleDiscount: money('sale_discount').notNull().default('0'),
    /** The manager whose PIN approved a discount above the cashier's cap. */
    discountApprovedBy: uuid('discount_approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue #34 item 3 (ADR 0034): the customer the sale was attached to at the till, if any. */
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // A customer's purchase history (only sales with a customer are indexed).
    index('transactions_customer_id_created_at_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.customerId} is not null`),
    // (created_at, id): the reports' lists and CSV exports page in exactly this order (newest first,
    // or keyset from the last row), so a page is an index range scan, not a sort of the whole range.
    index('transactions_created_at_id_idx').on(t.createdAt, t.id),
    index('transactions_shift_id_idx').on(t.shiftId),
    index('transactions_user_id_created_at_idx').on(t.userId, t.createdAt),
    // Issue #15 item 3: find a sale by the 6-character number on its receipt (the id's last 6
    // characters; lower case in the uuid's text form) without scanning a million sales. Keyed by
    // the UTC day first (issue #38 item 3): a sale's entry lands among today's, not on a random
    // page; modules/pos/sale-number.repository.ts is the one lookup and repeats these expressions exactly.
    index('transactions_day_number_idx').on(
      sql`((${t.createdAt} at time zone 'UTC')::date)`,
      sql`right((${t.id})::text, 6)`,
    ),
    check('transactions_subtotal_check', sql`${t.subtotal} >= 0`),
    check('transactions_tax_check', sql`${t.tax} >= 0`),
    // spec §9: the sale total is subtotal plus tax (the card fee); issue #34 item 2: plus the sales
    // tax when prices exclude it (inside the subtotal when they include it).
    check(
      'transactions_total_check',
      sql`${t.total} >= 0 and ${t.total} = ${t.subtotal} + ${t.tax} + case when ${t.pricesIncludeTax} then 0 else ${t.salesTax} end`,
    ),
    check('transactions_sales_tax_check', sql`${t.salesTax} >= 0`),
    check('transactions_amount_received_check', sql`${t.amountReceived} >= 0`),
    check(
      'transactions_discount_check',
      sql`${t.discountTotal} >= 0 and ${t.saleDiscount} >= 0 and ${t.saleDiscount} <= ${t.discountTotal}`,
    ),
    check(
      'transactions_sale_discount_type_check',
      sql`(${t.saleDiscountType} is null and ${t.saleDiscountValue} is null) or (${t.saleDiscountType} in ('percent', 'amount') and ${t.saleDiscountValue} > 0)`,
    ),
  ],
);

/**
 * Issue #34 item 1 (docs/adr/0029): the tenders of a sale, one row per payment in the order they
 * were taken (a one-method sale has exactly one). The one truth of how a sale was paid: reports,
 * the drawer's expected cash and refunds read these rows; `transactions.payment_method` is only the
 * sale's summary method (the tender paying the most) for the §7 answers.
 * - `amount`: what the tender pays toward the sale, card fee included (Σ amount = the sale's total);
 * - `card_fee`: its 2.5% surcharge (cardFeeCents of amount − card_fee; Σ = the sale's tax);
 * - `amount_received`: cash handed over (cash only; change = amount_received − amount, only on the
 *   last cash tender);
 * - `refunded`: given back to this tender so far, raised only by a conditional update and never
 *   above `amount` (CHECK), so concurrent refunds cannot over-refund a tender.
 * Only the primary key is indexed (issue #38: every index entry on the sale path costs WAL).
 */
export const transactionPayments = pgTable(
  'transaction_payments',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the tenders were taken. */
    seq: smallint('seq').notNull(),
    method: paymentMethodEnum('method').notNull(),
    amount: money('amount').notNull(),
    cardFee: money('card_fee').notNull().default('0'),
    /** spec §5 Reference code: 'VTPD' + digits, per non-cash tender. */
    referenceCode: varchar('reference_code', { length: 50 }),
    amountReceived: money('amount_received'),
    refunded: money('refunded').notNull().default('0'),
    /** Issue #34 item 3 (ADR 0034): the account an 'account' tender charged (null for the others). */
    accountId: uuid('account_id').references((): AnyPgColumn => accounts.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ name: 'transaction_payments_pkey', columns: [t.transactionId, t.seq] }),
    check('transaction_payments_seq_check', sql`${t.seq} >= 1`),
    check(
      'transaction_payments_amount_check',
      sql`${t.amount} >= 0 and ${t.cardFee} >= 0 and ${t.cardFee} <= ${t.amount}`,
    ),
    check(
      'transaction_payments_received_check',
      sql`${t.amountReceived} is null or (${t.method} = 'cash' and ${t.amountReceived} >= ${t.amount})`,
    ),
    check('transaction_payments_account_check', sql`(${t.method}::text = 'account') = (${t.accountId} is not null)`),
    check('transaction_payments_refunded_check', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);

/** spec §3 transaction_items: the lines of a sale, priced by the server at the time of sale. */
export const transactionItems = pgTable(
  'transaction_items',
  {
    id: timeOrderedId(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** Copied at sale time so the receipt survives a renamed or deleted size option. */
    variantName: varchar('variant_name', { length: 255 }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    /** Position in the cart (0-based), so a receipt reprints its lines in the order they were rung up. */
    lineNo: integer('line_no').notNull().default(0),
    /**
     * Units of this line refunded so far, over every refund of the sale (issue #15 item 5). Raised
     * only by a conditional update, and never above the quantity sold (CHECK), so concurrent
     * refunds of the same line can never give back more than was sold.
     */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** The line's own discount as given ('percent' or 'amount', and its value), null when none (ADR 0019). */
    discountType: varchar('discount_type', { length: 10 }),
    discountValue: money('discount_value'),
    /** The line's own discount in money. */
    discount: money('discount').notNull().default('0'),
    /** Its share of the sale's whole-sale discount. */
    saleDiscountShare: money('sale_discount_share').notNull().default('0'),
    /** What the line counts for: total_price − discount − sale_discount_share (never below 0). */
    netTotal: money('net_total').notNull().generatedAlwaysAs(sql`total_price - discount - sale_discount_share`),
    /** Issue #34 item 2: the sales tax rate the line was charged at (a refund uses it, never today's). */
    taxRate: taxRate('tax_rate').notNull().default('0'),
    /** The line's sales tax (packages/shared/src/tax.ts); inside net_total when prices include tax. */
    tax: money('tax').notNull().default('0'),
    /**
     * Issue #37 item 1 (ADR 0036): the cost of one unit of what left (the level's moving average
     * when the sale was written, by the sale's own statement); a later receipt never rewrites it.
     * Null: not known (a line of a product without stock).
     */
    unitCost: unitCost('unit_cost'),
    /**
     * Issue #35 item 1 (docs/adr/0035): the line's modifiers as charged, a JSON array of
     * { optionId, groupName, name, price } snapshots (unit_price includes them). Null for a line
     * without modifiers, so such a line costs nothing more than before.
     */
    modifiers: jsonb('modifiers'),
  },
  (t) => [
    // A sale's lines with what the reports sum (product, quantity, net revenue) in the key: reports
    // over a range of days join a few thousand sales to their lines by index-only scans instead of
    // scanning every line ever sold (bench/reports README). Also serves the lookups by sale. The
    // revenue is the line's net (after discounts): top products count what was paid (migration 0019).
    // Issue #37 (ADR 0036): with the unit cost too, so the margin report stays index-only.
    index('transaction_items_sale_lines_idx').on(t.transactionId, t.productId, t.quantity, t.netTotal, t.unitCost),
    index('transaction_items_product_id_idx').on(t.productId),
    check('transaction_items_quantity_check', sql`${t.quantity} > 0`),
    check('transaction_items_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('transaction_items_total_price_check', sql`${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`),
    check(
      'transaction_items_discount_check',
      sql`${t.discount} >= 0 and ${t.saleDiscountShare} >= 0 and ${t.discount} + ${t.saleDiscountShare} <= ${t.totalPrice}`,
    ),
    check(
      'transaction_items_discount_type_check',
      sql`(${t.discountType} is null and ${t.discountValue} is null) or (${t.discountType} in ('percent', 'amount') and ${t.discountValue} > 0)`,
    ),
    check('transaction_items_tax_check', sql`${t.tax} >= 0 and ${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    check(
      'transaction_items_refunded_quantity_check',
      sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Settings of the till a super admin changes in the app, one row per key (ADR 0019):
 * `discount_caps` ({ role: whole percent }). A key without a row has its default.
 */
export const posSettings = pgTable('pos_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** spec §3 expenses. */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    category: expenseCategoryEnum('category').notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    paymentMethod: expensePaymentMethodEnum('payment_method').notNull().default('cash'),
    receiptNumber: varchar('receipt_number', { length: 100 }),
    vendor: varchar('vendor', { length: 255 }),
    notes: text('notes'),
    status: varchar('status', { length: 20 }).notNull().default('approved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Issue #32: the store the expense was spent for (the form's Store picker with several
     * stores). Old rows and a writer that names none: the default store, as for shifts.
     */
    storeId: uuid('store_id')
      .notNull()
      .default(sql`default_store_id()`)
      .references(() => stores.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('expenses_created_at_idx').on(t.createdAt),
    index('expenses_store_id_idx').on(t.storeId),
    check('expenses_amount_check', sql`${t.amount} >= 0`),
  ],
);
