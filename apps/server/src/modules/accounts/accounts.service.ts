import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountCreate,
  type AccountEntry,
  type AccountPaymentInput,
  type AccountStatement,
  type Customer,
  type CustomerCreate,
  type CustomerSale,
  type CustomerUpdate,
  centsToDecimal,
  decimalToCents,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../types';
import {
  type AccountRow,
  activeDepartmentExists,
  approveCharge,
  type CustomerRow,
  customerExists,
  customerSales,
  departmentOfUser,
  findAccountRow,
  findCustomer,
  insertAccount,
  insertCustomer,
  listAccountRows,
  recordPayment,
  returnToAccount as returnToAccountRow,
  searchCustomers,
  setCreditLimit,
  statementRows,
  updateCustomerRow,
} from './accounts.repository';

/** Issue #34 item 3 (docs/adr/0034): customers, accounts, statements and payments on account. */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const money = (v: string) => centsToDecimal(decimalToCents(v));

function toCustomer(r: CustomerRow): Customer {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    number: r.number,
    notes: r.notes,
    accountId: r.account_id,
    createdAt: iso(r.created_at),
  };
}

const numberTaken = () =>
  new AppError(409, 'customers.number_taken', 'Another customer has this staff/student number', {
    errors: { number: 'Another customer has this staff/student number' },
  });

export async function listCustomers(db: DbOrTx, search: string | undefined): Promise<Customer[]> {
  const rows = await searchCustomers(db, search?.trim() || null, 50);
  return rows.map(toCustomer);
}

export async function getCustomer(db: DbOrTx, id: string): Promise<Customer> {
  const row = await findCustomer(db, id);
  if (!row) throw notFound('Customer');
  return toCustomer(row);
}

export async function createCustomer(db: DbOrTx, body: CustomerCreate): Promise<Customer> {
  try {
    const id = await insertCustomer(db, body);
    return getCustomer(db, id);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw numberTaken();
    throw error;
  }
}

export async function updateCustomer(db: DbOrTx, id: string, body: CustomerUpdate): Promise<Customer> {
  try {
    if (!(await updateCustomerRow(db, id, body))) throw notFound('Customer');
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw numberTaken();
    throw error;
  }
  return getCustomer(db, id);
}

export async function customerHistory(db: DbOrTx, id: string): Promise<CustomerSale[]> {
  await getCustomer(db, id);
  const rows = await customerSales(db, id, 200);
  return rows.map((r) => ({
    id: r.id,
    number: r.id.slice(-6).toUpperCase(),
    createdAt: iso(r.created_at),
    total: r.total,
    paymentMethod: r.payment_method,
    status: r.status,
  }));
}

function toAccount(r: AccountRow): Account {
  const limit = decimalToCents(r.credit_limit);
  const balance = decimalToCents(r.balance);
  return {
    id: r.id,
    kind: r.kind,
    customerId: r.customer_id,
    departmentId: r.department_id,
    name: r.name,
    creditLimit: centsToDecimal(limit),
    balance: centsToDecimal(balance),
    available: centsToDecimal(Math.max(0, limit - balance)),
    pendingCharges: r.pending,
  };
}

/** A department manager reads only their own department's account (ADR 0034). */
function departmentScoped(user: AuthUser): boolean {
  return user.role === 'department_manager';
}

export async function listAccounts(db: DbOrTx, user: AuthUser): Promise<Account[]> {
  const rows = await listAccountRows(db, departmentScoped(user) ? user.id : null);
  return rows.map(toAccount);
}

/** The account as `user` may read it: 404 when missing, 403 for another department's manager. */
async function readableAccount(db: DbOrTx, user: AuthUser, id: string): Promise<AccountRow> {
  const row = await findAccountRow(db, id);
  if (!row) throw notFound('Account');
  if (departmentScoped(user)) {
    const own = await departmentOfUser(db, user.id);
    if (!own || row.department_id !== own)
      throw new AppError(403, 'accounts.not_your_department', "You can only see your own department's account");
  }
  return row;
}

