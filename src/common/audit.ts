/**
 * The words of the audit log: what each action and each kind of record is called on the audit screen,
 * in its summary lines and in its CSV export. The server's summaries and the screen read them here,
 * so both say the same thing.
 */

/** Each action the product writes to the audit log, as a person reads it. */
export const AUDIT_ACTION_LABELS = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.revoke': 'Session revoked',
  'client.create': 'Added client',
  'client.update': 'Changed client',
  'client.delete': 'Deleted client',
  'client.mapping_fix': 'Fixed column mapping',
  'company.create': 'Added company',
  'company.update': 'Changed company',
  'company.delete': 'Deleted company',
  'consolidated_file.create': 'Uploaded consolidated file',
  'consolidated_file.download': 'Opened consolidated file',
  'ticket.create': 'Opened ticket',
  'ticket.comment': 'Commented on ticket',
  'ticket.status': 'Changed ticket status',
  'ticket.delete': 'Deleted ticket',
  'upload.create': 'Uploaded payroll',
  'upload.reupload': 'Uploaded payroll again',
  'upload.review': 'Reviewed upload',
  'upload.reprocess': 'Processed upload again',
  'upload.download': 'Downloaded upload',
  'upload.bulk_download': "Downloaded week's files",
  'user.create': 'Added user',
  'user.delete': 'Deleted user',
  'user.password_change': 'Changed own password',
  'user.password_reset': 'Reset password',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Each kind of record an audit row names. */
export const AUDIT_RECORD_TYPE_LABELS = {
  client: 'Client',
  company: 'Company',
  consolidated_file: 'Consolidated file',
  session: 'Session',
  ticket: 'Ticket',
  ticket_comment: 'Ticket comment',
  upload: 'Upload',
  user: 'User',
} as const satisfies Record<string, string>;

export type AuditRecordType = keyof typeof AUDIT_RECORD_TYPE_LABELS;

/** An action's label; an action this version does not know (an older row) reads as its own name. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

export function auditRecordTypeLabel(type: string): string {
  return (AUDIT_RECORD_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** The field names of before/after values, as a person reads them; a field not listed reads as its own name. */
const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  status: 'status',
  assignedStaffName: 'assigned staff',
  approvalStatus: 'decision',
  notes: 'notes',
  overrideReason: 'reason for approving despite errors',
  title: 'title',
  email: 'email',
  role: 'role',
};

export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/**
 * The fields a person compares, with the before and after values where they differ. Ids are left
 * out (the record's readable fields say the same), and so is anything not a plain value.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): { field: string; before: unknown; after: unknown }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((field) => !/Id$/.test(field));
  return fields
    .map((field) => ({ field, before: emptyAsNone(before?.[field]), after: emptyAsNone(after?.[field]) }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** Nothing, an empty text and an empty list or object all mean the same: none. */
function emptyAsNone(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (value !== null && typeof value === 'object' && Object.keys(value).length === 0) return null;
  return value;
}

/** A before or after value as short text: nothing as '(none)', a list or object as its entries. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${auditValueText(inner)}`)
      .join(', ');
  }
  return String(value);
}
