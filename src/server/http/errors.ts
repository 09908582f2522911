/** Domain errors that leave the API as `{ success: false, message, error }` with their status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: { field: string; message: string }[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, errors);
export const unauthorized = (message = 'Please sign in to continue.', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this resource.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);
