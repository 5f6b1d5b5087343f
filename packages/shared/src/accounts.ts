import { z } from 'zod';

/**
 * Issue #34 item 3 (docs/adr/0034): customers, and the customer and department accounts a sale can
 * be charged to. Money is a 2-decimal string at the API, integer cents in code.
 */

const moneyString = z
  .string({ error: 'Must be an amount like 12.50' })
  .trim()
  .regex(/^\d{1,8}(?:\.\d{0,2})?$/, { error: 'Must be an amount like 12.50' });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

export const customerCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(255, { error: 'Name must be at most 255 characters' }),
  email: z
    .string({ error: 'E-mail must be text' })
    .trim()
    .max(255, { error: 'E-mail must be at most 255 characters' })
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Enter a valid e-mail address' })
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(50, { error: 'Phone must be at most 50 characters' })
    .refine((v) => v === '' || /^[+\d][\d\s()-]*$/.test(v), { error: 'Phone may hold digits, spaces, +, ( ) and -' })
    .nullish()
    .transform((v) => (v ? v : null)),
  number: optionalText('Staff/student number', 50),
  notes: optionalText('Notes', 2000),
});
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
export const customerUpdateSchema = customerCreateSchema.partial();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  number: z.string().nullable(),
  notes: z.string().nullable(),
  /** The customer's own account, when one was opened. */
  accountId: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A sale in a customer's purchase history. */
export const customerSaleSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  total: z.string(),
  paymentMethod: z.string(),
  status: z.string(),
});
export type CustomerSale = z.infer<typeof customerSaleSchema>;

export const ACCOUNT_KINDS = ['customer', 'department'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const accountCreateSchema = z
  .object({
    kind: z.enum(ACCOUNT_KINDS, { error: "Kind must be 'customer' or 'department'" }),
    customerId: z.uuid({ error: 'Unknown customer' }).nullish(),
    departmentId: z.uuid({ error: 'Unknown department' }).nullish(),
    creditLimit: moneyString,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'customer' && !v.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'Choose the customer' });
    if (v.kind === 'department' && !v.departmentId)
      ctx.addIssue({ code: 'custom', path: ['departmentId'], message: 'Choose the department' });
    if (v.kind === 'customer' && v.departmentId)
      ctx.addIssue({ code: 'custom', path: ['departmentId'], message: 'A customer account has no department' });
    if (v.kind === 'department' && v.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'A department account has no customer' });
  });
export type AccountCreate = z.infer<typeof accountCreateSchema>;

export const accountUpdateSchema = z.object({ creditLimit: moneyString });

export const accountSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  customerId: z.string().nullable(),
  departmentId: z.string().nullable(),
  /** The customer's or the department's name. */
  name: z.string(),
  creditLimit: z.string(),
  balance: z.string(),
  /** What may still be charged: limit − balance. */
  available: z.string(),
  /** Department charges not yet approved by the department's manager. */
  pendingCharges: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const ACCOUNT_PAYMENT_METHODS = [
  'cash',
  'bank_transfer',
  'credit_card',
  'debit_card',
  'eftpos',
  'other',
] as const;

export const accountPaymentSchema = z.object({
  amount: moneyString.refine((v) => Number(v) > 0, { error: 'Amount must be more than 0.00' }),
  method: z.enum(ACCOUNT_PAYMENT_METHODS, { error: 'Choose a payment method' }),
  referenceCode: z
    .string()
    .trim()
    .max(50, { error: 'Reference must be at most 50 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AccountPaymentInput = z.infer<typeof accountPaymentSchema>;

export const ACCOUNT_ENTRY_KINDS = ['charge', 'refund', 'void', 'payment'] as const;

export const accountEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** Signed: + a charge, − a refund, void or payment. */
  amount: z.string(),
  createdAt: z.string(),
  /** The sale's 6-character number for a charge, refund or void. */
  saleNumber: z.string().nullable(),
  transactionId: z.string().nullable(),
  method: z.string().nullable(),
  referenceCode: z.string().nullable(),
  /** A department charge: 'approved' or 'pending'; null for anything else. */
  approval: z.enum(['approved', 'pending']).nullable(),
  approvedBy: z.string().nullable(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const accountStatementSchema = z.object({
  account: accountSchema,
  month: z.string(),
  openingBalance: z.string(),
  charges: z.string(),
  payments: z.string(),
  closingBalance: z.string(),
  entries: z.array(accountEntrySchema),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;

export const statementQuerySchema = z.object({
  month: z
    .string({ error: 'Month must be like 2026-11' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be like 2026-11' })
    .optional(),
  format: z.enum(['json', 'csv'], { error: "Format must be 'json' or 'csv'" }).optional(),
});

export const ACCOUNT_MESSAGES = {
  limit: (available: string) => `This charge is above the account's credit limit: ${available} available`,
  accountRequired: 'Choose the account to charge',
  accountNotForMethod: 'Only an account payment names an account',
  unknownAccount: 'Unknown account',
  offline: 'A sale charged to an account cannot be recorded offline',
  duplicate: 'This customer or department already has an account',
  limitBelowBalance: 'The credit limit cannot be below the balance',
} as const;
