import {
  type Cents,
  type ChosenModifier,
  centsToDecimal,
  changeDueCents,
  discountLabel,
  isDiscountRefusal,
  type ModifierGroup,
  parseCents,
  priceDiscountedSale,
  type Receipt,
  type SaleRequest,
  type SaleResponse,
  type SessionUser,
  type SizeOption,
  toDiscount,
  transactionNumber,
} from '@retail-hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { sealApproval } from './approval-key';
import { terminalDatabase } from './db';
import { isSaleOverCap, sellerCap } from './needs-approval';
import { enqueueSale } from './outbox';
import { terminalId } from './terminal-id';

export type OfflineRecordedSale = SaleResponse & { offline: true };

function cents(value: string | null | undefined): Cents {
  return (parseCents(value ?? '0') ?? 0) as Cents;
}

function fullName(user: SessionUser): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
}

/**
 * Issue #19: the server could not be reached. The sale is committed to the outbox (IndexedDB) with
 * the key it was tried under, then the terminal's copy of the stock goes down, and only then is
 * the sale shown as complete: a sale the cashier saw complete is always in the outbox. Throws when
 * the outbox cannot be written (no IndexedDB): the caller keeps the sale on screen to retry.
 */
export async function queueOfflineSale({
  sale,
  key,
  shiftId,
  user,
  queryClient,
  now = new Date(),
  receiptTax,
  stated,
}: {
  sale: SaleRequest;
  key: string;
  shiftId: number;
  user: SessionUser;
  queryClient: QueryClient;
  now?: Date;
  /** Issue #34 item 2: the cart's tax by rate and whether its prices include it, printed as the server's receipt prints it. */
  receiptTax?: { taxLines: NonNullable<Receipt['taxLines']>; pricesIncludeTax: boolean } | undefined;
  /** Issue #34 item 2: each line's rate as charged (and 'prices include tax' once taxed), sent with the sale. */
  stated?: { lineRates: readonly string[]; pricesIncludeTax?: boolean };
}): Promise<OfflineRecordedSale> {
  const db = terminalDatabase();
  if (!db) throw new Error('This browser cannot keep sales offline');
  const soldAt = now.toISOString();
  const number = transactionNumber(key);
  const cashierName = fullName(user);
  // A manager's PIN is never kept in clear: sealed for this sale with the server's key, or dropped.
  const { approverPin, ...rest } = sale;
  const sealedApproval = approverPin ? await sealApproval(db, approverPin, key) : null;
  // Issue #30 item 16: a discount above the cap with no approval the server can check waits in the
  // outbox for a manager (needs-approval.ts); it is never sent as if approved.
  const held = !sealedApproval && isSaleOverCap(sale, sellerCap(queryClient, user.role));
  await enqueueSale(
    db,
    {
      key,
      body: {
        ...rest,
        ...(stated
          ? {
              items: rest.items.map((item, index) => {
                const taxRate = stated.lineRates[index];
                return taxRate === undefined ? item : { ...item, taxRate };
              }),
              ...(stated.pricesIncludeTax === undefined ? {} : { pricesIncludeTax: stated.pricesIncludeTax }),
            }
          : {}),
        ...(sealedApproval ? { sealedApproval } : {}),
        soldAt,
        shiftId,
        terminalId: await terminalId(db),
      },
      receiptNumber: number,
      userId: user.id,
      cashierName,
      createdAt: soldAt,
    },
    held ? 'needs_approval' : 'pending',
  );
  takeStockLocally(queryClient, sale);

  const total = cents(sale.total);
  const isCash = sale.paymentMethod === 'cash';
  const received = isCash ? (sale.amountReceived ? cents(sale.amountReceived) : total) : total;
  const changeDue = centsToDecimal(isCash ? changeDueCents(received, total) : 0);
  const discounts = receiptDiscounts(sale);
  return {
    offline: true,
    id: key,
    number,
    createdAt: soldAt,
    subtotal: sale.subtotal,
    tax: sale.tax,
    total: sale.total,
    paymentMethod: sale.paymentMethod,
    referenceCode: sale.referenceCode ?? null,
    notes: sale.notes ?? null,
    amountReceived: isCash ? centsToDecimal(received) : null,
    changeDue,
    status: 'completed',
    items: sale.items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId ?? null,
      name: itemName(queryClient, item.productId),
      variantName: item.variantName ?? null,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      ...itemModifiers(queryClient, item.productId, item.modifiers),
    })),
    receipt: {
      items: sale.items.map((item, index) => ({
        name: item.variantName
          ? `${itemName(queryClient, item.productId)} (${item.variantName})`
          : itemName(queryClient, item.productId),
        quantity: item.quantity,
        total: item.totalPrice,
        ...itemModifiers(queryClient, item.productId, item.modifiers),
        ...(discounts ? { discount: discounts.lines[index] ?? null } : {}),
      })),
      ...(discounts
        ? {
            grossSubtotal: discounts.grossSubtotal,
            saleDiscount: discounts.saleDiscount,
            discountTotal: discounts.discountTotal,
          }
        : {}),
      subtotal: sale.subtotal,
      tax: sale.tax,
      total: sale.total,
      paymentMethod: sale.paymentMethod,
      amountReceived: centsToDecimal(received),
      changeDue,
      referenceCode: sale.referenceCode ?? null,
      notes: sale.notes ?? null,
      cashierName,
      timestamp: soldAt,
      // Issue #34 item 2: a taxed sale (the body sends its card fee apart) prints a line per rate.
      ...(sale.cardFee !== undefined && receiptTax
        ? { taxLines: receiptTax.taxLines, cardFee: sale.cardFee, pricesIncludeTax: receiptTax.pricesIncludeTax }
        : {}),
    },
    ...(sale.cardFee !== undefined ? { cardFee: sale.cardFee } : {}),
  };
}

