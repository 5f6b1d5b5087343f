import { PAYMENT_METHODS, type PaymentMethod, paymentMethodTitle, QUICK_CASH_AMOUNTS } from '@retail-hub/shared';

/**
 * The terminal's keyboard (issue #22): one table for the key handling, the legend and the tooltips,
 * so what is shown is what works.
 *
 * Two rules shape the choice of keys:
 * - A keyboard-wedge scanner types letters, digits and dashes and ends with Enter, wherever the
 *   focus is. Keys that work while the search box has focus (where scans land) are therefore keys
 *   no scanner sends: function keys and Alt combinations. The printable ones (+, −, ?) work only
 *   when the search box is empty or no text field has focus.
 * - Nothing fires while the cashier types in Amount Received, Reference Code or Payment Notes:
 *   there only Esc works, and it goes back to the search box.
 */

/** Alt + letter per payment method (matched on `event.code`, so it works with any layout's Alt/Option). */
export const PAYMENT_METHOD_KEYS: Record<PaymentMethod, string> = {
  cash: 'C',
  credit_card: 'R',
  debit_card: 'D',
  eftpos: 'E',
  bank_transfer: 'B',
  mobile_payment: 'M',
  other: 'O',
};

export const KEY = {
  focusSearch: 'F2',
  completeSale: 'F9',
  /** Issue #35 item 3: hold the cart under a name or table number, and the store's held sales. */
  holdSale: 'F8',
  heldSales: 'F4',
  legend: '?',
  increase: '+',
  decrease: '−',
  paymentInput: 'Alt+A',
  leaveField: 'Esc',
} as const;

/** Alt+1 … Alt+4: the quick cash amounts in the order they are shown ($5, $10, $20, $50). */
export function quickAmountKey(index: number): string {
  return `Alt+${index + 1}`;
}

export function paymentMethodKey(method: PaymentMethod): string {
  return `Alt+${PAYMENT_METHOD_KEYS[method]}`;
}

/** The `aria-keyshortcuts` form of a key as shown ('Alt+C', 'F9', '?'). */
export function ariaKeys(shown: string): string {
  return shown.replace('Esc', 'Escape').replace('−', '-');
}

export type TerminalMode =
  /** Selling: no dialog is open. */
  | 'sale'
  | 'size'
  | 'complete'
  | 'legend'
  /** Another dialog (Shift Management): the terminal's keys are off. */
  | 'busy';

/**
 * Where a key was pressed: the search box (with or without text), a field the cashier types in
 * (amount, reference, notes), or anywhere else (a button, a product, the page).
 */
export type KeyTarget = 'search' | 'search-empty' | 'typing' | 'other';

export type TerminalCommand =
  | { type: 'focusSearch' }
  | { type: 'clearSearch' }
  | { type: 'leaveField' }
  | { type: 'completeSale' }
  | { type: 'holdSale' }
  | { type: 'openHeldSales' }
  | { type: 'openLegend' }
  | { type: 'paymentMethod'; method: PaymentMethod }
  | { type: 'quickAmount'; amount: number }
  | { type: 'focusPaymentInput' }
  | { type: 'step'; delta: 1 | -1 }
  | { type: 'pickSize'; index: number }
  | { type: 'print' }
  | { type: 'skip' };

export type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

const METHOD_BY_CODE = new Map(PAYMENT_METHODS.map((method) => [`Key${PAYMENT_METHOD_KEYS[method]}`, method]));

function plain(event: KeyLike): boolean {
  return !event.altKey && !event.ctrlKey && !event.metaKey;
}

/** What a key does in a mode at a target; null when it is not a shortcut there. */
export function commandFor(event: KeyLike, mode: TerminalMode, target: KeyTarget): TerminalCommand | null {
  if (mode === 'size') {
    if (plain(event) && /^[1-9]$/.test(event.key)) return { type: 'pickSize', index: Number(event.key) - 1 };
    return null;
  }
  if (mode === 'complete') {
    if (!plain(event)) return null;
    if (event.key === 'p' || event.key === 'P') return { type: 'print' };
    if (event.key === 's' || event.key === 'S') return { type: 'skip' };
    return null;
  }
  if (mode !== 'sale') return null;

  if (target === 'typing') return event.key === 'Escape' && plain(event) ? { type: 'leaveField' } : null;

  if (plain(event) && !event.shiftKey) {
    if (event.key === 'F2') return { type: 'focusSearch' };
    if (event.key === 'F9') return { type: 'completeSale' };
    if (event.key === 'F8') return { type: 'holdSale' };
    if (event.key === 'F4') return { type: 'openHeldSales' };
  }
  // Alt (Option on a Mac), never AltGr (reported as Ctrl+Alt), which types characters.
  if (event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
    const method = METHOD_BY_CODE.get(event.code);
    if (method) return { type: 'paymentMethod', method };
    const digit = /^Digit([1-9])$/.exec(event.code)?.[1];
    const amount = digit ? QUICK_CASH_AMOUNTS[Number(digit) - 1] : undefined;
    if (amount !== undefined) return { type: 'quickAmount', amount };
    if (event.code === 'KeyA') return { type: 'focusPaymentInput' };
    return null;
  }
  if (!plain(event)) return null;
  if (target === 'search') return event.key === 'Escape' ? { type: 'clearSearch' } : null;
  if (event.key === '+') return { type: 'step', delta: 1 };
  if (event.key === '-' || event.key === '−') return { type: 'step', delta: -1 };
  if (event.key === '?') return { type: 'openLegend' };
  return null;
}

/** The legend's sections (issue #22): what each key does, in the words of the screen. */
export type LegendRow = { keys: string[]; action: string };

export function legendSections(): { title: string; rows: LegendRow[] }[] {
  return [
    {
      title: 'Selling',
      rows: [
        { keys: [KEY.focusSearch], action: 'Go to the search box to scan or search' },
        { keys: ['Enter'], action: 'In the search box: add the product with that SKU' },
        { keys: [KEY.increase, KEY.decrease], action: 'One more or one less of the last item in the sale' },
        { keys: [KEY.completeSale], action: 'Complete Sale (also from the search box after a scan)' },
        { keys: [KEY.holdSale], action: 'Hold Sale: keep the cart under a name or table number' },
        { keys: [KEY.heldSales], action: 'Held Sales: resume a held sale' },
        { keys: [KEY.legend], action: 'Show these shortcuts' },
      ],
    },
    {
      title: 'Payment',
      rows: [
        ...PAYMENT_METHODS.map((method) => ({ keys: [paymentMethodKey(method)], action: paymentMethodTitle(method) })),
        ...QUICK_CASH_AMOUNTS.map((amount, index) => ({
          keys: [quickAmountKey(index)],
          action: `Quick amount $${amount}`,
        })),
        { keys: [KEY.paymentInput], action: 'Go to Amount Received (cash) or Reference Code (other methods)' },
        {
          keys: [KEY.leaveField],
          action: 'In Amount Received, Reference Code or Payment Notes: back to the search box',
        },
      ],
    },
    {
      title: 'Choose Size',
      rows: [
        { keys: ['1–4'], action: 'Pick the size with that number' },
        { keys: ['Esc'], action: 'Cancel' },
      ],
    },
    {
      title: 'Transaction Complete',
      rows: [
        { keys: ['Enter', 'P'], action: 'Print Receipt' },
        { keys: ['Esc', 'S'], action: 'Skip' },
      ],
    },
  ];
}
