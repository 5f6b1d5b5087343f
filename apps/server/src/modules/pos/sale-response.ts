import {
  centsToDecimal,
  changeDueCents,
  type DiscountView,
  decimalToCents,
  discountLabel,
  type Receipt,
  type SaleResponse,
  transactionNumber,
} from '@retail-hub/shared';
import type { StoredSale } from './sales.repository';

/** A stored discount (type and value as given, amount it came to); null when none. */
export function discountView(type: string | null, value: string | null, amount: string): DiscountView | null {
  if ((type !== 'percent' && type !== 'amount') || value === null) return null;
  return { type, value, amount };
}

/** '5%' or '$2.00': how the receipt names a discount. */
function labelOf(view: DiscountView): string {
  const n = decimalToCents(view.value);
  return discountLabel(view.type === 'percent' ? { type: 'percent', hundredths: n } : { type: 'amount', cents: n });
}

/** The receipt of a sale (spec §3 Receipt data; spec §9 Receipt; issue #15 item 7 discounts). */
export function receiptOf(sale: StoredSale): Receipt {
  const total = decimalToCents(sale.total);
  const received = sale.amountReceived === null ? total : decimalToCents(sale.amountReceived);
  const cashierName = [sale.cashier.firstName, sale.cashier.lastName].filter(Boolean).join(' ').trim();
  const discountTotal = decimalToCents(sale.discountTotal ?? '0');
  const saleDiscount = discountView(sale.saleDiscountType, sale.saleDiscountValue, sale.saleDiscount ?? '0');
  return {
    items: sale.items.map((i) => {
      const own = discountView(i.discountType, i.discountValue, i.discount ?? '0');
      return {
        name: i.variantName ? `${i.productName} (${i.variantName})` : i.productName,
        quantity: i.quantity,
        total: i.totalPrice,
        discount: own ? { label: labelOf(own), amount: centsToDecimal(decimalToCents(own.amount)) } : null,
      };
    }),
    grossSubtotal: discountTotal > 0 ? centsToDecimal(decimalToCents(sale.subtotal) + discountTotal) : null,
    saleDiscount: saleDiscount
      ? { label: labelOf(saleDiscount), amount: centsToDecimal(decimalToCents(saleDiscount.amount)) }
      : null,
    discountTotal: centsToDecimal(discountTotal),
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
    discountTotal: centsToDecimal(decimalToCents(sale.discountTotal ?? '0')),
    discount: discountView(sale.saleDiscountType, sale.saleDiscountValue, sale.saleDiscount ?? '0'),
    discountApprovedBy: sale.discountApprovedBy ?? null,
    items: sale.items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      name: i.productName,
      variantName: i.variantName,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
      discount: discountView(i.discountType, i.discountValue, i.discount ?? '0'),
      saleDiscountShare: centsToDecimal(decimalToCents(i.saleDiscountShare ?? '0')),
      netTotal: centsToDecimal(decimalToCents(i.netTotal ?? i.totalPrice)),
    })),
    receipt,
  };
}