export async function createAccount(db: DbOrTx, body: AccountCreate): Promise<Account> {
  if (body.kind === 'customer') {
    if (!(await customerExists(db, body.customerId as string)))
      throw badRequest('validation', 'Unknown customer', { customerId: 'Unknown customer' });
  } else {
    if (!(await activeDepartmentExists(db, body.departmentId as string)))
      throw badRequest('validation', 'Unknown department', { departmentId: 'Unknown department' });
  }
  try {
    const id = await insertAccount(db, {
      kind: body.kind,
      customerId: body.kind === 'customer' ? (body.customerId ?? null) : null,
      departmentId: body.kind === 'department' ? (body.departmentId ?? null) : null,
      creditLimit: money(body.creditLimit),
    });
    return toAccount((await findAccountRow(db, id)) as AccountRow);
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict('accounts.duplicate', ACCOUNT_MESSAGES.duplicate);
    throw error;
  }
}

export async function updateAccountLimit(db: DbOrTx, id: string, creditLimit: string): Promise<Account> {
  const outcome = await setCreditLimit(db, id, money(creditLimit));
  if (outcome === 'missing') throw notFound('Account');
  if (outcome === 'below_balance')
    throw new AppError(409, 'accounts.limit_below_balance', ACCOUNT_MESSAGES.limitBelowBalance, {
      errors: { creditLimit: ACCOUNT_MESSAGES.limitBelowBalance },
    });
  return toAccount((await findAccountRow(db, id)) as AccountRow);
}

export async function takePayment(db: DbOrTx, user: AuthUser, id: string, body: AccountPaymentInput): Promise<Account> {
  const entry = await recordPayment(db, {
    accountId: id,
    amount: money(body.amount),
    method: body.method,
    referenceCode: body.referenceCode,
    userId: user.id,
  });
  if (!entry) throw notFound('Account');
  return toAccount((await findAccountRow(db, id)) as AccountRow);
}

/** The calendar month (UTC) 'YYYY-MM' as [from, to); this month when not given. */
export function monthRange(month: string | undefined, now = new Date()): { month: string; from: Date; to: Date } {
  const [y, m] = month
    ? (month.split('-').map(Number) as [number, number])
    : [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1));
  return { month: `${y}-${String(m).padStart(2, '0')}`, from, to };
}

export async function accountStatement(
  db: DbOrTx,
  user: AuthUser,
  id: string,
  month: string | undefined,
): Promise<AccountStatement> {
  const account = await readableAccount(db, user, id);
  const range = monthRange(month);
  const { opening, entries } = await statementRows(db, id, range.from, range.to);
  let charges = 0;
  let payments = 0;
  const openingCents = decimalToCents(opening);
  const list: AccountEntry[] = entries.map((e) => {
    const cents = decimalToCents(e.amount);
    if (e.kind === 'payment') payments -= cents;
    else charges += cents; // refunds and voids reduce the month's charges
    return {
      id: e.id,
      kind: e.kind,
      amount: centsToDecimal(cents),
      createdAt: iso(e.created_at),
      saleNumber: e.transaction_id ? e.transaction_id.slice(-6).toUpperCase() : null,
      transactionId: e.transaction_id,
      method: e.method,
      referenceCode: e.reference_code,
      approval: account.kind === 'department' && e.kind === 'charge' ? (e.approved_at ? 'approved' : 'pending') : null,
      approvedBy: e.approved_by_name,
    };
  });
  return {
    account: toAccount(account),
    month: range.month,
    openingBalance: centsToDecimal(openingCents),
    charges: centsToDecimal(charges),
    payments: centsToDecimal(payments),
    closingBalance: centsToDecimal(openingCents + charges - payments),
    entries: list,
  };
}

/** A department charge approved by its department's manager (or a manager). */
export async function approveAccountCharge(db: DbOrTx, user: AuthUser, id: string, entryId: string): Promise<void> {
  await readableAccount(db, user, id);
  if (!(await approveCharge(db, id, entryId, user.id)))
    throw conflict('accounts.not_pending', 'This charge is not a pending department charge');
}

/**
 * Gives back part of a sale's account tender to its account (a refund or a void, ADR 0034): called
 * by the POS inside the refund's or void's own transaction.
 */
export function returnToAccount(db: DbOrTx, r: Parameters<typeof returnToAccountRow>[1]): Promise<void> {
  return returnToAccountRow(db, r);
}
