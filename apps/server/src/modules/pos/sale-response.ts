import {
  centsToDecimal,
  changeDueCents,
  type DiscountView,
  decimalToCents,
  discountLabel,
  type Receipt,
  type SaleResponse,
  type TransactionPayment,
  taxByRate,
  taxLineLabel,
  taxRateHundredths,
  taxRateToString,
  transactionNumber,
} from '@retail-hub/shared';
import type { StoredPayment, StoredSale } from './sales.repository';

/** Issue #34: a sale paid by more than one tender (a one-tender sale answers exactly as §3/§7). */
export function isSplit(sale: StoredSale): boolean {
  return (sale.payments?.length ?? 0) > 1;
}

/**
 * A tender as the API lists it: cash handed over and its change for cash (the amount for the
 * others, as the receipt's amountReceived), and what refunds gave back to it.
 */
export function paymentView(p: StoredPayment): TransactionPayment {
  const amount = decimalToCents(p.amount);
  const received = p.amountReceived === null ? amount : decimalToCents(p.amountReceived);
  return {
    method: p.method,
    amount: centsToDecimal(amount),
    cardFee: centsToDecimal(decimalToCents(p.cardFee)),
    referenceCode: p.referenceCode,
    amountReceived: centsToDecimal(received),
    changeDue: centsToDecimal(p.method === 'cash' ? changeDueCents(received, amount) : 0),
    refunded: centsToDecimal(decimalToCents(p.refunded)),
  };
}

/** A stored discount (type and value as given, amount it came to, as 2-decimal strings); null when none. */
export function discountView(type: string | null, value: string | null, amount: string): DiscountView | null {
  if ((type !== 'percent' && type !== 'amount') || value === null) return null;
  return { type, value: centsToDecimal(decimalToCents(value)), amount: centsToDecimal(decimalToCents(amount)) };
}

/** '5%' or '$2.00': how the receipt names a discount. */
function labelOf(view: DiscountView): string {
  const n = decimalToCents(view.value);
  return discountLabel(view.type === 'percent' ? { type: 'percent', hundredths: n } : { type: 'amount', cents: n });
}

/**
 * Was any discount given? Without one the response and the receipt are exactly spec §3's (no
 * discount fields), so a client of §7 sees what it always saw.
 */
export function hasDiscount(sale: StoredSale): boolean {
  return sale.saleDiscountType != null || sale.items.some((i) => i.discountType != null);
}

/**
 * Issue #34 item 2 (ADR 0030): was any line charged a rate above 0? Until then the sale answers
 * exactly spec §3/§7 (`tax` = the card fee, no tax fields, the receipt's 'Tax (0%)').
 */
export function isTaxed(sale: StoredSale): boolean {
  return sale.items.some((i) => lineRate(i) > 0);
}

const lineRate = (item: StoredSale['items'][number]) => taxRateHundredths(item.taxRate ?? '0') ?? 0;

/** The API's `tax` of a stored sale: its sales tax once taxed, else the card fee (spec §3). */
export function apiTax(sale: StoredSale): string {
  return apiTaxFields(sale, isTaxed(sale)).tax;
}

/**
 * The one rule for a sale's tax fields in every answer (POST, the detail, both lists): untaxed,
 * `tax` is the stored card fee exactly as spec §3/§7 and nothing else; taxed (`taxed`: a line was
 * charged a rate above 0, see isTaxed), `tax` is the sales tax and `cardFee` and
 * `pricesIncludeTax` follow it. `row` is the transactions row's figures.
 */
export function apiTaxFields(
  row: { tax: string; salesTax?: string | null; pricesIncludeTax?: boolean | null },
  taxed: boolean,
): { tax: string; cardFee?: string; pricesIncludeTax?: boolean } {
  if (!taxed) return { tax: row.tax };
  return {
    tax: centsToDecimal(decimalToCents(row.salesTax ?? '0')),
    cardFee: centsToDecimal(decimalToCents(row.tax)),
    pricesIncludeTax: row.pricesIncludeTax ?? false,
  };
}

/** A taxed sale's receipt: `tax` the sales tax, one line per rate ('Tax (10%)'), the card fee apart. */
function taxedReceipt(sale: StoredSale, receipt: Receipt): Receipt {
  if (!isTaxed(sale)) return receipt;
  const byRate = taxByRate(sale.items.map((i) => ({ rate: lineRate(i), tax: decimalToCents(i.tax ?? '0') })));
  return {
    ...receipt,
    tax: apiTax(sale),
    taxLines: byRate.map((r) => ({
      rate: taxRateToString(r.rate),
      label: taxLineLabel(r.rate, sale.pricesIncludeTax ?? false),
      amount: centsToDecimal(r.tax),
    })),
    cardFee: centsToDecimal(decimalToCents(sale.tax)),
    pricesIncludeTax: sale.pricesIncludeTax ?? false,
  };
}

