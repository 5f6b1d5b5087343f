import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { posSettings, taxRates } from '../../db/schema/index';

/** The tax rates (ADR 0030), the only writer of `tax_rates` and of `pos_settings` key `tax`. */

export type TaxRateRow = { id: string; name: string; rate: string; createdAt: Date };

const columns = { id: taxRates.id, name: taxRates.name, rate: taxRates.rate, createdAt: taxRates.createdAt };

export async function listTaxRateRows(db: DbOrTx): Promise<TaxRateRow[]> {
  return db.select(columns).from(taxRates).orderBy(asc(taxRates.rate), asc(taxRates.name));
}

export async function findTaxRateRow(db: DbOrTx, id: string): Promise<TaxRateRow | null> {
  const [row] = await db.select(columns).from(taxRates).where(eq(taxRates.id, id));
  return row ?? null;
}

export async function insertTaxRate(db: DbOrTx, values: { name: string; rate: string }): Promise<TaxRateRow> {
  const [row] = await db.insert(taxRates).values(values).returning(columns);
  return row as TaxRateRow;
}

export async function updateTaxRateRow(
  db: DbOrTx,
  id: string,
  values: { name?: string; rate?: string },
): Promise<TaxRateRow | null> {
  const [row] = await db
    .update(taxRates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(taxRates.id, id))
    .returning(columns);
  return row ?? null;
}

const SETTINGS_KEY = 'tax';

/** The installation's stored tax setting (null when never set: tax-exclusive). */
export async function readInstallationTax(db: DbOrTx): Promise<unknown> {
  const [row] = await db
    .select({ value: posSettings.value })
    .from(posSettings)
    .where(eq(posSettings.key, SETTINGS_KEY));
  return row?.value ?? null;
}

export async function writeInstallationTax(
  db: DbOrTx,
  value: { pricesIncludeTax: boolean },
  userId: string,
): Promise<void> {
  await db
    .insert(posSettings)
    .values({ key: SETTINGS_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: posSettings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}
