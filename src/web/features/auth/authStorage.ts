import type { CurrentUser } from '@/web/api/generated';

/** The key redux-persist files the auth slice under; the storage entry is `persist:auth`. */
export const AUTH_PERSIST_KEY = 'auth';
export const AUTH_STORAGE_KEY = `persist:${AUTH_PERSIST_KEY}`;

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && typeof (value as CurrentUser).id === 'string' && typeof (value as CurrentUser).role === 'string';
}

/**
 * The signed-in user a stored auth entry holds: redux-persist writes each persisted field as JSON
 * inside a JSON object. No entry, an entry without a user, or one that cannot be read: nobody.
 */
export function userInStoredAuth(entry: string | null): CurrentUser | null {
  if (!entry) return null;
  try {
    const fields = JSON.parse(entry) as Record<string, unknown>;
    const user: unknown = typeof fields.user === 'string' ? JSON.parse(fields.user) : null;
    return isUser(user) ? user : null;
  } catch {
    return null;
  }
}

/** Whether two states name the same session: the same user with the same role, or nobody in both. */
export function sameSession(a: CurrentUser | null, b: CurrentUser | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.role === b.role);
}
