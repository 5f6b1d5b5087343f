import type { Cents } from '@retail-hub/shared';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import type { DemoProduct } from './demo-data';

/** Shared by the demo seed's parts. */

/** Days of history before today (today's finished shifts are included as well). */
export const HISTORY_DAYS = 30;
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** Demo user id by DemoUser key. */
export type UserIds = Record<string, string>;

export type SellableVariant = { id: string; name: string; priceCents: Cents };
export type CatalogueProduct = { id: string; data: DemoProduct; variants: SellableVariant[] };
export type Catalogue = { products: CatalogueProduct[]; bySku: Map<string, CatalogueProduct> };

export const CHUNK = 500;

/** Inserts many rows in statements of CHUNK rows (PostgreSQL allows 65,535 parameters per statement). */
export async function insertChunked<TTable extends PgTable>(
  tx: DbOrTx,
  table: TTable,
  rows: TTable['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}
