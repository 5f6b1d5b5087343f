import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { firstRow, rows } from '../../db/rows';

/** Issue #34 item 3 (ADR 0034): the SQL of customers and accounts. */

export type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  number: string | null;
  notes: string | null;
  account_id: string | null;
  created_at: Date | string;
};

const CUSTOMER_COLUMNS = sql`c.id, c.name, c.email, c.phone, c.number, c.notes, c.created_at,
  (select a.id from accounts a where a.customer_id = c.id) as account_id`;

export async function searchCustomers(db: DbOrTx, search: string | null, limit: number): Promise<CustomerRow[]> {
  if (!search) {
    return rows<CustomerRow>(
      db,
      sql`select ${CUSTOMER_COLUMNS} from customers c order by lower(c.name), c.id limit ${limit}`,
    );
  }
  // The catalogue's way (trigram indexes on lower(...)): ILIKE '%…%' with % and _ taken literally.
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return rows<CustomerRow>(
    db,
    sql`select ${CUSTOMER_COLUMNS} from customers c
         where lower(c.name) like ${pattern} or lower(c.number) like ${pattern}
            or lower(c.email) like ${pattern} or c.phone like ${pattern}
         order by (upper(c.number) = upper(${search})) desc, lower(c.name), c.id
         limit ${limit}`,
  );
}

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  return firstRow<CustomerRow>(db, sql`select ${CUSTOMER_COLUMNS} from customers c where c.id = ${id}`);
}

export async function insertCustomer(
  db: DbOrTx,
  c: { name: string; email: string | null; phone: string | null; number: string | null; notes: string | null },
): Promise<string> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`insert into customers (name, email, phone, number, notes)
        values (${c.name}, ${c.email}, ${c.phone}, ${c.number}, ${c.notes}) returning id`,
  );
  return (row as { id: string }).id;
}

export async function updateCustomerRow(
  db: DbOrTx,
  id: string,
  c: Partial<{ name: string; email: string | null; phone: string | null; number: string | null; notes: string | null }>,
): Promise<boolean> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`update customers set
          name = coalesce(${c.name ?? null}, name),
          email = case when ${c.email !== undefined} then ${c.email ?? null} else email end,
          phone = case when ${c.phone !== undefined} then ${c.phone ?? null} else phone end,
          number = case when ${c.number !== undefined} then ${c.number ?? null} else number end,
          notes = case when ${c.notes !== undefined} then ${c.notes ?? null} else notes end,
          updated_at = now()
        where id = ${id} returning id`,
  );
  return row !== undefined;
}

export type CustomerSaleRow = {
  id: string;
  created_at: Date | string;
  total: string;
  payment_method: string;
  status: string;
};

/** A customer's purchase history, newest first (transactions_customer_id_created_at_idx). */
export async function customerSales(db: DbOrTx, customerId: string, limit: number): Promise<CustomerSaleRow[]> {
  return rows<CustomerSaleRow>(
    db,
    sql`select t.id, t.created_at, t.total::text as total, t.payment_method::text as payment_method, t.status
          from transactions t where t.customer_id = ${customerId}
         order by t.created_at desc, t.id desc limit ${limit}`,
  );
}

export type AccountRow = {
  id: string;
  kind: 'customer' | 'department';
  customer_id: string | null;
  department_id: string | null;
  name: string;
  credit_limit: string;
  balance: string;
  pending: number;
};

const ACCOUNT_SELECT = sql`select a.id, a.kind, a.customer_id, a.department_id,
    coalesce(c.name, d.name) as name, a.credit_limit::text as credit_limit, a.balance::text as balance,
    (select count(*)::int from account_entries e
      where e.account_id = a.id and e.kind = 'charge' and a.kind = 'department' and e.approved_at is null) as pending
  from accounts a
  left join customers c on c.id = a.customer_id
  left join proc_departments d on d.id = a.department_id`;

/** Every account, or (a department manager) only their own department's. */
export async function listAccountRows(db: DbOrTx, onlyDepartmentOf: string | null): Promise<AccountRow[]> {
  if (onlyDepartmentOf) {
    return rows<AccountRow>(
      db,
      sql`${ACCOUNT_SELECT} where a.department_id = (select u.proc_department_id from users u where u.id = ${onlyDepartmentOf})
          order by lower(coalesce(c.name, d.name)), a.id`,
    );
  }
  return rows<AccountRow>(db, sql`${ACCOUNT_SELECT} order by a.kind desc, lower(coalesce(c.name, d.name)), a.id`);
}

export async function findAccountRow(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  return firstRow<AccountRow>(db, sql`${ACCOUNT_SELECT} where a.id = ${id}`);
}

/** The department a user manages (users.proc_department_id; null when none). */
export async function departmentOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const row = await firstRow<{ d: string | null }>(
    db,
    sql`select proc_department_id as d from users where id = ${userId}`,
  );
  return row?.d ?? null;
}

