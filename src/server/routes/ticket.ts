import type { FastifyRequest } from 'fastify';
import { PAGE_SIZES } from '@/common/limits';
import { sessionUser } from '../auth/guards';
import type { Body, OperationHandlers, Params, Query } from '../http/operations';
import { pageRequest } from '../services/shared/pagination';
import {
  addTicketComment,
  createTicket,
  deleteTicket,
  getTicket,
  listTickets,
  ticketStatistics,
  updateTicketStatus,
} from '../services/tickets/tickets';
import { authorOf } from './requestScope';

const ANYONE = ['SYSTEM', 'ADMIN', 'STAFF'] as const;
const COMPANY_USERS = ['ADMIN', 'STAFF'] as const;
const SYSTEM = ['SYSTEM'] as const;

/** Own tickets for staff, the company's tickets for admins, every ticket for operators: the scope comes from the session. */
async function listTicketsHandler(request: FastifyRequest) {
  const query = request.query as Query<'listAllTickets'>;
  const data = await listTickets(request.server.ctx.db, sessionUser(request), pageRequest(query, PAGE_SIZES.tickets), query.status);
  return { success: true, data };
}

/**
 * Support tickets: staff raise and follow their own, admins their company's; operators see, answer,
 * settle and delete all.
 */
export const ticketOperations: OperationHandlers = {
  listMyTickets: { access: COMPANY_USERS, handler: listTicketsHandler },
  listAllTickets: { access: SYSTEM, handler: listTicketsHandler },

  getTicketStatistics: {
    access: SYSTEM,
    handler: async (request) => ({ success: true, data: { statistics: await ticketStatistics(request.server.ctx.db) } }),
  },

  createTicket: {
    access: COMPANY_USERS,
    handler: async (request, reply) => {
      const input = request.body as Body<'createTicket'>;
      const ticket = await createTicket(request.server.ctx.db, sessionUser(request), input, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Ticket created successfully', data: { ticket } };
    },
  },

  getTicket: {
    access: ANYONE,
    handler: async (request) => {
      const { id } = request.params as Params<'getTicket'>;
      return { success: true, data: await getTicket(request.server.ctx.db, sessionUser(request), id) };
    },
  },

  addTicketComment: {
    access: ANYONE,
    handler: async (request, reply) => {
      const { id } = request.params as Params<'addTicketComment'>;
      const { comment } = request.body as Body<'addTicketComment'>;
      const added = await addTicketComment(request.server.ctx.db, sessionUser(request), id, comment, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Comment added successfully', data: { comment: added } };
    },
  },

  updateTicketStatus: {
    access: SYSTEM,
    handler: async (request) => {
      const { id } = request.params as Params<'updateTicketStatus'>;
      const { status } = request.body as Body<'updateTicketStatus'>;
      const ticket = await updateTicketStatus(request.server.ctx.db, sessionUser(request), id, status, authorOf(request));
      return { success: true, message: 'Ticket status updated successfully', data: { ticket } };
    },
  },

  deleteTicket: {
    access: SYSTEM,
    handler: async (request) => {
      const { id } = request.params as Params<'deleteTicket'>;
      await deleteTicket(request.server.ctx.db, id, authorOf(request));
      return { success: true, message: 'Ticket deleted successfully' };
    },
  },
};
