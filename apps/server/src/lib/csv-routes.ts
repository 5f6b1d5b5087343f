import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

const MAX_CSV_CHARS = 5 * 1024 * 1024;
const CHOOSE_FILE = 'Choose a CSV file to import.';

/** The body of a CSV import route: the file's text, at most 5 MB. */
export const csvImportBodySchema = z.object({
  csv: z
    .string({ error: CHOOSE_FILE })
    .min(1, { error: CHOOSE_FILE })
    .max(MAX_CSV_CHARS, { error: 'The CSV file is larger than 5 MB; split it into smaller files.' }),
});

/** An import route's bodyLimit: JSON-escaping can grow a 5 MB file somewhat; the text itself is capped by the schema. */
export const CSV_IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** An export route's 200 response: the body is a CSV stream, which Fastify sends as it is (no serializer runs). */
export const csvResponseSchema = z.any().describe('text/csv');

/** Sends a CSV stream as a download named `filename`, never cached. */
export function sendCsv(reply: FastifyReply, file: { filename: string; stream: Readable }): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.stream);
}
