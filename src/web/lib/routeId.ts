/**
 * Ids in addresses are UUIDs. A screen checks the id before it asks, so a mistyped address shows
 * the screen's own not-found text instead of the server's schema message.
 */
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** Whether a route parameter can name a record at all. */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether a read failed because the record it names does not exist: a 404, or a 400 validation
 * error on the id itself (an id the server's schema refuses names nothing).
 */
export function isMissingRecord(error: unknown, idField = 'id'): boolean {
  if (!isRecord(error)) return false;
  if (error.status === 404) return true;
  if (error.status !== 400 || !isRecord(error.data) || !Array.isArray(error.data.errors)) return false;
  return error.data.errors.some((item) => isRecord(item) && item.field === idField);
}
