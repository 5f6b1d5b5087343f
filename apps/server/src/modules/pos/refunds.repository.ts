import { centsToDecimal, decimalToCents, type TenderMethod } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { refundItems, refundPayments, refunds } from '../../db/schema/index';

export type LockedSale = {
  id: string;
  userId: string;
  shiftId: number;
  /** The store of the sale's shift: a refund or void puts stock back there (ADR 0025). */
  storeId: string;
  status: string;
  subtotal: string;
  tax: string;
  /** Issue #34 item 2: the sale's sales tax and whether its prices included it (ADR 0030). */
  salesTax: string;
  pricesIncludeTax: boolean;
  total: string;
  paymentMethod: TenderMethod;
  createdAt: Date;
};

/**
 * The sale, locked FOR UPDATE: every refund and void of one sale takes this lock first, so they
 * run one after another and each sees what the previous one did.
 */
export async function lockSale(tx: DbOrTx, id: string): Promise<LockedSale | null> {
  const [row] = await rows<Record<string, unknown>>(
    tx,
    sql`select id, user_id, shift_id, status, subtotal::text, tax::text, total::text, payment_method, created_at,
               sales_tax::text, prices_include_tax,
               (select store_id from shifts where shifts.id = transactions.shift_id) as store_id
          from transactions where id = ${id}::uuid for update`,
  );
  if (!row) return null;
  return {
    id: row.id as string,
    userId: row.user_id as string,
    shiftId: Number(row.shift_id),
    storeId: row.store_id as string,
    status: row.status as string,
    subtotal: row.subtotal as string,
    tax: row.tax as string,
    salesTax: row.sales_tax as string,
    pricesIncludeTax: row.prices_include_tax === true,
    total: row.total as string,
    paymentMethod: row.payment_method as TenderMethod,
    createdAt: new Date(row.created_at as string),
  };
}

/** The user's open shift, held FOR SHARE so it cannot end while this refund or void is written. */
export async function lockOpenShift(tx: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from shifts where cashier_id = ${userId}::uuid and is_open for share`,
  );
  return row ? Number(row.id) : null;
}

/** Whether the shift is still open (a void belongs to the shift that made the sale). */
export async function shiftIsOpen(db: DbOrTx, shiftId: number): Promise<boolean> {
  return (await rows(db, sql`select 1 from shifts where id = ${shiftId}::int and is_open`)).length > 0;
}

/** The shift held FOR SHARE while it is open, so it cannot end while a void is written; false when ended. */
export async function lockShiftIfOpen(tx: DbOrTx, shiftId: number): Promise<boolean> {
  return (await rows(tx, sql`select id from shifts where id = ${shiftId}::int and is_open for share`)).length > 0;
}

/** spec §3 transactions.status: the row stays, marked voided. */
export async function setSaleVoided(tx: DbOrTx, saleId: string): Promise<void> {
  await tx.execute(sql`update transactions set status = 'voided' where id = ${saleId}::uuid and status = 'completed'`);
}

/**
 * Counts `quantity` more units of a sale line as refunded, only while the total stays within what
 * was sold (the CHECK backs it up). False: not that many left to refund; nothing changed.
 */
export async function takeRefundQuantity(
  tx: DbOrTx,
  saleId: string,
  itemId: string,
  quantity: number,
): Promise<boolean> {
  const updated = await rows(
    tx,
    sql`update transaction_items set refunded_quantity = refunded_quantity + ${quantity}::int
         where id = ${itemId}::uuid and transaction_id = ${saleId}::uuid
           and refunded_quantity + ${quantity}::int <= quantity
        returning id`,
  );
  return updated.length > 0;
}

/** What the sale's refunds so far gave back (subtotal and card fee), for the proportional fee. */
export async function refundedSoFar(
  tx: DbOrTx,
  saleId: string,
): Promise<{ subtotal: string; cardFee: string; salesTax: string }> {
  const [row] = await rows<{ subtotal: string; card_fee: string; sales_tax: string }>(
    tx,
    sql`select coalesce(sum(subtotal), 0)::text as subtotal, coalesce(sum(card_fee), 0)::text as card_fee,
               coalesce(sum(sales_tax), 0)::text as sales_tax
          from refunds where transaction_id = ${saleId}::uuid`,
  );
  return { subtotal: row?.subtotal ?? '0', cardFee: row?.card_fee ?? '0', salesTax: row?.sales_tax ?? '0' };
}

/**
 * Counts `cents` more of a sale's tender as refunded, only while the total stays within what it
 * paid (the CHECK backs it up): one conditional update, so concurrent refunds can never give a
 * tender back more than it paid (issue #34). False: not that much left; nothing changed.
 */
export async function takeTenderRefund(tx: DbOrTx, saleId: string, seq: number, cents: string): Promise<boolean> {
  const updated = await rows(
    tx,
    sql`update transaction_payments set refunded = refunded + ${cents}::numeric
         where transaction_id = ${saleId}::uuid and seq = ${seq}::smallint
           and refunded + ${cents}::numeric <= amount
        returning seq`,
  );
  return updated.length > 0;
}

export async function refundCount(db: DbOrTx, saleId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from refunds where transaction_id = ${saleId}::uuid`,
  );
  return Number(row?.n ?? 0);
}

