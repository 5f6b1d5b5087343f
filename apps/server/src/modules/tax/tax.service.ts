import { TAX_MESSAGES, type TaxRate, type TaxSettings, taxRateHundredths, taxRateToString } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { setStorePricesIncludeTax, storePricesIncludeTax } from '../retail-stores/index';
import {
  findTaxRateRow,
  insertTaxRate,
  listTaxRateRows,
  readInstallationTax,
  type TaxRateRow,
  updateTaxRateRow,
  writeInstallationTax,
} from './tax.repository';

/**
 * Issue #34 item 2 (ADR 0030): the tax rates and each store's 'prices include tax'. The rounding
 * rule itself lives in packages/shared/src/tax.ts.
 */

export const taxErrors = {
  notFound: () => new AppError(404, 'tax.rate_not_found', 'Tax rate not found'),
  nameTaken: (name: string) => conflict('tax.name_taken', TAX_MESSAGES.nameTaken(name)),
  unknownRate: (field = 'taxRateId') =>
    badRequest('validation', TAX_MESSAGES.unknownRate, { [field]: TAX_MESSAGES.unknownRate }),
};

function toTaxRate(row: TaxRateRow): TaxRate {
  // numeric(5,2) comes back as '10.00'; normalised all the same.
  return {
    id: row.id,
    name: row.name,
    rate: taxRateToString(taxRateHundredths(row.rate) ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTaxRates(db: DbOrTx): Promise<TaxRate[]> {
  return (await listTaxRateRows(db)).map(toTaxRate);
}

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw taxErrors.nameTaken(name);
    throw error;
  }
}

/** POST /api/tax-rates: `rate` already a 2-decimal string (the shared schema). */
export async function createTaxRate(db: DbOrTx, input: { name: string; rate: string }): Promise<TaxRate> {
  return toTaxRate(await uniqueName(input.name, () => insertTaxRate(db, input)));
}

/**
 * PATCH /api/tax-rates/:id. A changed rate applies to sales from now on: every sale line keeps the
 * rate it was charged at, so refunds of earlier sales are unaffected.
 */
export async function updateTaxRate(
  db: DbOrTx,
  id: string,
  input: { name?: string | undefined; rate?: string | undefined },
): Promise<TaxRate> {
  const values: { name?: string; rate?: string } = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.rate !== undefined) values.rate = input.rate;
  const row = await uniqueName(input.name ?? '', () => updateTaxRateRow(db, id, values));
  if (!row) throw taxErrors.notFound();
  return toTaxRate(row);
}

/** For the catalogue: a category's or product's `taxRateId` must name a rate (400 otherwise). */
export async function checkTaxRateExists(db: DbOrTx, id: string): Promise<void> {
  if (!(await findTaxRateRow(db, id))) throw taxErrors.unknownRate();
}

async function installationPricesIncludeTax(db: DbOrTx): Promise<boolean> {
  const stored = await readInstallationTax(db);
  return (
    typeof stored === 'object' &&
    stored !== null &&
    (stored as { pricesIncludeTax?: unknown }).pricesIncludeTax === true
  );
}

/**
 * GET /api/settings/tax: a store's setting (its own, else the installation's), or the
 * installation's default without `storeId`. Tax-exclusive until someone says otherwise.
 */
export async function taxSettings(db: DbOrTx, storeId: string | undefined): Promise<TaxSettings> {
  if (storeId === undefined) return { storeId: null, pricesIncludeTax: await installationPricesIncludeTax(db) };
  const own = await storePricesIncludeTax(db, storeId);
  return { storeId, pricesIncludeTax: own ?? (await installationPricesIncludeTax(db)) };
}

/** PUT /api/settings/tax: sets the store's own setting, or the installation's default without `storeId`. */
export async function setTaxSettings(
  db: DbOrTx,
  userId: string,
  input: { storeId?: string | undefined; pricesIncludeTax: boolean },
): Promise<TaxSettings> {
  if (input.storeId === undefined) {
    await writeInstallationTax(db, { pricesIncludeTax: input.pricesIncludeTax }, userId);
    return { storeId: null, pricesIncludeTax: input.pricesIncludeTax };
  }
  await setStorePricesIncludeTax(db, input.storeId, input.pricesIncludeTax);
  return { storeId: input.storeId, pricesIncludeTax: input.pricesIncludeTax };
}
