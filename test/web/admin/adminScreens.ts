/** Answers of the company admin's API and helpers the admin screen suites share. */
import { screen, within } from '@testing-library/react';
import nock from 'nock';
import { setupStore } from '@/web/app/store';
import { API_ORIGIN, expectSessionCheck, renderApp, signedInAs, users } from '../../helpers/renderWithProviders';
import { fakeSockets } from '../realtime/fakeSocket';

export { chooseOption, findDialog, setupUser } from '../system/systemScreens';

export const api = () => nock(API_ORIGIN);

export const ADDED_AT = '2026-03-04T14:05:00.000Z';
/** How a list shows ADDED_AT (the hour depends on the machine's time zone). */
export const ADDED_AT_TEXT = /Mar 4, 2026, \d{1,2}:05 (AM|PM)/;

/** Ids in addresses and filters are UUIDs; staff member `index` has this one. */
export function staffId(index: number): string {
  return `11111111-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/** The UUID of client `index`. */
export function clientId(index: number): string {
  return `22222222-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

export function staffMember(index: number, extra: Record<string, unknown> = {}) {
  return { id: staffId(index), name: `Staff ${index}`, email: `staff${index}@acme.test`, created_at: ADDED_AT, ...extra };
}

export const staffMembers = (from: number, count: number) => Array.from({ length: count }, (_, index) => staffMember(from + index));

/** A page of `GET /company/staff` (the admin staff pagination shape). */
export function staffPage(staff: unknown[], { page = 1, limit = 10, total = staff.length } = {}) {
  const totalPages = Math.ceil(total / limit);
  return { success: true, data: { staff, pagination: { page, totalPages, totalCount: total, hasPrev: page > 1, hasNext: page < totalPages } } };
}

export function client(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: clientId(index),
    name: `Client ${index}`,
    status: 'ACTIVE',
    assigned_staff_id: staffId(1),
    assigned_staff_name: 'Staff 1',
    organization_name: 'Acme',
    created_at: ADDED_AT,
    ...extra,
  };
}

export const clients = (from: number, count: number) => Array.from({ length: count }, (_, index) => client(from + index));

/** A page of `GET /client`. */
export function clientPage(items: unknown[], { page = 1, limit = 10, total = items.length } = {}) {
  const totalPages = Math.ceil(total / limit);
  return {
    success: true,
    data: { clients: items, pagination: { page, limit, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages } },
  };
}

/**
 * Opens a screen of the admin area as a signed-in company admin. A screen that wants live updates
 * gets a socket that never connects: these suites play no server.
 */
export function openAdminScreen(path: string) {
  expectSessionCheck(users.ADMIN);
  return renderApp(path, { store: setupStore(signedInAs('ADMIN'), { openSocket: fakeSockets().open }) });
}

/** The texts of the first `columns` cells of each body row of the table. */
export function rowTexts(columns: number) {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, columns).map((cell) => cell.textContent));
}
