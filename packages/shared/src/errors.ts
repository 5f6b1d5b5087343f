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
