import { aliasedTable, and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { companies, type Role, ticketComments, tickets, type ticketStatuses, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import type { ChangeAuthor } from '../companies/companies';
import { offsetOf, type PagePagination, pagePagination, type PageRequest } from '../shared/pagination';

export const TICKET_NOT_FOUND = 'Ticket not found';

export type TicketStatus = (typeof ticketStatuses)[number];

export interface TicketView {
  id: string;
  title: string;
  description: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
  created_by_name: string;
  created_by_role: Role;
  company_name: string | null;
}

export interface TicketCommentView {
  id: string;
  comment: string;
  added_by_name: string;
  added_by_role: Role;
  company_name: string | null;
  added_at: string;
}

export interface TicketStatisticsView {
  total_tickets: number;
  open_tickets: number;
  in_progress_tickets: number;
  completed_tickets: number;
  closed_tickets: number;
}

const ticketColumns = {
  ticket: tickets,
  creatorName: users.name,
  creatorRole: users.role,
  companyName: companies.name,
};

type TicketRow = { ticket: typeof tickets.$inferSelect; creatorName: string; creatorRole: Role; companyName: string | null };

function toTicketView(row: TicketRow): TicketView {
  const { ticket } = row;
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    status: ticket.status,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    created_by_name: row.creatorName,
    created_by_role: row.creatorRole,
    company_name: row.companyName,
  };
}

/**
 * Operators see every ticket; an admin every ticket raised in their company (theirs and their
 * staff's, so they can follow up on what their people asked); a staff member only their own.
 */
function visibleTo(user: SessionUser): SQL | undefined {
  if (user.role === 'SYSTEM') return undefined;
  if (user.role === 'ADMIN' && user.companyId) return eq(tickets.companyId, user.companyId);
  return eq(tickets.createdById, user.id);
}

function selectTickets(db: Executor) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.createdById))
    .leftJoin(companies, eq(companies.id, tickets.companyId));
}

/** A page of the tickets the caller may see, newest first, optionally of one status. */
export async function listTickets(
  db: Executor,
  user: SessionUser,
  page: PageRequest,
  status: TicketStatus | undefined,
): Promise<{ tickets: TicketView[]; pagination: PagePagination }> {
  const where = and(visibleTo(user), status ? eq(tickets.status, status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    selectTickets(db).where(where).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(page.limit).offset(offsetOf(page)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return { tickets: rows.map(toTicketView), pagination: pagePagination(page, total) };
}

/** One ticket the caller may see; any other answers 'Ticket not found', whether or not it exists. */
async function visibleTicket(db: Executor, user: SessionUser, id: string): Promise<TicketView> {
  const [row] = await selectTickets(db).where(and(eq(tickets.id, id), visibleTo(user))).limit(1);
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return toTicketView(row);
}

const commenters = aliasedTable(users, 'commenter');
const commenterCompanies = aliasedTable(companies, 'commenter_company');

function selectComments(db: Executor) {
  return db
    .select({ comment: ticketComments, name: commenters.name, role: commenters.role, companyName: commenterCompanies.name })
    .from(ticketComments)
    .innerJoin(commenters, eq(commenters.id, ticketComments.userId))
    .leftJoin(commenterCompanies, eq(commenterCompanies.id, commenters.companyId));
}

function toCommentView(row: { comment: typeof ticketComments.$inferSelect; name: string; role: Role; companyName: string | null }): TicketCommentView {
  return {
    id: row.comment.id,
    comment: row.comment.comment,
    added_by_name: row.name,
    added_by_role: row.role,
    company_name: row.companyName,
    added_at: row.comment.createdAt.toISOString(),
  };
}

/** A ticket with its comments, oldest comment first. */
export async function getTicket(db: Executor, user: SessionUser, id: string): Promise<{ ticket: TicketView; comments: TicketCommentView[] }> {
  const ticket = await visibleTicket(db, user, id);
  const rows = await selectComments(db).where(eq(ticketComments.ticketId, id)).orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return { ticket, comments: rows.map(toCommentView) };
}

/** Raises a ticket in the caller's own company. */
export async function createTicket(db: Executor, user: SessionUser, input: { title: string; description: string }, author: ChangeAuthor): Promise<TicketView> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({ companyId: user.companyId, createdById: user.id, title: input.title.trim(), description: input.description.trim() })
      .returning({ id: tickets.id });
    await recordAudit(tx, { ...author, companyId: user.companyId, action: 'ticket.create', entityType: 'ticket', entityId: created.id, details: { title: input.title.trim() } });
    return visibleTicket(tx, user, created.id);
  });
}

export async function addTicketComment(db: Executor, user: SessionUser, ticketId: string, comment: string, author: ChangeAuthor): Promise<TicketCommentView> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tickets.id, companyId: tickets.companyId })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), visibleTo(user)))
      .limit(1);
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    const [created] = await tx.insert(ticketComments).values({ ticketId, userId: user.id, comment: comment.trim() }).returning({ id: ticketComments.id });
    await recordAudit(tx, {
      ...author,
      companyId: ticket.companyId,
      action: 'ticket.comment',
      entityType: 'ticket_comment',
      entityId: created.id,
      details: { ticketId },
    });
    const [row] = await selectComments(tx).where(eq(ticketComments.id, created.id));
    return toCommentView(row);
  });
}

/** Sets a ticket's status (operators only; any of the four statuses from any other). */
export async function updateTicketStatus(db: Executor, user: SessionUser, id: string, status: TicketStatus, author: ChangeAuthor): Promise<TicketView> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx.select({ title: tickets.title, status: tickets.status, companyId: tickets.companyId }).from(tickets).where(eq(tickets.id, id)).for('update');
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    await tx.update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.id, id));
    await recordAudit(tx, {
      ...author,
      companyId: ticket.companyId,
      action: 'ticket.status',
      entityType: 'ticket',
      entityId: id,
      details: { title: ticket.title, before: { status: ticket.status }, after: { status } },
    });
    return visibleTicket(tx, user, id);
  });
}

/** Deletes a ticket and its comments. */
export async function deleteTicket(db: Executor, id: string, author: ChangeAuthor): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(tickets).where(eq(tickets.id, id)).returning({ companyId: tickets.companyId, title: tickets.title });
    if (!removed) throw notFound(TICKET_NOT_FOUND);
    await recordAudit(tx, { ...author, companyId: removed.companyId, action: 'ticket.delete', entityType: 'ticket', entityId: id, details: { title: removed.title } });
  });
}

/** How many tickets there are in each status, over all tickets. */
export async function ticketStatistics(db: Executor): Promise<TicketStatisticsView> {
  const rows = await db.select({ status: tickets.status, n: count() }).from(tickets).groupBy(tickets.status);
  const of = (status: TicketStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    total_tickets: rows.reduce((sum, row) => sum + row.n, 0),
    open_tickets: of('OPEN'),
    in_progress_tickets: of('IN_PROGRESS'),
    completed_tickets: of('COMPLETED'),
    closed_tickets: of('CLOSED'),
  };
}
