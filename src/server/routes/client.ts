import { PAGE_SIZES } from '@/common/limits';
import type { Body, OperationHandlers, Params, Query } from '../http/operations';
import { deleteClient } from '../services/clients/clientDeletion';
import { createClient, listClients, updateClient, visibleClient } from '../services/clients/clients';
import { pageRequest } from '../services/shared/pagination';
import { authorOf, clientViewerOf, companyIdOf } from './requestScope';

const ADMIN = ['ADMIN'] as const;
const COMPANY_USERS = ['ADMIN', 'STAFF'] as const;

/** The company's clients: admins manage them all; staff toggle the status of those assigned to them. */
export const clientOperations: OperationHandlers = {
  listClients: {
    access: ADMIN,
    handler: async (request) => {
      const query = request.query as Query<'listClients'>;
      const filters = { status: query.status, assignedStaffId: query.assigned_staff_id, search: query.search };
      const data = await listClients(request.server.ctx.db, clientViewerOf(request), pageRequest(query, PAGE_SIZES.clients), filters);
      return { success: true, data };
    },
  },

  getClient: {
    access: ADMIN,
    handler: async (request) => {
      const { id } = request.params as Params<'getClient'>;
      return { success: true, data: { client: await visibleClient(request.server.ctx.db, clientViewerOf(request), id) } };
    },
  },

  createClient: {
    access: ADMIN,
    handler: async (request, reply) => {
      const input = request.body as Body<'createClient'>;
      const client = await createClient(request.server.ctx.db, clientViewerOf(request), input, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Client created successfully', data: { client } };
    },
  },

  updateClient: {
    access: COMPANY_USERS,
    handler: async (request) => {
      const { id } = request.params as Params<'updateClient'>;
      const changes = request.body as Body<'updateClient'>;
      const client = await updateClient(request.server.ctx, clientViewerOf(request), id, changes, authorOf(request));
      return { success: true, message: 'Client updated successfully', data: { client } };
    },
  },

  deleteClient: {
    access: ADMIN,
    handler: async (request) => {
      const { id } = request.params as Params<'deleteClient'>;
      await deleteClient(request.server.ctx, companyIdOf(request), id, authorOf(request), request.log);
      return { success: true, message: 'Client deleted successfully' };
    },
  },
};
