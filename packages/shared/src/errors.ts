import { z } from 'zod';

/** The one error body every API answer uses (style guide habit 5). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** Field messages for a 400, keyed by the dotted field path. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
