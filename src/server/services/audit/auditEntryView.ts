import { auditActionLabel, auditChanges, auditFieldLabel, auditValueText } from '@/common/audit';
import type { components } from '../../api-types';
import type { auditLog } from '../../db/schema';

export type AuditEntryView = components['schemas']['AuditEntry'];
type Fields = Record<string, unknown>;

/** An audit row with the names of its actor and company, when they still exist. */
export interface AuditRow {
  entry: typeof auditLog.$inferSelect;
  actorName: string | null;
  companyName: string | null;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The record's fields before and after the change. A change that has both writes them as
 * `details.before` and `details.after`; a creation's details are the record as created (after only),
 * a deletion's the record as it was (before only); anything else (a sign-in, a download) has neither.
 */
export function changeOf(action: string, details: unknown): { before: Fields | null; after: Fields | null } {
  if (!isFields(details)) return { before: null, after: null };
  if (isFields(details.before) || isFields(details.after)) {
    return { before: isFields(details.before) ? details.before : null, after: isFields(details.after) ? details.after : null };
  }
  if (action.endsWith('.create')) return { before: null, after: details };
  if (action.endsWith('.delete')) return { before: details, after: null };
  return { before: null, after: null };
}

/** What the row is about, in words: the record's name, title or file, as the details give it. */
function subjectOf(details: unknown, before: Fields | null, after: Fields | null): string | null {
  for (const source of [after, before, isFields(details) ? details : null]) {
    for (const field of ['name', 'title', 'fileName', 'email']) {
      const value = source?.[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  if (isFields(details) && typeof details.weekStart === 'string') return `for the week of ${details.weekStart}`;
  return null;
}

/** Downloads say which version of the files left: 'raw', 'consolidated' or 'scrubbed', as their details record it. */
const DOWNLOAD_ACTIONS = new Set(['upload.download', 'upload.bulk_download']);

function downloadedTypeOf(action: string, details: unknown): string {
  if (!DOWNLOAD_ACTIONS.has(action) || !isFields(details) || typeof details.type !== 'string') return '';
  return action === 'upload.bulk_download' ? `${details.type} files` : `${details.type} file`;
}

/**
 * One readable line: 'Changed client Acme Bakery: status ACTIVE -> INACTIVE'. Creations and deletions
 * just name the record; a download names the file type ("Downloaded week's files for the week of
 * 2025-09-15: consolidated files").
 */
export function auditSummary(action: string, details: unknown): string {
  const { before, after } = changeOf(action, details);
  const subject = subjectOf(details, before, after);
  const changes =
    before && after
      ? auditChanges(before, after)
          .map((change) => `${auditFieldLabel(change.field)} ${auditValueText(change.before)} -> ${auditValueText(change.after)}`)
          .join('; ')
      : '';
  const reason = action === 'auth.revoke' && isFields(details) && typeof details.reason === 'string' ? details.reason : '';
  const tail = changes || reason || downloadedTypeOf(action, details);
  return [auditActionLabel(action), subject].filter(Boolean).join(' ') + (tail ? `: ${tail}` : '');
}

export function toAuditEntryView({ entry, actorName, companyName }: AuditRow): AuditEntryView {
  const { before, after } = changeOf(entry.action, entry.details);
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actorId ? { id: entry.actorId, name: actorName, role: entry.actorRole } : null,
    company: entry.companyId ? { id: entry.companyId, name: companyName } : null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    summary: auditSummary(entry.action, entry.details),
    before,
    after,
    ip: entry.ip,
  };
}
