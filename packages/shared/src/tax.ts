import { z } from 'zod';
import { CARD_FEE_LABEL, type Cents, centsToDecimal, decimalToCents, parseDecimalCents } from './money';

/**
 * Issue #34 item 2: configurable sales tax (ADR 0030). THE rounding rule of sales tax, written
 * once and used by the cart, the server, the offline path and refunds:
 *
 * - every line is taxed on its own amount after every discount (the discount rule's `netCents`,
 *   packages/shared/src/discount-rules.ts), to the cent, rounded half up;
 * - tax-exclusive prices: line tax = round(net × rate / 100); the sale's total = Σ nets + Σ taxes;
 * - tax-inclusive prices: line tax = round(net × rate / (100 + rate)) (the tax inside the price);
 *   the sale's total = Σ nets;
 * - the sale's tax is the sum of its lines' taxes, so the lines always add up exactly.
 *
 * A rate is a percentage with 2 decimals (numeric(5,2), 0–100); in code it is kept in hundredths
 * of a percent ('10.00' → 1000) so the rule stays integer arithmetic. A zero-rated or exempt line
 * has rate 0 and tax 0. The card fee (spec §9, tenders.ts) is not part of this rule: it is charged
 * per card tender on what the tender pays, sales tax included.
 */

/** Hundredths of a percent: 10.00% → 1000. */
export type RateHundredths = number;

export const MAX_TAX_RATE_HUNDREDTHS = 10_000;

/** '10.00' / '12.5' / 7 → hundredths; null when not 0–100 with at most 2 decimals ('10.555', '-1', '1e1'). */
export function taxRateHundredths(rate: string | number): RateHundredths | null {
  const text = String(rate).trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) return null;
  const hundredths = parseDecimalCents(text);
  if (hundredths === null || hundredths < 0 || hundredths > MAX_TAX_RATE_HUNDREDTHS) return null;
  return hundredths;
}

/** Hundredths → the API's 2-decimal string ('10.00'). */
export function taxRateToString(hundredths: RateHundredths): string {
  return centsToDecimal(hundredths);
}

/** How a rate reads on the receipt: 1000 → '10%', 1250 → '12.5%', 0 → '0%'. */
export function taxRateLabel(hundredths: RateHundredths): string {
  return `${centsToDecimal(hundredths).replace(/\.?0+$/, '')}%`;
}

/**
 * THE label of a tax row for one rate, on every receipt, refund and X/Z report: 'Tax (10%)';
 * 'Tax (0%)' exactly as spec §9; 'Tax (10%) incl.' when the prices included it, so "Subtotal
 * 11.00, Tax (10%) incl. 1.00, Total 11.00" does not read as an arithmetic error (0% includes
 * nothing: always 'Tax (0%)').
 */
export function taxLineLabel(hundredths: RateHundredths, included = false): string {
  return `Tax (${taxRateLabel(hundredths)})${included && hundredths > 0 ? ' incl.' : ''}`;
}

