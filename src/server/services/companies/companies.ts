import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clients, companies, consolidatedFiles, tickets, uploadFiles, uploads, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { containsPattern, offsetOf, type PagePagination, pagePagination, type PageRequest } from '../shared/pagination';
import { removeStoredFiles, type WarningLog } from '../uploads/storedFiles';
import { createUser, pageOfUsers } from '../people/users';

export const COMPANY_NOT_FOUND = 'Company not found';
export const ADMIN_NOT_FOUND = 'Admin not found';

/** Who makes a change, for the audit log. */
export interface ChangeAuthor {
  actor: { id: string; role: string };
  ip?: string;
}

export interface CompanyView {
  id: string;
  name: string;
  staff_count: number;
  active_clients: number;
  created_at: string;
}

export interface CompanyAdminView {
  id: string;
  name: string;
  email: string;
  role: 'ADMIN';
  created_at: string;
}

/**
 * Companies with their counts of staff users and active clients, computed from the data on every
 * read so they can never drift from it.
 */
function selectCompanies(db: Executor) {
  const staff = db
    .select({ companyId: users.companyId, n: count().as('staff_n') })
    .from(users)
    .where(eq(users.role, 'STAFF'))
    .groupBy(users.companyId)
    .as('staff_counts');
  const active = db
    .select({ companyId: clients.companyId, n: count().as('active_n') })
    .from(clients)
    .where(eq(clients.status, 'ACTIVE'))
    .groupBy(clients.companyId)
    .as('active_counts');
  return db
    .select({
      id: companies.id,
      name: companies.name,
      createdAt: companies.createdAt,
      staffCount: sql<number>`coalesce(${staff.n}, 0)::int`,
      activeClients: sql<number>`coalesce(${active.n}, 0)::int`,
    })
    .from(companies)
    .leftJoin(staff, eq(staff.companyId, companies.id))
    .leftJoin(active, eq(active.companyId, companies.id));
}

function toCompanyView(row: { id: string; name: string; createdAt: Date; staffCount: number; activeClients: number }): CompanyView {
  return {
    id: row.id,
    name: row.name,
    staff_count: Number(row.staffCount),
    active_clients: Number(row.activeClients),
    created_at: row.createdAt.toISOString(),
  };
}

/** Companies by name, optionally only those whose name contains the search text (any case). */
export async function listCompanies(
  db: Executor,
  page: PageRequest,
  search: string | undefined,
): Promise<{ companies: CompanyView[]; pagination: PagePagination }> {
  const text = search?.trim();
  const where: SQL | undefined = text ? ilike(companies.name, containsPattern(text)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    selectCompanies(db)
      .where(where)
      .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { companies: rows.map(toCompanyView), pagination: pagePagination(page, total) };
}

export async function getCompany(db: Executor, id: string): Promise<CompanyView> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return toCompanyView(row);
}

export async function createCompany(db: Executor, name: string, author: ChangeAuthor): Promise<CompanyView> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(companies).values({ name: name.trim() }).returning();
    await recordAudit(tx, { ...author, companyId: created.id, action: 'company.create', entityType: 'company', entityId: created.id, details: { name: created.name } });
    return toCompanyView({ ...created, staffCount: 0, activeClients: 0 });
  });
}

export async function renameCompany(db: Executor, id: string, name: string, author: ChangeAuthor): Promise<CompanyView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).for('update');
    if (!before) throw notFound(COMPANY_NOT_FOUND);
    const newName = name.trim();
    await tx.update(companies).set({ name: newName, updatedAt: new Date() }).where(eq(companies.id, id));
    await recordAudit(tx, { ...author, companyId: id, action: 'company.update', entityType: 'company', entityId: id, details: { before, after: { name: newName } } });
    return getCompany(tx, id);
  });
}

/**
 * Deletes a company and everything it owns in one transaction: its users (and so their sessions),
 * clients, required documents, uploads and their file rows, consolidated files, tickets and comments
 * (the foreign keys cascade). After the commit its members' open sockets are closed and the stored
 * files go; a file that cannot be removed is logged and left for a sweep, since the rows pointing at
 * it are gone either way.
 */
