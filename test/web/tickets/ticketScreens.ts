/** Tickets, comments and helpers the ticket screen suites share. */
import nock from 'nock';
import type { Role } from '@/common/statuses';
import { API_ORIGIN, expectSessionCheck, renderApp, signedInAs, users } from '../../helpers/renderWithProviders';

export { setupUser } from '../system/systemScreens';

export const api = () => nock(API_ORIGIN);

export function ticket(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: `${String(index).padStart(8, '0')}-aaaa-bbbb-cccc-ddddeeeeffff`,
    title: `Ticket ${index}`,
    description: `Description of ticket ${index}`,
    status: 'OPEN',
    created_at: '2026-03-04T14:05:00.000Z',
    updated_at: '2026-03-04T14:05:00.000Z',
    created_by_name: 'Alice Admin',
    created_by_role: 'ADMIN',
    company_name: 'Acme',
    ...extra,
  };
}

export function ticketPage(tickets: unknown[], { page = 1, total = tickets.length } = {}) {
  const totalPages = Math.ceil(total / 12);
  return {
    success: true,
    data: { tickets, pagination: { page, limit: 12, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages } },
  };
}

export function openAs(role: Role, path: string) {
  expectSessionCheck(users[role]);
  return renderApp(path, { preloadedState: signedInAs(role) });
}
