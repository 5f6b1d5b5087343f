import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Issue #32: the condition "this shift is one of these stores'" (a sale's store is its shift's);
 * undefined (no condition) for every store.
 */
export function shiftOfStores(shiftId: SQLWrapper, storeIds: readonly string[] | undefined): SQL | undefined {
  if (!storeIds || storeIds.length === 0) return undefined;
  const ids = sql.join(
    storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`${shiftId} in (select s.id from shifts s where s.store_id in (${ids}))`;
}
