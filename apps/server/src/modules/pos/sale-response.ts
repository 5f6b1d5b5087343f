import {
  centsToDecimal,
  changeDueCents,
  decimalToCents,
  type Receipt,
  type SaleResponse,
  transactionNumber,
} from '@retail-hub/shared';
import type { StoredSale } from './sales.repository';

/** The receipt of a sale (spec §3 Receipt data; spec §9 Receipt). */
export function receiptOf(sale: StoredSale): Receipt {
  const total = decimalToCents(sale.total);
  const received = sale.amountReceived === null ? total : decimalToCents(sale.amountReceived);
  const cashierName = [sale.cashier.firstName, sale.cashier.lastName].filter(Boolean).join(' ').trim();
  return {
    items: sale.items.map((i) => ({
      name: i.variantName ? `${i.productName} (${i.variantName})` : i.productName,
      quantity: i.quantity,
      total: i.totalPrice,
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
    })),
    receipt,
  };
}