export async function insertAccount(
  db: DbOrTx,
  a: { kind: string; customerId: string | null; departmentId: string | null; creditLimit: string },
): Promise<string> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`insert into accounts (kind, customer_id, department_id, credit_limit)
        values (${a.kind}, ${a.customerId}, ${a.departmentId}, ${a.creditLimit}) returning id`,
  );
  return (row as { id: string }).id;
}

/** Sets the limit unless the balance is above it (one conditional update). */
export async function setCreditLimit(
  db: DbOrTx,
  id: string,
  limit: string,
): Promise<'ok' | 'below_balance' | 'missing'> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`update accounts set credit_limit = ${limit}, updated_at = now()
         where id = ${id} and balance <= ${limit}::numeric returning id`,
  );
  if (row) return 'ok';
  return (await firstRow(db, sql`select 1 from accounts where id = ${id}`)) ? 'below_balance' : 'missing';
}

/**
 * A payment received on account: the balance falls and the ledger gains the row, in one statement
 * (a payment may take the balance below 0: money held in credit).
 */
export async function recordPayment(
  db: DbOrTx,
  p: { accountId: string; amount: string; method: string; referenceCode: string | null; userId: string },
): Promise<string | null> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`with paid as (
          update accounts set balance = balance - ${p.amount}::numeric, updated_at = now()
           where id = ${p.accountId} returning id
        )
        insert into account_entries (account_id, kind, amount, method, reference_code, created_by)
        select paid.id, 'payment', -${p.amount}::numeric, ${p.method}, ${p.referenceCode}, ${p.userId} from paid
        returning id`,
  );
  return row?.id ?? null;
}

export type EntryRow = {
  id: string;
  kind: 'charge' | 'refund' | 'void' | 'payment';
  amount: string;
  created_at: Date | string;
  transaction_id: string | null;
  method: string | null;
  reference_code: string | null;
  approved_at: Date | string | null;
  approved_by_name: string | null;
};

/** The month's opening balance (Σ before `from`) and its rows in order. */
export async function statementRows(
  db: DbOrTx,
  accountId: string,
  from: Date,
  to: Date,
): Promise<{ opening: string; entries: EntryRow[] }> {
  const [opening, entries] = await Promise.all([
    firstRow<{ opening: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as opening from account_entries
           where account_id = ${accountId} and created_at < ${from.toISOString()}::timestamptz`,
    ),
    rows<EntryRow>(
      db,
      sql`select e.id, e.kind, e.amount::text as amount, e.created_at, e.transaction_id, e.method, e.reference_code,
                 e.approved_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as approved_by_name
            from account_entries e left join users u on u.id = e.approved_by
           where e.account_id = ${accountId} and e.created_at >= ${from.toISOString()}::timestamptz
             and e.created_at < ${to.toISOString()}::timestamptz
           order by e.created_at, e.id`,
    ),
  ]);
  return { opening: opening?.opening ?? '0', entries };
}

/** Approves a pending department charge of the account; false when there is none such. */
export async function approveCharge(db: DbOrTx, accountId: string, entryId: string, userId: string): Promise<boolean> {
  const row = await firstRow<{ id: string }>(
    db,
    sql`update account_entries e set approved_by = ${userId}, approved_at = now()
          from accounts a
         where e.id = ${entryId} and e.account_id = ${accountId} and a.id = e.account_id
           and a.kind = 'department' and e.kind = 'charge' and e.approved_at is null
        returning e.id`,
  );
  return row !== undefined;
}

/**
 * Gives back `amount` of a sale's account tender to its account (a refund or a void): the balance
 * falls and the ledger gains the row. Run inside the refund's or void's transaction.
 */
export async function returnToAccount(
  db: DbOrTx,
  r: {
    transactionId: string;
    tenderSeq: number;
    amount: string;
    kind: 'refund' | 'void';
    refundId: string | null;
    userId: string;
  },
): Promise<void> {
  await db.execute(
    sql`with tender as (
          select account_id from transaction_payments
           where transaction_id = ${r.transactionId} and seq = ${r.tenderSeq} and account_id is not null
        ), back as (
          update accounts a set balance = a.balance - ${r.amount}::numeric, updated_at = now()
            from tender where a.id = tender.account_id returning a.id
        )
        insert into account_entries (account_id, kind, amount, transaction_id, tender_seq, refund_id, created_by)
        select back.id, ${r.kind}, -${r.amount}::numeric, ${r.transactionId}, ${r.tenderSeq}, ${r.refundId}, ${r.userId}
          from back`,
  );
}

export async function customerExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await firstRow(db, sql`select 1 from customers where id = ${id}`)) !== undefined;
}

export async function activeDepartmentExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await firstRow(db, sql`select 1 from proc_departments where id = ${id} and not is_archived`)) !== undefined;
}
