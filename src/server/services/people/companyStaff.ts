import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clients, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import type { ChangeAuthor } from '../companies/companies';
import { type AdminStaffPagination, adminStaffPagination, containsPattern, type PageRequest } from '../shared/pagination';
import { createUser, pageOfUsers } from './users';

export const STAFF_NOT_FOUND = 'Staff member not found';

export interface StaffView {
  id: string;
  name: string;
  email: string;
  created_at: string;
}

/** Why a member who still looks after clients is not deleted, and what to do first. */
export function stillAssignedMessage(name: string, clientCount: number): string {
  const clientsAssigned = clientCount === 1 ? '1 client' : `${clientCount} clients`;
  return `${name} still has ${clientsAssigned} assigned. Reassign ${clientCount === 1 ? 'it' : 'them'} to another staff member before deleting.`;
}

function toStaffView(row: { id: string; name: string; email: string; createdAt: Date }): StaffView {
  return { id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() };
}

function staffOf(companyId: string) {
  return and(eq(users.companyId, companyId), eq(users.role, 'STAFF'));
}

/** A company's staff members, oldest first, optionally only those whose name or email contains the search text (any case). */
export async function listCompanyStaff(
  db: Executor,
  companyId: string,
  page: PageRequest,
  search: string | undefined,
): Promise<{ staff: StaffView[]; pagination: AdminStaffPagination }> {
  const text = search?.trim();
  const where = and(staffOf(companyId), text ? or(ilike(users.name, containsPattern(text)), ilike(users.email, containsPattern(text))) : undefined);
  const { rows, total } = await pageOfUsers(db, where, page);
  return { staff: rows.map(toStaffView), pagination: adminStaffPagination(page, total) };
}

/** Adds a staff member to the company; the email rules (one user per email, any case) are createUser's. */
export async function createCompanyStaff(
  db: Executor,
  companyId: string,
  input: { name: string; email: string; password: string },
  author: ChangeAuthor,
): Promise<StaffView> {
  return db.transaction(async (tx) => toStaffView(await createUser(tx, { role: 'STAFF', companyId, ...input }, author)));
}

/**
 * Deletes a staff member of the company; anyone else (an admin, another company's member) is not
 * found. A member who still has clients is refused, so no client is left without someone to upload
 * its payroll. The member's row is locked first: a client being assigned to them at the same moment
 * (which reads the row with a share lock) either finishes before and is counted, or waits and then
 * finds the member gone. Their sessions go with the row, so they are signed out at once, and after
 * the commit their open sockets are closed.
 */
export async function deleteCompanyStaff(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
  companyId: string,
  staffId: string,
  author: ChangeAuthor,
): Promise<{ name: string }> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, staffId), staffOf(companyId)))
      .for('update');
    if (!member) throw notFound(STAFF_NOT_FOUND);
    const [{ assigned }] = await tx.select({ assigned: count() }).from(clients).where(eq(clients.assignedStaffId, staffId));
    if (assigned > 0) throw conflict(stillAssignedMessage(member.name, assigned));
    await tx.delete(users).where(eq(users.id, staffId));
    await recordAudit(tx, {
      ...author,
      companyId,
      action: 'user.delete',
      entityType: 'user',
      entityId: staffId,
      details: { role: 'STAFF', email: member.email, name: member.name },
    });
    return { name: member.name };
  });
  await ctx.publisher.accessChanged({ userIds: [staffId] });
  return deleted;
}
