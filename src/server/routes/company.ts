import { PAGE_SIZES } from '@/common/limits';
import type { Body, OperationHandlers, Params, Query } from '../http/operations';
import { getCompany } from '../services/companies';
import { createCompanyStaff, deleteCompanyStaff, listCompanyStaff } from '../services/companyStaff';
import { pageRequest } from '../services/pagination';
import { authorOf, companyIdOf } from './requestScope';

const ADMIN = ['ADMIN'] as const;

/** The company admin's own company and its staff; the company always comes from the session. */
export const companyOperations: OperationHandlers = {
  getCurrentCompany: {
    access: ADMIN,
    handler: async (request) => ({ success: true, data: { company: await getCompany(request.server.ctx.db, companyIdOf(request)) } }),
  },

  listCompanyStaff: {
    access: ADMIN,
    handler: async (request) => {
      const query = request.query as Query<'listCompanyStaff'>;
      const data = await listCompanyStaff(request.server.ctx.db, companyIdOf(request), pageRequest(query, PAGE_SIZES.staff), query.search);
      return { success: true, data };
    },
  },

  createCompanyStaff: {
    access: ADMIN,
    handler: async (request, reply) => {
      const input = request.body as Body<'createCompanyStaff'>;
      const staff = await createCompanyStaff(request.server.ctx.db, companyIdOf(request), input, authorOf(request));
      reply.code(201);
      return { success: true, message: 'Staff member created successfully', data: { staff } };
    },
  },

  deleteCompanyStaff: {
    access: ADMIN,
    handler: async (request) => {
      const { id } = request.params as Params<'deleteCompanyStaff'>;
      const { name } = await deleteCompanyStaff(request.server.ctx.db, companyIdOf(request), id, authorOf(request));
      return { success: true, message: `${name} has been deleted successfully` };
    },
  },
};
