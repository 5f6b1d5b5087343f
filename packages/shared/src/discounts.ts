import { z } from 'zod';
import { DISCOUNT_TYPES, discountHundredths } from './discount-rules';
import { ROLES, type Role } from './roles';

/**
 * The schemas of discounts (issue #15 item 7, docs/adr/0019): a discount as the API takes it, and the
 * caps per role. The pricing rule itself, and everything else the POS terminal uses, is zod-free
 * in discount-rules.ts.
 */

/** `{ type, value }` on a line or on the sale: value is a percentage (0–100] or an amount (> 0). */
export const discountSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES, { error: "Discount type must be 'percent' or 'amount'" }),
    value: z.union([z.number(), z.string()], { error: 'Discount value must be a number' }),
  })
  .superRefine((d, ctx) => {
    const hundredths = discountHundredths(d.value);
    if (hundredths === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Discount value must be a number with up to 2 decimals',
      });
    } else if (hundredths <= 0) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Discount must be more than 0' });
    } else if (d.type === 'percent' && hundredths > 10_000) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage discount cannot be more than 100%' });
    }
  });
export type DiscountInput = z.infer<typeof discountSchema>;

// ---- Caps per role ----

const capSchema = z
  .number({ error: 'A cap must be a whole percentage from 0 to 100' })
  .int({ error: 'A cap must be a whole percentage from 0 to 100' })
  .min(0, { error: 'A cap must be a whole percentage from 0 to 100' })
  .max(100, { error: 'A cap must be a whole percentage from 0 to 100' });

/** PUT /api/settings/discount-caps: every role's cap. */
export const discountCapsSchema = z.object(
  Object.fromEntries(ROLES.map((r) => [r, capSchema])) as Record<Role, typeof capSchema>,
);

// ---- A manager's PIN checked when it is typed (issue #30 item 16) ----

/** POST /api/discounts/approval-check: the PIN a manager typed for a discount above the cap. */
export const discountApprovalCheckSchema = z.object({
  approverPin: z
    .string({ error: 'Manager PIN must be 4 digits' })
    .regex(/^[0-9]{4}$/, { error: 'Manager PIN must be 4 digits' }),
});
export type DiscountApprovalCheck = z.infer<typeof discountApprovalCheckSchema>;

/** The manager whose PIN it is, and the most they may approve (their own role's cap). */
export const discountApprovalSchema = z.object({
  approver: z.object({ id: z.string(), name: z.string() }),
  capPercent: z.number().int(),
});
export type DiscountApproval = z.infer<typeof discountApprovalSchema>;