/**
 * The discount rows of the receipt printed offline (issue #15 item 7, ADR 0019), by the shared
 * rule the cart priced the sale with, as the server's receipt shows them; null without discounts.
 */
function receiptDiscounts(sale: SaleRequest): {
  lines: Array<NonNullable<Receipt['items'][number]['discount']> | null>;
  grossSubtotal: string;
  saleDiscount: Receipt['saleDiscount'];
  discountTotal: string;
} | null {
  const lineDiscounts = sale.items.map((item) => toDiscount(item.discount));
  const saleDiscount = toDiscount(sale.discount);
  if (!saleDiscount && lineDiscounts.every((d) => d === null)) return null;
  const priced = priceDiscountedSale(
    sale.items.map((item, index) => ({
      unitCents: cents(item.unitPrice),
      quantity: item.quantity,
      discount: lineDiscounts[index] ?? null,
    })),
    saleDiscount,
    sale.paymentMethod,
  );
  if (isDiscountRefusal(priced)) return null;
  return {
    lines: lineDiscounts.map((d, index) =>
      d ? { label: discountLabel(d), amount: centsToDecimal(priced.lines[index]?.discountCents ?? 0) } : null,
    ),
    grossSubtotal: centsToDecimal(priced.grossSubtotal),
    saleDiscount: saleDiscount
      ? { label: discountLabel(saleDiscount), amount: centsToDecimal(priced.saleDiscount) }
      : null,
    discountTotal: centsToDecimal(priced.discountTotal),
  };
}

type ProductLike = { id: string; name: string; stock: number; modifierGroups?: ModifierGroup[] };

/**
 * Issue #35 item 1: an offline line's modifiers named from the terminal's catalogue (the server
 * stores its own snapshots when the sale syncs). Nothing for a line without modifiers.
 */
function itemModifiers(
  queryClient: QueryClient,
  productId: string,
  modifiers: ReadonlyArray<{ optionId: string }> | undefined,
): { modifiers?: ChosenModifier[] } {
  if (!modifiers?.length) return {};
  let groups: ModifierGroup[] = [];
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['/api/products'] })) {
    const found = productsIn(data)?.find((p) => p.id === productId);
    if (found?.modifierGroups) {
      groups = found.modifierGroups;
      break;
    }
  }
  return {
    modifiers: modifiers.map((m) => {
      const group = groups.find((g) => g.options.some((o) => o.id === m.optionId));
      const option = group?.options.find((o) => o.id === m.optionId);
      return {
        optionId: m.optionId,
        groupName: group?.name ?? '',
        name: option?.name ?? 'Modifier',
        price: option?.price ?? '0.00',
      };
    }),
  };
}

/** The product's name as the terminal's catalogue shows it. */
function itemName(queryClient: QueryClient, productId: string): string {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['/api/products'] })) {
    const items = productsIn(data);
    const found = items?.find((p) => p.id === productId);
    if (found) return found.name;
  }
  return 'Item';
}

function productsIn(data: unknown): ProductLike[] | null {
  if (Array.isArray(data)) return data as ProductLike[];
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: ProductLike[] }).items;
  }
  return null;
}

/**
 * The stock the terminal shows goes down by what was sold, in every cached page of the catalogue
 * and in the size options, so the cashier cannot sell what the shelf no longer has. The server's
 * figures replace them once the outbox is sent.
 */
export function takeStockLocally(queryClient: QueryClient, sale: SaleRequest): void {
  const byProduct = new Map<string, number>();
  for (const item of sale.items) {
    if (item.variantId) {
      queryClient.setQueryData<SizeOption[]>([`/api/products/${item.productId}/size-options`], (options) =>
        options?.map((o) =>
          o.variantId === item.variantId ? { ...o, stock: Math.max(0, o.stock - item.quantity) } : o,
        ),
      );
    }
    byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + item.quantity);
  }
  const take = (p: ProductLike) => {
    const sold = byProduct.get(p.id);
    return sold ? { ...p, stock: Math.max(0, p.stock - sold) } : p;
  };
  queryClient.setQueriesData<unknown>({ queryKey: ['/api/products'] }, (data: unknown) => {
    if (Array.isArray(data)) return (data as ProductLike[]).map(take);
    if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
      const page = data as { items: ProductLike[] };
      return { ...page, items: page.items.map(take) };
    }
    return data;
  });
}
