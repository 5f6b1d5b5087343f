import type { Role } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procDepartments, users } from '../../db/schema/index';
import { ledgerMismatches } from '../stock/stock-test-support';

/** One signed-in user per role for the stores tests (procurement_admin included). */
export const STORES_PINS = {
  cashier: '2915',
  manager: '4826',
  department_manager: '5174',
  procurement_admin: '6048',
  super_admin: '7391',
} as const satisfies Record<Role, string>;

export type StoresSessions = Record<Role, string> & { ids: Record<Role, string>; departmentId: string };

/** A user per role, signed in; the department manager runs department STORES-A. */
export async function storesSessions(t: TestApp): Promise<StoresSessions> {
  const [department] = await t.db.db
    .insert(procDepartments)
    .values({ code: 'STORES-A', name: 'Stores Department A' })
    .returning({ id: procDepartments.id });
  const departmentId = (department as { id: string }).id;
  const ids = {} as Record<Role, string>;
  const cookies = {} as Record<Role, string>;
  let n = 1;
  for (const [role, pin] of Object.entries(STORES_PINS) as Array<[Role, string]>) {
    ids[role] = await createUser(t, { role, pin });
    cookies[role] = await signIn(t, pin, `10.30.0.${n++}`);
  }
  await t.db.db
    .update(users)
    .set({ procDepartmentId: departmentId })
    .where(sql`${users.id} = ${ids.department_manager}`);
  return { ...cookies, ids, departmentId };
}

export async function post<T = unknown>(t: TestApp, cookie: string, url: string, payload: object = {}, status = 201) {
  const response = await inject(t, { method: 'POST', url, cookie, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

export async function get<T = unknown>(t: TestApp, cookie: string, url: string) {
  const response = await inject(t, { method: 'GET', url, cookie });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${++counter}-${Math.floor(Math.random() * 1e6)}`;

/**
 * Every stock level equals the sum of its ledger (in − out), and everything else the stock audit checks: the
 * invariant checked after each stores test (issue #16 Done when).
 */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  // Issue #32 item 5: the one stock audit (levels = ledger sums, ledger rows against documents).
  expect(await ledgerMismatches(t)).toEqual([]);
}
