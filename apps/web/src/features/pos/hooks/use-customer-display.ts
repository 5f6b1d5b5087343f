import {
  type Cents,
  CUSTOMER_DISPLAY_CHANNEL,
  CUSTOMER_DISPLAY_MAX_LINES,
  CUSTOMER_DISPLAY_WINDOW,
  type CustomerDisplayMessage,
  type CustomerDisplayState,
  centsToDecimal,
  type Discount,
  idleDisplayState,
  modifiersLabel,
  parseCents,
  paymentMethodTitle,
} from '@retail-hub/shared';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { type DisplaySender, displaySender, useDisplayPairing } from '../api/customer-display';
import { type CartLine, pricedCart } from '../cart/cart-reducer';
import { type PaymentInput, summarizePayment } from '../payment/payment';
import type { RecordedSale } from '../types';

/**
 * Issue #36 item 4 (ADR 0033): the till publishes what its customer display shows. Built from the
 * cart with the same pricing rule as the payment panel, and from the recorded sale (the server's
 * figures) once paid. Nothing of the cashier or the sale's ids goes in.
 */

/** How often the till asks whether a display was paired (or unpaired) meanwhile. */
const PAIRING_CHECK_MS = 30_000;

const cents = (value: string | null | undefined): Cents => (value == null ? 0 : (parseCents(value) ?? 0));
const orNull = (amount: Cents): string | null => (amount > 0 ? centsToDecimal(amount) : null);

export type CustomerDisplayInput = {
  storeName: string | null;
  lines: readonly CartLine[];
  payment: PaymentInput;
  saleDiscount: Discount | null;
  /** The sale just recorded, while the till shows 'Transaction Complete'. */
  completedSale: RecordedSale | null;
};

export function customerDisplayState(input: CustomerDisplayInput): CustomerDisplayState {
  const { storeName, completedSale: sale } = input;
  if (sale) return paidState(storeName, sale);
  if (input.lines.length === 0) return idleDisplayState(storeName);
  const priced = pricedCart(input.lines, 'cash', input.saleDiscount);
  const summary = summarizePayment(input.lines, input.payment, input.saleDiscount);
  return {
    ...idleDisplayState(storeName),
    phase: 'sale',
    lines: input.lines.slice(-CUSTOMER_DISPLAY_MAX_LINES).map((line, i, shown) => {
      const at = input.lines.length - shown.length + i;
      return {
        name: line.name,
        // Issue #35 item 1: the modifiers follow the size ('Takeaway Big Cup, Oat, Extra shot').
        size: sizeAndModifiers(line.variantName, line.modifiers),
        quantity: line.quantity,
        amount: centsToDecimal(line.priceCents * line.quantity),
        discount: orNull(priced.lines[at]?.discountCents ?? 0),
      };
    }),
    discount: orNull(priced.discountTotal),
    cardFee: orNull(summary.cardFee),
    // Issue #34 item 2: the sales tax on its own row (absent while every rate is 0).
    ...(summary.salesTax.charged
      ? { tax: centsToDecimal(summary.salesTax.salesTax), taxIncluded: summary.salesTax.pricesIncludeTax }
      : {}),
    total: centsToDecimal(summary.total),
  };
}

function paidState(storeName: string | null, sale: RecordedSale): CustomerDisplayState {
  const payments = sale.payments ?? [];
  const methods = [...new Set(payments.map((p) => p.method))];
  const tendered =
    sale.amountReceived != null
      ? cents(sale.amountReceived)
      : payments.length > 0
        ? payments.reduce((sum, p) => sum + cents(p.amountReceived ?? p.amount), 0)
        : cents(sale.total);
  return {
    storeName,
    phase: 'paid',
    lines: (sale.items ?? []).slice(-CUSTOMER_DISPLAY_MAX_LINES).map((item) => {
      const discount =
        item.netTotal === undefined
          ? 0
          : cents(item.totalPrice) - cents(item.netTotal) - cents(item.saleDiscountShare ?? '0.00');
      return {
        name: item.name,
        size: sizeAndModifiers(item.variantName, item.modifiers),
        quantity: item.quantity,
        amount: item.totalPrice,
        discount: orNull(discount),
      };
    }),
    discount: orNull(cents(sale.discountTotal)),
    // Issue #34 item 2 (ADR 0030): a taxed sale answers `cardFee` apart and `tax` is its sales tax;
    // untaxed, `tax` is the card fee (spec §7).
    cardFee: orNull(cents(sale.cardFee ?? sale.tax)),
    ...(sale.cardFee !== undefined
      ? { tax: centsToDecimal(cents(sale.tax)), taxIncluded: sale.pricesIncludeTax === true }
      : {}),
    total: sale.total,
    paidBy:
      (methods.length > 0 ? methods : sale.paymentMethod ? [sale.paymentMethod] : [])
        .map(paymentMethodTitle)
        .join(' + ') || null,
    tendered: centsToDecimal(tendered),
    changeDue: sale.changeDue,
  };
}

/**
 * Publishes the state on the same-machine channel at every change, answers a display that opens
 * later ('hello'), and tells the display the till has gone (idle) when the terminal closes. When a
 * display on another device is paired to this till, the same states go to the server too
 * (displaySender: coalesced, last state wins), which relays them to that display.
 */
export function useCustomerDisplay(input: CustomerDisplayInput): void {
  const { storeName, lines, payment, saleDiscount, completedSale } = input;
  const state = useMemo(() => {
    // The display must never stop the till: a sale it cannot read shows as idle.
    try {
      return customerDisplayState({ storeName, lines, payment, saleDiscount, completedSale });
    } catch {
      return idleDisplayState(storeName);
    }
  }, [storeName, lines, payment, saleDiscount, completedSale]);
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<CustomerDisplayMessage>) => {
      if (event.data?.kind === 'hello') opened.postMessage({ kind: 'state', state: latest.current });
    };
    return () => {
      opened.postMessage({ kind: 'state', state: idleDisplayState(latest.current.storeName) });
      opened.close();
      channel.current = null;
    };
  }, []);

  const { terminalId } = useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState);
  // Checked every half minute too: a tablet that used the code after the dialog was closed.
  const paired = useDisplayPairing(terminalId, PAIRING_CHECK_MS).data?.paired === true;
  const remote = useRef<DisplaySender | null>(null);
  useEffect(() => {
    if (!terminalId || !paired) return;
    const sender = displaySender(terminalId);
    remote.current = sender;
    sender.send(latest.current);
    return () => {
      sender.send(idleDisplayState(latest.current.storeName));
      sender.stop();
      remote.current = null;
    };
  }, [terminalId, paired]);

  useEffect(() => {
    channel.current?.postMessage({ kind: 'state', state } satisfies CustomerDisplayMessage);
    remote.current?.send(state);
  }, [state]);
}

/** 'Customer Display': opens /display in its own window (a second screen), or brings it back. */
export function openCustomerDisplay(): void {
  const opened = window.open('/display', CUSTOMER_DISPLAY_WINDOW, 'popup,width=1024,height=600');
  opened?.focus();
}

/** The display's second line of an item: its size and its modifiers (null when neither). */
function sizeAndModifiers(size: string | null, modifiers: ReadonlyArray<{ name: string }> | undefined): string | null {
  const text = [size, modifiersLabel(modifiers)].filter(Boolean).join(', ');
  return text ? text.slice(0, 255) : null;
}