export async function insertRefund(
  tx: DbOrTx,
  values: {
    id: string;
    transactionId: string;
    shiftId: number;
    userId: string;
    approverId: string | null;
    reason: string;
    note: string | null;
    restock: boolean;
    paymentMethod: TenderMethod;
    subtotal: string;
    cardFee: string;
    salesTax: string;
    pricesIncludeTax: boolean;
    total: string;
    idempotencyKey: string;
  },
  lines: ReadonlyArray<{
    transactionItemId: string;
    productId: string;
    variantId: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
    tax: string;
    unitCost: string | null;
  }>,
  payments: ReadonlyArray<{ tenderSeq: number; method: TenderMethod; amount: string }> = [],
): Promise<void> {
  await tx.insert(refunds).values(values);
  await tx.insert(refundItems).values(lines.map((l) => ({ ...l, refundId: values.id })));
  if (payments.length > 0) {
    await tx.insert(refundPayments).values(payments.map((p, i) => ({ ...p, refundId: values.id, seq: i + 1 })));
  }
}

export async function refundIdByKey(
  db: DbOrTx,
  key: string,
): Promise<{ id: string; transactionId: string; userId: string } | null> {
  const [row] = await rows<{ id: string; transaction_id: string; user_id: string }>(
    db,
    sql`select id, transaction_id, user_id from refunds where idempotency_key = ${key}::uuid`,
  );
  return row ? { id: row.id, transactionId: row.transaction_id, userId: row.user_id } : null;
}

export type StoredRefund = {
  id: string;
  transactionId: string;
  shiftId: number;
  createdAt: Date;
  reason: string;
  note: string | null;
  restock: boolean;
  paymentMethod: TenderMethod;
  subtotal: string;
  cardFee: string;
  /** Issue #34 item 2: the sales tax given back (0 while nothing is taxed). */
  salesTax: string;
  pricesIncludeTax: boolean;
  total: string;
  payments: Array<{ tenderSeq: number; method: TenderMethod; amount: string }>;
  user: { id: string; firstName: string | null; lastName: string | null; email: string | null };
  approver: { id: string; firstName: string | null; lastName: string | null; email: string | null } | null;
  lines: Array<{
    id: string;
    itemId: string;
    productId: string;
    variantId: string | null;
    name: string;
    variantName: string | null;
    quantity: number;
    unitPrice: string;
    totalPrice: string;
    /** The rate the sale line was charged and the tax this refund gives back of it. */
    taxRate: string;
    tax: string;
    /** Issue #37 (ADR 0036): the cost of one unit given back (null: not known). */
    unitCost: string | null;
  }>;
};

/** Refunds by id or of one sale, oldest first, with their lines and people. */
export async function findRefunds(
  db: DbOrTx,
  where: { id: string } | { transactionId: string },
): Promise<StoredRefund[]> {
  const condition =
    'id' in where ? sql`r.id = ${where.id}::uuid` : sql`r.transaction_id = ${where.transactionId}::uuid`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select r.id, r.transaction_id, r.shift_id, r.created_at, r.reason, r.note, r.restock, r.payment_method,
               r.subtotal::text as subtotal, r.card_fee::text as card_fee, r.total::text as total,
               r.sales_tax::text as sales_tax, r.prices_include_tax,
               json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) as "user",
               case when a.id is null then null
                    else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'email', a.email)
               end as approver,
               (select coalesce(json_agg(json_build_object(
                         'id', ri.id, 'itemId', ri.transaction_item_id, 'productId', ri.product_id,
                         'variantId', ri.variant_id, 'name', p.name, 'variantName', ti.variant_name,
                         'quantity', ri.quantity, 'unitPrice', ri.unit_price::text, 'totalPrice', ri.total_price::text,
                         'unitCost', ri.unit_cost::text,
                         'taxRate', ti.tax_rate::text, 'tax', ri.tax::text)
                         order by ti.line_no, ri.id), '[]'::json)
                  from refund_items ri
                  join transaction_items ti on ti.id = ri.transaction_item_id
                  join products p on p.id = ri.product_id
                 where ri.refund_id = r.id) as lines,
               (select coalesce(json_agg(json_build_object(
                         'tenderSeq', rp.tender_seq, 'method', rp.method, 'amount', rp.amount::text) order by rp.seq), '[]'::json)
                  from refund_payments rp where rp.refund_id = r.id) as payments
          from refunds r
          join users u on u.id = r.user_id
          left join users a on a.id = r.approver_id
         where ${condition}
         order by r.created_at, r.id`,
  );
  return found.map((r) => ({
    id: r.id as string,
    transactionId: r.transaction_id as string,
    shiftId: Number(r.shift_id),
    createdAt: new Date(r.created_at as string),
    reason: r.reason as string,
    note: (r.note as string | null) ?? null,
    restock: Boolean(r.restock),
    paymentMethod: r.payment_method as TenderMethod,
    subtotal: r.subtotal as string,
    cardFee: r.card_fee as string,
    salesTax: r.sales_tax as string,
    pricesIncludeTax: r.prices_include_tax === true,
    total: r.total as string,
    user: r.user as StoredRefund['user'],
    approver: (r.approver as StoredRefund['approver']) ?? null,
    lines: r.lines as StoredRefund['lines'],
    payments: (r.payments as StoredRefund['payments']).map((p) => ({
      ...p,
      amount: centsToDecimal(decimalToCents(p.amount)),
    })),
  }));
}