export async function deleteCompany(
  ctx: Pick<AppContext, 'db' | 'storage' | 'publisher'>,
  id: string,
  author: ChangeAuthor,
  log: WarningLog,
): Promise<{ name: string }> {
  const { name, storageKeys } = await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).for('update');
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    const [consolidated, uploaded, owned] = await Promise.all([
      tx.select({ key: consolidatedFiles.storageKey }).from(consolidatedFiles).where(eq(consolidatedFiles.companyId, id)),
      tx
        .select({ key: uploadFiles.storageKey })
        .from(uploadFiles)
        .innerJoin(uploads, eq(uploads.id, uploadFiles.uploadId))
        .where(eq(uploads.companyId, id)),
      ownedCounts(tx, id),
    ]);
    await tx.delete(companies).where(eq(companies.id, id));
    await recordAudit(tx, {
      ...author,
      companyId: id,
      action: 'company.delete',
      entityType: 'company',
      entityId: id,
      details: { name: company.name, ...owned, files: consolidated.length + uploaded.length },
    });
    return { name: company.name, storageKeys: [...consolidated, ...uploaded].map((row) => row.key) };
  });
  await ctx.publisher.accessChanged({ companyId: id });
  await removeStoredFiles(ctx.storage, storageKeys, log, 'company');
  return { name };
}

async function ownedCounts(tx: Executor, companyId: string) {
  const [[usersOwned], [clientsOwned], [uploadsOwned], [ticketsOwned]] = await Promise.all([
    tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
    tx.select({ n: count() }).from(clients).where(eq(clients.companyId, companyId)),
    tx.select({ n: count() }).from(uploads).where(eq(uploads.companyId, companyId)),
    tx.select({ n: count() }).from(tickets).where(eq(tickets.companyId, companyId)),
  ]);
  return { users: usersOwned.n, clients: clientsOwned.n, uploads: uploadsOwned.n, tickets: ticketsOwned.n };
}

function toAdminView(row: { id: string; name: string; email: string; createdAt: Date }): CompanyAdminView {
  return { id: row.id, name: row.name, email: row.email, role: 'ADMIN', created_at: row.createdAt.toISOString() };
}

async function assertCompanyExists(db: Executor, id: string): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
}

/** A company's admins, oldest first. */
export async function listCompanyAdmins(
  db: Executor,
  companyId: string,
  page: PageRequest,
): Promise<{ admins: CompanyAdminView[]; pagination: PagePagination }> {
  await assertCompanyExists(db, companyId);
  const where = and(eq(users.companyId, companyId), eq(users.role, 'ADMIN'));
  const { rows, total } = await pageOfUsers(db, where, page);
  return { admins: rows.map(toAdminView), pagination: pagePagination(page, total) };
}

export async function createCompanyAdmin(
  db: Executor,
  companyId: string,
  input: { name: string; email: string; password: string },
  author: ChangeAuthor,
): Promise<CompanyAdminView> {
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    const created = await createUser(tx, { role: 'ADMIN', companyId, ...input }, author);
    return toAdminView(created);
  });
}

/** Removes an admin of the company; any other user (or another company's admin) is not found. Their open sockets are closed after the commit. */
export async function deleteCompanyAdmin(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
  companyId: string,
  adminId: string,
  author: ChangeAuthor,
): Promise<{ name: string }> {
  const deleted = await ctx.db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId);
    const [removed] = await tx
      .delete(users)
      .where(and(eq(users.id, adminId), eq(users.companyId, companyId), eq(users.role, 'ADMIN')))
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!removed) throw notFound(ADMIN_NOT_FOUND);
    await recordAudit(tx, {
      ...author,
      companyId,
      action: 'user.delete',
      entityType: 'user',
      entityId: removed.id,
      details: { role: 'ADMIN', email: removed.email, name: removed.name },
    });
    return { name: removed.name };
  });
  await ctx.publisher.accessChanged({ userIds: [adminId] });
  return deleted;
}
