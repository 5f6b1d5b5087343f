/**
 * The one error model (style guide habit 5): a code, an HTTP status and a message safe to show.
 * The error plugin turns it into `{ message, code }`; anything else becomes a logged bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { errors?: Record<string, string>; retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Authentication required') => new AppError(401, 'auth.unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'auth.forbidden', message);
export const notFound = (what = 'Resource', code = 'not_found') => new AppError(404, code, `${what} not found`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const badRequest = (code: string, message: string, errors?: Record<string, string>) =>
  new AppError(400, code, message, errors ? { errors } : undefined);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'auth.throttled', message, { retryAfterSeconds });
export const serviceUnavailable = (message = 'Service temporarily unavailable. Please try again.') =>
  new AppError(503, 'system.unavailable', message);
