import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clients, type clientStatuses, companies, requiredDocuments, users } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import type { ChangeAuthor } from '../companies/companies';
import { containsPattern, offsetOf, type PagePagination, pagePagination, type PageRequest } from '../shared/pagination';
import { WEEKLY_DOCUMENT_STORED_TITLE } from './requiredDocuments';

/** The one answer for a client the caller may not see, whether it exists elsewhere or not at all. */
export const CLIENT_NOT_FOUND = "Client not found or you don't have access to this client.";
export const STAFF_CHANGE_STATUS_ONLY = 'Staff members can only change the status of a client.';
export const CHOOSE_COMPANY_STAFF = 'Choose a staff member of your company.';
export const DUPLICATE_CLIENT_NAME = 'DUPLICATE_CLIENT_NAME';
export const duplicateClientName = (name: string) => `Another client is already called ${name}.`;

export type ClientStatus = (typeof clientStatuses)[number];
export type ClientView = components['schemas']['Client'];

/**
 * Who is looking at clients, from the session: an admin sees every client of their company, a
 * staff member only the clients of their company assigned to them.
 */
export interface ClientViewer {
  companyId: string;
  userId: string;
  role: 'ADMIN' | 'STAFF';
}

export function visibleTo(viewer: ClientViewer): SQL | undefined {
  return and(eq(clients.companyId, viewer.companyId), viewer.role === 'STAFF' ? eq(clients.assignedStaffId, viewer.userId) : undefined);
}

const clientColumns = { client: clients, staffName: users.name, companyName: companies.name };

function selectClients(db: Executor) {
  return db
    .select(clientColumns)
    .from(clients)
    .innerJoin(companies, eq(companies.id, clients.companyId))
    .leftJoin(users, eq(users.id, clients.assignedStaffId));
}

export function toClientView(row: { client: typeof clients.$inferSelect; staffName: string | null; companyName: string }): ClientView {
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    status: client.status,
    assigned_staff_id: client.assignedStaffId,
    assigned_staff_name: row.staffName,
    organization_name: row.companyName,
    created_at: client.createdAt.toISOString(),
  };
}

/** A page of clients matching `where`, by name (any case) and then id, so pages never overlap. */
export async function pageOfClients(db: Executor, where: SQL | undefined, page: PageRequest): Promise<{ clients: ClientView[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    selectClients(db)
      .where(where)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(clients).where(where),
  ]);
  return { clients: rows.map(toClientView), total };
}

/** Clients whose name contains the text (any case); no condition for no text. */
export function nameContains(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  return text ? ilike(clients.name, containsPattern(text)) : undefined;
}

/** A page of the company's clients, optionally of one status, one assigned staff member, or whose name contains the search text. */
export async function listClients(
  db: Executor,
  viewer: ClientViewer,
  page: PageRequest,
  filters: { status?: ClientStatus; assignedStaffId?: string; search?: string },
): Promise<{ clients: ClientView[]; pagination: PagePagination }> {
  const where = and(
    visibleTo(viewer),
    filters.status ? eq(clients.status, filters.status) : undefined,
    filters.assignedStaffId ? eq(clients.assignedStaffId, filters.assignedStaffId) : undefined,
    nameContains(filters.search),
  );
  const found = await pageOfClients(db, where, page);
  return { clients: found.clients, pagination: pagePagination(page, found.total) };
}

/** One client the viewer may see; any other answers {@link CLIENT_NOT_FOUND}, whether or not it exists. */
export async function visibleClient(db: Executor, viewer: ClientViewer, id: string): Promise<ClientView> {
  const [row] = await selectClients(db).where(and(eq(clients.id, id), visibleTo(viewer))).limit(1);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toClientView(row);
}

/**
 * Refuses an assignment to anyone but a staff member of the company. The member's row is read with
 * a share lock, so deleting that member waits for this transaction and then sees the new client.
 * Answers the member's name, for the audit log.
 */
async function assertAssignableStaff(tx: Executor, companyId: string, staffId: string): Promise<string> {
  const [member] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.companyId, companyId), eq(users.role, 'STAFF')))
    .for('share');
  if (!member) throw badRequest(CHOOSE_COMPANY_STAFF, [{ field: 'assigned_staff_id', message: CHOOSE_COMPANY_STAFF }]);
  return member.name;
}

