/** The fallback of spec section 8 when a failure carries no usable message. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmpty(text: unknown): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * The message to show for a failed call: the server's `message` (an HTTP error answer), the
 * message of a thrown error, else the fallback. Network failures carry no message a person can use.
 */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_ERROR_MESSAGE): string {
  if (!isRecord(error)) return fallback;
  if ('status' in error) {
    // An answer from the API ({ status, data }) or a failure before one arrived ({ status: 'FETCH_ERROR', error }).
    const data = error.data;
    return (isRecord(data) && nonEmpty(data.message)) || fallback;
  }
  return nonEmpty(error.message) ?? fallback;
}

/** Field errors of a 400 VALIDATION_ERROR answer, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (!isRecord(error) || !isRecord(error.data) || !Array.isArray(error.data.errors)) return found;
  for (const item of error.data.errors) {
    if (isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string' && !(item.field in found)) {
      found[item.field] = item.message;
    }
  }
  return found;
}
