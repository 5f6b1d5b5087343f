import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pgErrorCode } from '../lib/db-errors';
import { AppError, unauthorized } from '../lib/errors';

/** The field path of a validation issue: "pin", "items.0.quantity"; "body" for the body itself. */
function fieldOf(instancePath: string | undefined): string {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return trimmed || 'body';
}

/**
 * One error handler (style guide): AppError → `{ message, code }` with its status; validation →
 * 400 with field messages; client mistakes Fastify detects (bad JSON, wrong media type, too large)
 * keep their 4xx; an unreachable database → 503; anything else → a bare, logged 500.
 * Issue #38 item 5 (ADR 0028): a request whose session was deferred to its statement (the sale) has
 * its session checked before any refusal is answered, so an ended session always gets 401.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (caught: FastifyError | AppError | Error, request, reply) => {
    let error = caught;
    if (request.auth?.deferred && !(error instanceof AppError && error.statusCode === 401)) {
      const auth = request.auth;
      const live = await request.server.sessions.verify(request, auth).catch(() => auth);
      if (live) request.auth = live;
      else error = unauthorized();
    }
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds) reply.header('Retry-After', String(error.details.retryAfterSeconds));
      if (error.statusCode === 403) request.log.warn({ code: error.code, url: request.url }, 'forbidden');
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.details?.errors ? { errors: error.details.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath);
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, code: 'validation', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its declared shape');
      return reply.status(500).send({ message: 'Internal Server Error', code: 'internal', requestId: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(503).send({
        message: 'Service temporarily unavailable. Please try again.',
        code: 'system.unavailable',
        requestId: request.id,
      });
    }
    if (pgErrorCode(error) === '40001' || pgErrorCode(error) === '40P01') {
      return reply
        .status(409)
        .send({ message: 'The request conflicted with another one. Please try again.', code: 'conflict.retry' });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: (error as FastifyError).code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error', code: 'internal', requestId: request.id });
  });
}
