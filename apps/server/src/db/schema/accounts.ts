import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, money, timestamptz, updatedAt } from './columns';
import { transactions } from './pos';
import { procDepartments } from './procurement-core';
import { refunds } from './refunds';
import { users } from './users';

/**
 * Issue #34 item 3 (ADR 0034): the customers a sale can be attached to. The staff or student
 * number is unique when set (ignoring case); search is by name, number, phone or e-mail with the
 * catalogue's trigram indexes (ILIKE '%…%').
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 50 }),
    /** A staff or student number (or a scanned card's), unique ignoring case when set. */
    number: varchar('number', { length: 50 }),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_number_upper_unique').on(sql`upper(${t.number})`),
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('customers_number_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
    index('customers_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/**
 * An account a sale can be charged to (ADR 0034): a customer's or a department's, one each.
 * `balance` = charges − refunds − voids − payments, kept by conditional updates in the same
 * statement or transaction that writes its `account_entries` row; a charge never takes it above
 * `credit_limit` (the sale's statement checks it under the row's lock; the CHECK backs it).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    kind: varchar('kind', { length: 20 }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'restrict' }),
    creditLimit: money('credit_limit').notNull(),
    balance: money('balance').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_customer_unique').on(t.customerId),
    uniqueIndex('accounts_department_unique').on(t.departmentId),
    check(
      'accounts_kind_check',
      sql`(${t.kind} = 'customer' and ${t.customerId} is not null and ${t.departmentId} is null)
       or (${t.kind} = 'department' and ${t.departmentId} is not null and ${t.customerId} is null)`,
    ),
    check('accounts_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('accounts_balance_check', sql`${t.balance} <= ${t.creditLimit}`),
  ],
);

/**
 * The one ledger of an account (ADR 0034): every change of its balance, signed (+ charge,
 * − refund, − void, − payment). The statement of a month is its opening balance (Σ before),
 * its rows and its closing balance. A department charge is 'pending' until the department's
 * manager approves it (`approved_by`, `approved_at`).
 */
export const accountEntries = pgTable(
  'account_entries',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    amount: money('amount').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    /** The sale's tender row (transaction_payments.seq) a charge, refund or void is about. */
    tenderSeq: smallint('tender_seq'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** A payment's method and reference ('cash', 'bank_transfer', …). */
    method: varchar('method', { length: 30 }),
    referenceCode: varchar('reference_code', { length: 50 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamptz('approved_at'),
  },
  (t) => [
    index('account_entries_account_created_idx').on(t.accountId, t.createdAt),
    check('account_entries_kind_check', sql`${t.kind} in ('charge', 'refund', 'void', 'payment')`),
  ],
);
