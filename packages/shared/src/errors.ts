import { z } from 'zod';

/** The one error body every API answer uses (style guide habit 5). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** Field messages for a 400, keyed by the dotted field path. */
  errors: z.record(z.string(), z.string()).optional(),
  /** On a 500/503: the request id (also in the X-Request-Id header) that finds the server's log line. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * The error codes a client switches on (the POS terminal's sale refusals, the product form's SKU
 * field). The server's error factories use these constants, so a renamed code breaks the build on
 * both sides instead of a screen silently falling back to a generic message.
 */
export const ERROR_CODES = {
  shiftRequired: 'pos.shift_required',
  insufficientStock: 'pos.insufficient_stock',
  totalsMismatch: 'pos.totals_mismatch',
  skuTaken: 'catalog.sku_taken',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
