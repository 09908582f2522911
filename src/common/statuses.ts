/** Status values of spec section 4 and the labels users see for them. */

export const ROLES = ['SYSTEM', 'ADMIN', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];

/** Processing stages in order. FAILED is reported by live updates only. */
export const PROCESSING_STATUSES = ['UPLOADING', 'QUEUED', 'CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number] | 'FAILED';

export const PROCESSING_STATUS_LABELS: Record<(typeof PROCESSING_STATUSES)[number], string> = {
  UPLOADING: 'Uploading file...',
  QUEUED: 'Queued for processing',
  CONSOLIDATING: 'Consolidating file...',
  CONSOLIDATED: 'Consolidation complete',
  SCRUBBING: 'Scrubbing file...',
  SCRUBBED: 'Processing complete',
};

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'COMPLETED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  CLOSED: 'Closed',
};

export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as K] : value;
}

/** The label of a processing status; unknown values (FAILED included) are shown as they are. */
export function processingStatusLabel(status: string): string {
  return labelOf(PROCESSING_STATUS_LABELS, status);
}

export function approvalStatusLabel(status: string): string {
  return labelOf(APPROVAL_STATUS_LABELS, status);
}

/** The label of a ticket status; unknown values are shown as they are. */
export function ticketStatusLabel(status: string): string {
  return labelOf(TICKET_STATUS_LABELS, status);
}

export function clientStatusLabel(status: string): string {
  return labelOf(CLIENT_STATUS_LABELS, status);
}

/** The other client status: what a click on the status pill switches to. */
export function toggledClientStatus(status: ClientStatus): ClientStatus {
  return status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
}