/** numerator / denominator rounded half up (both ≥ 0, denominator > 0), in exact integers. */
function divideHalfUp(numerator: bigint, denominator: bigint): Cents {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** One line's tax: see the rule above. `netCents` ≥ 0. */
export function salesLineTaxCents(netCents: Cents, rate: RateHundredths, pricesIncludeTax: boolean): Cents {
  if (rate <= 0 || netCents <= 0) return 0;
  const numerator = BigInt(netCents) * BigInt(rate);
  return divideHalfUp(numerator, BigInt(pricesIncludeTax ? 10_000 + rate : 10_000));
}

export type TaxLineInput = { netCents: Cents; rate: RateHundredths };

export type TaxedSale = {
  /** Each line's tax, in the order given. */
  lineTaxes: Cents[];
  /** Σ line taxes: the sale's sales tax. */
  tax: Cents;
  /** Σ nets (the sale's subtotal after every discount). */
  subtotal: Cents;
  /** What the sale costs before any card fee: subtotal + tax when exclusive, subtotal when inclusive. */
  total: Cents;
  /** Tax by rate, rates ascending, one entry per rate that any line carries (0 included). */
  byRate: Array<{ rate: RateHundredths; tax: Cents }>;
};

/** Applies the rule above to a sale's lines. */
export function taxSale(lines: readonly TaxLineInput[], pricesIncludeTax: boolean): TaxedSale {
  const lineTaxes = lines.map((l) => salesLineTaxCents(l.netCents, l.rate, pricesIncludeTax));
  const tax = lineTaxes.reduce((sum, t) => sum + t, 0);
  const subtotal = lines.reduce((sum, l) => sum + l.netCents, 0);
  return {
    lineTaxes,
    tax,
    subtotal,
    total: pricesIncludeTax ? subtotal : subtotal + tax,
    byRate: taxByRate(lines.map((l, i) => ({ rate: l.rate, tax: lineTaxes[i] as Cents }))),
  };
}

/** Sums taxes per rate (for the receipt, the X/Z reports and the sales report), rates ascending. */
export function taxByRate(
  lines: ReadonlyArray<{ rate: RateHundredths; tax: Cents }>,
): Array<{ rate: RateHundredths; tax: Cents }> {
  const sums = new Map<RateHundredths, Cents>();
  for (const l of lines) sums.set(l.rate, (sums.get(l.rate) ?? 0) + l.tax);
  return [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([rate, tax]) => ({ rate, tax }));
}

/** True while no rate charges tax (spec §9: the sale and the receipt stay exactly as before). */
export function chargesNoTax(rates: readonly RateHundredths[]): boolean {
  return rates.every((r) => r === 0);
}

/**
 * A sale's sales tax on the discount rule's nets (the cart, the server, the offline path):
 * `charged` false while every line's rate is 0, and then the sale is exactly as before (no tax,
 * `base` = the subtotal). `base` is what the tenders pay before their card fee (ADR 0029's
 * `tenderTotals` is called with it): the subtotal plus the tax when exclusive, the subtotal when
 * inclusive.
 */
export type SaleTaxFigures = {
  charged: boolean;
  pricesIncludeTax: boolean;
  rates: RateHundredths[];
  lineTaxes: Cents[];
  salesTax: Cents;
  base: Cents;
  byRate: Array<{ rate: RateHundredths; tax: Cents }>;
};

export function saleTaxFigures(
  nets: readonly Cents[],
  rates: readonly RateHundredths[],
  pricesIncludeTax: boolean,
): SaleTaxFigures {
  const subtotal = nets.reduce((sum, n) => sum + n, 0);
  if (chargesNoTax(rates)) {
    return {
      charged: false,
      pricesIncludeTax,
      rates: nets.map(() => 0),
      lineTaxes: nets.map(() => 0),
      salesTax: 0,
      base: subtotal,
      byRate: [],
    };
  }
  const taxed = taxSale(
    nets.map((netCents, i) => ({ netCents, rate: rates[i] ?? 0 })),
    pricesIncludeTax,
  );
  return {
    charged: true,
    pricesIncludeTax,
    rates: nets.map((_, i) => rates[i] ?? 0),
    lineTaxes: taxed.lineTaxes,
    salesTax: taxed.tax,
    base: taxed.total,
    byRate: taxed.byRate,
  };
}

/**
 * The receipt's tax rows, from the one receipt model (the web receipt and the printer's text):
 * while nothing is taxed exactly spec §9's 'Tax (0%)' 0.00, then the card fee carried in `tax`;
 * once taxed, one row per rate ('Tax (10%)', 'Tax (10%) incl.' when `pricesIncludeTax`) and the
 * card fee (`cardFee`) when there is one.
 */
export function receiptTaxRows(receipt: {
  tax: string;
  taxLines?: ReadonlyArray<{ rate: string; label: string; amount: string }> | undefined;
  cardFee?: string | undefined;
  pricesIncludeTax?: boolean | undefined;
}): Array<{ label: string; cents: Cents }> {
  const rows: Array<{ label: string; cents: Cents }> = [];
  if (receipt.taxLines && receipt.taxLines.length > 0) {
    for (const t of receipt.taxLines) {
      const rate = taxRateHundredths(t.rate);
      const label = rate === null ? t.label : taxLineLabel(rate, receipt.pricesIncludeTax === true);
      rows.push({ label, cents: decimalToCents(t.amount) });
    }
    const fee = decimalToCents(receipt.cardFee ?? '0');
    if (fee > 0) rows.push({ label: CARD_FEE_LABEL, cents: fee });
    return rows;
  }
  rows.push({ label: taxLineLabel(0), cents: 0 });
  const fee = decimalToCents(receipt.tax);
  if (fee > 0) rows.push({ label: CARD_FEE_LABEL, cents: fee });
  return rows;
}

/**
 * A REFUND document's tax rows (the web REFUND receipt and the thermal one), amounts as given
 * back (positive): while nothing was taxed exactly spec §9's 'Tax (0%)' 0.00; once `salesTax` is
 * given back, one row per rate its lines carry (as the sale's receipt), 'incl.' when the sale's
 * prices included it, or one 'Tax' row when the lines do not say their rates.
 */
export function refundTaxRows(refund: {
  salesTax?: string | undefined;
  pricesIncludeTax?: boolean | undefined;
  lines: ReadonlyArray<{ taxRate?: string | undefined; tax?: string | undefined }>;
}): Array<{ label: string; cents: Cents }> {
  const salesTax = decimalToCents(refund.salesTax ?? '0');
  if (salesTax <= 0) return [{ label: taxLineLabel(0), cents: 0 }];
  const included = refund.pricesIncludeTax === true;
  if (refund.lines.some((l) => l.taxRate === undefined || taxRateHundredths(l.taxRate) === null)) {
    return [{ label: included ? 'Tax incl.' : 'Tax', cents: salesTax }];
  }
  return taxByRate(
    refund.lines.map((l) => ({ rate: taxRateHundredths(l.taxRate ?? '0') ?? 0, tax: decimalToCents(l.tax ?? '0') })),
  ).map((r) => ({ label: taxLineLabel(r.rate, included), cents: r.tax }));
}

// ---- API ----

export const TAX_MESSAGES = {
  nameRequired: 'Tax rate name is required',
  nameTooLong: 'Tax rate name must be at most 100 characters',
  nameTaken: (name: string) => `A tax rate named "${name}" already exists.`,
  rateInvalid: 'Rate must be a percentage from 0 to 100 with at most 2 decimals',
  unknownRate: 'Unknown tax rate',
} as const;

const taxRateName = z
  .string({ error: TAX_MESSAGES.nameRequired })
  .trim()
  .min(1, TAX_MESSAGES.nameRequired)
  .max(100, TAX_MESSAGES.nameTooLong);

/** '10', '10.5', '10.00' or a number; stored and answered as a 2-decimal string. */
const taxRateValue = z
  .union([z.string(), z.number()], { error: TAX_MESSAGES.rateInvalid })
  .refine((v) => taxRateHundredths(v) !== null, TAX_MESSAGES.rateInvalid)
  .transform((v) => taxRateToString(taxRateHundredths(v) as number));

export const taxRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Percentage, 2 decimals ('10.00'); '0.00' for zero-rated or exempt. */
  rate: z.string(),
  createdAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const createTaxRateSchema = z.object({ name: taxRateName, rate: taxRateValue });
export type CreateTaxRateInput = z.input<typeof createTaxRateSchema>;

export const updateTaxRateSchema = z
  .object({ name: taxRateName.optional(), rate: taxRateValue.optional() })
  .refine((v) => v.name !== undefined || v.rate !== undefined, { message: 'Nothing to change' });
export type UpdateTaxRateInput = z.input<typeof updateTaxRateSchema>;

/** `GET/PUT /api/settings/tax`: a store's setting (or the installation's default without storeId). */
export const taxSettingsSchema = z.object({
  /** The store asked for; null for the installation's default. */
  storeId: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const updateTaxSettingsSchema = z.object({
  storeId: z.string().uuid({ error: 'Unknown store' }).optional(),
  pricesIncludeTax: z.boolean({ error: 'pricesIncludeTax must be true or false' }),
});
export type UpdateTaxSettingsInput = z.input<typeof updateTaxSettingsSchema>;
