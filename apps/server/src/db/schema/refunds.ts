import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { createdAt, id, money, unitCost } from './columns';
import { paymentMethodEnum } from './enums';
import { shifts, transactionItems, transactions } from './pos';
import { users } from './users';

/**
 * A refund (issue #15 item 5, docs/adr/0010): its own document against one sale, with its own
 * number (derived from its id, like a sale's), the money given back and how, and whether the
 * goods went back to stock. It belongs to the shift of the user who gave the money back (their
 * drawer paid it out), not to the sale's shift. How much of each line has been refunded is kept
 * on the sale line itself (`transaction_items.refunded_quantity`, never above the quantity sold)
 * so concurrent refunds are bounded by one conditional update per line.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The manager whose PIN approved a cashier's refund; null when the user's role approves. */
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'restrict' }),
    reason: varchar('reason', { length: 50 }).notNull(),
    note: text('note'),
    /** Goods back on the shelf (refund movements) or written off (refund + writeoff movements). */
    restock: boolean('restock').notNull(),
    /**
     * How the money went back, as a summary: cash from the drawer, or the method of the tender given
     * the most back (issue #34: `refund_payments` holds every tender's part).
     */
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    subtotal: money('subtotal').notNull(),
    /** The card fee given back, proportional to the refunded subtotal and exact to the cent. */
    cardFee: money('card_fee').notNull(),
    /**
     * Issue #34 item 2 (ADR 0030, migration 0037): the sales tax given back, each line's at the
     * rate and tax it was charged (never today's), and whether the sale's prices included it (then
     * it is inside the subtotal; else added to it).
     */
    salesTax: money('sales_tax').notNull().default('0'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    total: money('total').notNull(),
    idempotencyKey: uuid('idempotency_key').unique('refunds_idempotency_key_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_transaction_id_idx').on(t.transactionId),
    index('refunds_shift_id_idx').on(t.shiftId),
    index('refunds_created_at_idx').on(t.createdAt),
    // >= 0: a line given away at 100% off refunds nothing (issue #15 item 7), but its goods still come back.
    check('refunds_subtotal_check', sql`${t.subtotal} >= 0`),
    check('refunds_card_fee_check', sql`${t.cardFee} >= 0`),
    check(
      'refunds_total_check',
      sql`${t.total} = ${t.subtotal} + ${t.cardFee} + case when ${t.pricesIncludeTax} then 0 else ${t.salesTax} end`,
    ),
    check('refunds_sales_tax_check', sql`${t.salesTax} >= 0`),
  ],
);

/** The lines of a refund: which sale line, how many units, at the price they were sold at. */
export const refundItems = pgTable(
  'refund_items',
  {
    id: id(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    transactionItemId: uuid('transaction_item_id')
      .notNull()
      .references(() => transactionItems.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** What these units paid: their part of the line's net (after its discounts, ADR 0019). */
    totalPrice: money('total_price').notNull(),
    /** Issue #34 item 2: the sales tax these units give back (their share of the line's stored tax). */
    tax: money('tax').notNull().default('0'),
    /** Issue #37 (ADR 0036): the cost of one unit given back: the sale line's, so the refund reverses it exactly. */
    unitCost: unitCost('unit_cost'),
  },
  (t) => [
    index('refund_items_refund_id_idx').on(t.refundId),
    index('refund_items_transaction_item_id_idx').on(t.transactionItemId),
    check('refund_items_quantity_check', sql`${t.quantity} > 0`),
    check(
      'refund_items_total_price_check',
      sql`${t.totalPrice} >= 0 and ${t.totalPrice} <= ${t.unitPrice} * ${t.quantity}`,
    ),
  ],
);

/**
 * Issue #34 item 1 (docs/adr/0029): how a refund's money went back, per tender of the sale. `tender_seq`
 * is the sale's tender it counts against (its `refunded` was raised by `amount`); `method` is how
 * it was paid out: the tender's own method, or cash from the drawer (a refund with method 'cash').
 * Σ amount = the refund's total. Only the primary key is indexed.
 */
export const refundPayments = pgTable(
  'refund_payments',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    tenderSeq: smallint('tender_seq').notNull(),
    method: paymentMethodEnum('method').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'refund_payments_pkey', columns: [t.refundId, t.seq] }),
    check('refund_payments_amount_check', sql`${t.amount} > 0`),
  ],
);
