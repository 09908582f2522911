import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { clients, requiredDocuments } from '../../db/schema';
import { type ClientStatus, type ClientView, type ClientViewer, nameContains, pageOfClients, visibleClient, visibleTo } from './clients';
import { type PageRequest, type StaffPagination, staffPagination } from '../shared/pagination';
import { toRequiredDocumentView } from './requiredDocuments';

export type ClientDetailView = components['schemas']['ClientDetail'];

/** A page of the clients assigned to the staff member, optionally of one status or whose name contains the search text. */
export async function listStaffClients(
  db: Executor,
  viewer: ClientViewer,
  page: PageRequest,
  status: ClientStatus | undefined,
  search?: string,
): Promise<{ clients: ClientView[]; pagination: StaffPagination }> {
  const found = await pageOfClients(db, and(visibleTo(viewer), status ? eq(clients.status, status) : undefined, nameContains(search)), page);
  return { clients: found.clients, pagination: staffPagination(page, found.total) };
}

/** An assigned client with its required document, titled after the client. */
export async function getStaffClient(db: Executor, viewer: ClientViewer, id: string): Promise<ClientDetailView> {
  const client = await visibleClient(db, viewer, id);
  const documents = await db
    .select({ id: requiredDocuments.id, createdAt: requiredDocuments.createdAt })
    .from(requiredDocuments)
    .where(eq(requiredDocuments.clientId, id))
    .orderBy(asc(requiredDocuments.createdAt), asc(requiredDocuments.id));
  return { ...client, required_documents: documents.map((document) => toRequiredDocumentView(document, client.name)) };
}
