/**
 * Issue #15 item 4: the rule of the address a receipt is e-mailed to (POST
 * /api/transactions/:id/receipt/email), written once: emailReceiptBodySchema (sales-history.ts)
 * applies it on the server and the terminal's e-mail dialog applies it as the address is sent.
 * Zod-free, so the terminal does not load zod for it.
 */

export const RECEIPT_EMAIL_MESSAGES = {
  required: 'Enter an e-mail address',
  invalid: 'Valid email is required',
} as const;

/** The longest address accepted. */
const RECEIPT_EMAIL_MAX_LENGTH = 255;

/**
 * A practical e-mail address: dot-separated local part, a domain of labels and a top-level domain
 * of 2 letters or more. It is zod 4's z.email() pattern (zod's `regexes.email`): importing it from
 * zod would bring the whole regexes module into the terminal (1.2 KB gzip, and the terminal sits
 * at its 300 KB budget), so it is written here and receipt-email.test.ts holds it to zod's.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Why an address (already trimmed) is refused, or null when it is accepted. */
export function receiptEmailError(email: string): string | null {
  if (email.length === 0) return RECEIPT_EMAIL_MESSAGES.required;
  if (email.length > RECEIPT_EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return RECEIPT_EMAIL_MESSAGES.invalid;
  return null;
}