/** The receipt of a sale (spec §3 Receipt data; spec §9 Receipt; issue #15 item 7 discounts). */
export function receiptOf(sale: StoredSale): Receipt {
  const plain = plainReceipt(sale);
  const receipt = taxedReceipt(sale, isSplit(sale) ? splitReceipt(sale, plain) : plain);
  if (!hasDiscount(sale)) return receipt;
  const discountTotal = decimalToCents(sale.discountTotal ?? '0');
  const saleDiscount = discountView(sale.saleDiscountType, sale.saleDiscountValue, sale.saleDiscount ?? '0');
  return {
    ...receipt,
    items: receipt.items.map((item, index) => {
      const line = sale.items[index] as StoredSale['items'][number];
      const own = discountView(line.discountType, line.discountValue, line.discount ?? '0');
      return { ...item, discount: own ? { label: labelOf(own), amount: own.amount } : null };
    }),
    grossSubtotal: centsToDecimal(decimalToCents(sale.subtotal) + discountTotal),
    saleDiscount: saleDiscount ? { label: labelOf(saleDiscount), amount: saleDiscount.amount } : null,
    discountTotal: centsToDecimal(discountTotal),
  };
}

/**
 * A split sale's receipt: every tender listed; handed over = the total plus the change, which
 * comes only from the last cash tender.
 */
function splitReceipt(sale: StoredSale, receipt: Receipt): Receipt {
  const payments = (sale.payments ?? []).map(paymentView);
  const change = payments.reduce((sum, p) => sum + decimalToCents(p.changeDue), 0);
  return {
    ...receipt,
    amountReceived: centsToDecimal(decimalToCents(sale.total) + change),
    changeDue: centsToDecimal(change),
    payments: payments.map(({ refunded: _refunded, ...p }) => p),
  };
}

function plainReceipt(sale: StoredSale): Receipt {
  const total = decimalToCents(sale.total);
  const received = sale.amountReceived === null ? total : decimalToCents(sale.amountReceived);
  const cashierName = [sale.cashier.firstName, sale.cashier.lastName].filter(Boolean).join(' ').trim();
  return {
    items: sale.items.map((i) => ({
      name: i.variantName ? `${i.productName} (${i.variantName})` : i.productName,
      quantity: i.quantity,
      total: i.totalPrice,
      ...(i.modifiers?.length ? { modifiers: i.modifiers } : {}),
    })),
    subtotal: sale.subtotal,
    tax: sale.tax,
    total: sale.total,
    paymentMethod: sale.paymentMethod,
    amountReceived: centsToDecimal(received),
    changeDue: centsToDecimal(sale.paymentMethod === 'cash' ? changeDueCents(received, total) : 0),
    referenceCode: sale.referenceCode,
    notes: sale.notes,
    cashierName: cashierName || null,
    timestamp: sale.createdAt.toISOString(),
  };
}

export function saleResponse(sale: StoredSale): SaleResponse {
  const receipt = receiptOf(sale);
  const plain = plainResponse(sale, receipt);
  const response = taxedResponse(
    sale,
    isSplit(sale) ? { ...plain, payments: (sale.payments ?? []).map(paymentView) } : plain,
  );
  if (!hasDiscount(sale)) return response;
  return {
    ...response,
    discountTotal: centsToDecimal(decimalToCents(sale.discountTotal)),
    discount: discountView(sale.saleDiscountType, sale.saleDiscountValue, sale.saleDiscount),
    discountApprovedBy: sale.discountApprovedBy ?? null,
    items: response.items.map((item, index) => {
      const line = sale.items[index] as StoredSale['items'][number];
      return {
        ...item,
        discount: discountView(line.discountType, line.discountValue, line.discount),
        saleDiscountShare: centsToDecimal(decimalToCents(line.saleDiscountShare)),
        netTotal: centsToDecimal(decimalToCents(line.netTotal)),
      };
    }),
  };
}

/** Issue #34 item 2: a taxed sale answers `tax` (sales tax) and `cardFee` apart; lines their rate and tax. */
function taxedResponse(sale: StoredSale, response: SaleResponse): SaleResponse {
  if (!isTaxed(sale)) return response;
  return {
    ...response,
    ...apiTaxFields(sale, true),
    items: response.items.map((item, index) => {
      const line = sale.items[index] as StoredSale['items'][number];
      return {
        ...item,
        taxRate: taxRateToString(lineRate(line)),
        tax: centsToDecimal(decimalToCents(line.tax ?? '0')),
      };
    }),
  };
}

function plainResponse(sale: StoredSale, receipt: Receipt): SaleResponse {
  return {
    id: sale.id,
    number: transactionNumber(sale.id),
    createdAt: sale.createdAt.toISOString(),
    subtotal: sale.subtotal,
    tax: sale.tax,
    total: sale.total,
    paymentMethod: sale.paymentMethod,
    referenceCode: sale.referenceCode,
    notes: sale.notes,
    amountReceived: sale.amountReceived,
    changeDue: receipt.changeDue,
    status: sale.status,
    items: sale.items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      name: i.productName,
      variantName: i.variantName,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
      ...(i.modifiers?.length ? { modifiers: i.modifiers } : {}),
    })),
    receipt,
  };
}
