import { z } from 'zod';
import {
  CUSTOMER_DISPLAY_CODE_LENGTH,
  CUSTOMER_DISPLAY_MAX_LINES,
  type CustomerDisplayMessage,
} from './customer-display-rules';
import { MAX_LINE_QUANTITY } from './pos-rules';

/**
 * Issue #36 item 4: the customer display's state, checked where it is received (the display
 * page; ADR 0033). Bounded: at most 200 lines, short texts, 2-decimal amounts.
 */
const amount = z.string().regex(/^\d{1,8}\.\d{2}$/, { error: 'Must be an amount like 12.50' });
const text = z.string().trim().min(1).max(255);

export const customerDisplayLineSchema = z.strictObject({
  name: text,
  size: text.nullable(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  amount,
  discount: amount.nullable(),
});

export const customerDisplayStateSchema = z.strictObject({
  phase: z.enum(['idle', 'sale', 'paid']),
  storeName: text.nullable(),
  lines: z.array(customerDisplayLineSchema).max(CUSTOMER_DISPLAY_MAX_LINES),
  discount: amount.nullable(),
  cardFee: amount.nullable(),
  /** Issue #34 item 2: the sales tax, only once taxed (optional: a till on the older code sends none). */
  tax: amount.nullable().optional(),
  taxIncluded: z.boolean().optional(),
  total: amount,
  paidBy: z.string().trim().min(1).max(100).nullable(),
  tendered: amount.nullable(),
  changeDue: amount.nullable(),
});

export const customerDisplayMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('state'), state: customerDisplayStateSchema }),
  z.strictObject({ kind: z.literal('hello') }),
]);

/** A message received on the channel, or null when it is not one the display understands. */
export function parseCustomerDisplayMessage(value: unknown): CustomerDisplayMessage | null {
  const parsed = customerDisplayMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** POST /api/display/pair: the code the till shows, as typed on the tablet (spaces allowed). */
export const customerDisplayPairSchema = z.strictObject({
  code: z
    .string()
    .max(20)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${CUSTOMER_DISPLAY_CODE_LENGTH}}$`), { error: 'Enter the 6-digit code' })),
});

/** POST /api/terminals/:id/display-code answers the code the till shows. */
export const customerDisplayCodeSchema = z.strictObject({ code: z.string(), expiresAt: z.string() });

/** GET/DELETE /api/terminals/:id/display: whether a display is paired to this till. */
export const customerDisplayPairingSchema = z.strictObject({ paired: z.boolean(), pairedAt: z.string().nullable() });
