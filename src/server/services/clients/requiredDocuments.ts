import type { requiredDocuments } from '../../db/schema';

/**
 * The title a client's weekly document is stored with. People never see it: wherever the API shows
 * the document it shows {@link documentTitle}, built from the client's current name, so renaming a
 * client renames its document everywhere at once.
 */
export const WEEKLY_DOCUMENT_STORED_TITLE = 'Weekly Payroll';

export interface RequiredDocumentView {
  id: string;
  title: string;
  created_at: string;
}

/** The title the spec shows for a client's one required document: '{client} Weekly Document'. */
export function documentTitle(clientName: string): string {
  return `${clientName} Weekly Document`;
}

export function toRequiredDocumentView(document: Pick<typeof requiredDocuments.$inferSelect, 'id' | 'createdAt'>, clientName: string): RequiredDocumentView {
  return { id: document.id, title: documentTitle(clientName), created_at: document.createdAt.toISOString() };
}