/** A client name as people tell names apart: without case, accents or differences in spacing. */
export function foldedClientName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Warns before a second client of the company gets a name people would read as the same one
 * ('Bakery', 'bakery ', 'Bâkery'): two such rows are told apart by nobody on the weekly lists. Names
 * are not unique (spec section 5 does not make them so), so an admin who means it sends
 * `allow_duplicate_name` and goes on. `exceptId` is the client being renamed.
 */
async function warnOfDuplicateName(tx: Executor, companyId: string, name: string, exceptId?: string): Promise<void> {
  const folded = foldedClientName(name);
  const others = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), exceptId ? ne(clients.id, exceptId) : undefined));
  const same = others.find((other) => foldedClientName(other.name) === folded);
  if (same) throw new AppError(409, DUPLICATE_CLIENT_NAME, duplicateClientName(same.name));
}

/** Adds a client to the company with the one required document it owes each week. */
export async function createClient(
  db: Executor,
  viewer: ClientViewer,
  input: { name: string; assigned_staff_id: string; status?: ClientStatus; allow_duplicate_name?: boolean },
  author: ChangeAuthor,
): Promise<ClientView> {
  return db.transaction(async (tx) => {
    const assignedStaffName = await assertAssignableStaff(tx, viewer.companyId, input.assigned_staff_id);
    if (!input.allow_duplicate_name) await warnOfDuplicateName(tx, viewer.companyId, input.name);
    const [created] = await tx
      .insert(clients)
      .values({ companyId: viewer.companyId, name: input.name.trim(), status: input.status ?? 'ACTIVE', assignedStaffId: input.assigned_staff_id })
      .returning();
    const [document] = await tx
      .insert(requiredDocuments)
      .values({ clientId: created.id, title: WEEKLY_DOCUMENT_STORED_TITLE })
      .returning({ id: requiredDocuments.id });
    await recordAudit(tx, {
      ...author,
      companyId: viewer.companyId,
      action: 'client.create',
      entityType: 'client',
      entityId: created.id,
      details: { name: created.name, status: created.status, assignedStaffId: created.assignedStaffId, assignedStaffName, requiredDocumentId: document.id },
    });
    return visibleClient(tx, viewer, created.id);
  });
}

export type ClientChanges = components['schemas']['ClientUpdate'];

/**
 * Changes a client the viewer may see. Admins may change any field; staff only the status (the
 * toggle on their screens), which is refused before anything is read. Once a reassignment commits,
 * the staff member the client was taken from stops following its uploads live at once.
 */
export async function updateClient(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
  viewer: ClientViewer,
  id: string,
  changes: ClientChanges,
  author: ChangeAuthor,
): Promise<ClientView> {
  if (viewer.role === 'STAFF' && Object.keys(changes).some((field) => field !== 'status')) throw forbidden(STAFF_CHANGE_STATUS_ONLY);
  const { client, assignedStaffId, reassigned } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: clients.name, status: clients.status, assignedStaffId: clients.assignedStaffId, assignedStaffName: users.name })
      .from(clients)
      .leftJoin(users, eq(users.id, clients.assignedStaffId))
      .where(and(eq(clients.id, id), visibleTo(viewer)))
      .for('update', { of: clients });
    if (!before) throw notFound(CLIENT_NOT_FOUND);
    if (changes.name !== undefined && !changes.allow_duplicate_name) await warnOfDuplicateName(tx, viewer.companyId, changes.name, id);
    const assignedStaffName =
      changes.assigned_staff_id !== undefined ? await assertAssignableStaff(tx, viewer.companyId, changes.assigned_staff_id) : before.assignedStaffName;
    const after = {
      name: changes.name?.trim() ?? before.name,
      status: changes.status ?? before.status,
      assignedStaffId: changes.assigned_staff_id ?? before.assignedStaffId,
    };
    await tx
      .update(clients)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(clients.id, id));
    const details = { before, after: { ...after, assignedStaffName } };
    await recordAudit(tx, { ...author, companyId: viewer.companyId, action: 'client.update', entityType: 'client', entityId: id, details });
    return { client: await visibleClient(tx, viewer, id), assignedStaffId: after.assignedStaffId, reassigned: after.assignedStaffId !== before.assignedStaffId };
  });
  if (reassigned) await ctx.publisher.accessChanged({ reassignedClient: { id, companyId: viewer.companyId, assignedStaffId } });
  return client;
}
